import type { EndpointDefinition } from '@admin-portal/contract/api/endpoint';
import { ERROR_RESPONSES } from './responses.ts';

type Defined<T> = Exclude<T, undefined>;
/** The error answers: every route's, with the endpoint's own error bodies in their place. */
type ErrorsOf<E extends EndpointDefinition> = E['errors'] extends object
  ? Omit<typeof ERROR_RESPONSES, keyof E['errors']> & E['errors']
  : typeof ERROR_RESPONSES;

/**
 * The route options an endpoint of the catalogue declares (issue 38): method, path and the schema Fastify validates
 * and documents (operationId, tags, summary, params, query, body, headers, the success answers and every error
 * answer, the endpoint's own error bodies in place of the plain one). A module spreads it and adds its handler:
 *
 *   r.route({ ...routeOf(TOOL_ENDPOINTS.getTool), handler: (request) => tools.getTool(...) });
 *
 * Its access rule is not here: the policy table (http/policy.ts) is made from the catalogue.
 */
export function routeOf<const E extends EndpointDefinition>(e: E) {
  const schema = {
    operationId: e.operationId,
    tags: e.tags as unknown as string[],
    summary: e.summary,
    ...(e.description === undefined ? {} : { description: e.description }),
    ...(e.consumes === undefined ? {} : { consumes: e.consumes as string[] }),
    ...(e.security === undefined ? {} : { security: e.security as Record<string, string[]>[] }),
    ...(e.hidden ? { hide: true } : {}),
    params: e.params as Defined<E['params']>,
    querystring: e.query as Defined<E['query']>,
    body: e.body as Defined<E['body']>,
    headers: e.headers as Defined<E['headers']>,
    response: { ...e.responses, ...ERROR_RESPONSES, ...e.errors } as unknown as E['responses'] & ErrorsOf<E>,
  };
  // Fastify and the OpenAPI transform look for each part's presence: leave out what the endpoint does not have.
  for (const key of ['params', 'querystring', 'body', 'headers'] as const) if (schema[key] === undefined) delete schema[key];
  return { method: e.method, url: e.path, schema };
}
