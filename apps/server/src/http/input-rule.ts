import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ValidationError } from '@admin-portal/contract/common';
import { findInputProblems, INPUT_LIMITS, INPUT_MESSAGES } from '@admin-portal/contract/input-rules';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { fieldProblems } from './errors.ts';
import { strictInput } from './strict-input.ts';

/** A route that declares no query parameters takes none. */
const NO_QUERY = z.strictObject({});

/** Operations of the API document: the rule covers them; hidden routes (the MCP endpoint, the docs UI) speak their own protocols. */
function isApiOperation(route: RouteOptions): boolean {
  const schema = route.schema as { hide?: boolean } | undefined;
  return route.url.startsWith('/api/') && !schema?.hide;
}

/** Whether the request carried a payload (a JSON `null` is one; no body at all is not). */
function hasPayload(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

const fieldOf = (part: string, path: (string | number)[]) => (path.length > 0 ? path.join('.') : part);

/**
 * The input rule (ADR 0019), in one place at the edge, for every operation:
 * - bodies and query strings are strict: an unknown field or query parameter is refused (400), and the OpenAPI
 *   document says `additionalProperties: false`; open JSON is an explicit `openJsonObject` in the contract;
 * - text must be well-formed Unicode without NUL, and nothing may nest deeper than INPUT_LIMITS.jsonDepth (400),
 *   checked before any schema or handler sees the request;
 * - an operation without a body takes none (400), and a JSON `null` is not "no body".
 * Length, size and range limits are the contract's schemas' own (a test checks every operation has them).
 */
export function registerInputRule(app: FastifyInstance): void {
  // Fastify hands a body validator `null` when no body came; an optional body means "may be left out".
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return route.httpPart === 'body' ? (data: unknown) => validate(data === null ? undefined : data) : validate;
  });

  app.addHook('onRoute', (route) => {
    if (!isApiOperation(route)) return;
    const schema = (route.schema ??= {}) as { body?: z.ZodType; querystring?: z.ZodType };
    if (schema.body) schema.body = strictInput(schema.body);
    schema.querystring = schema.querystring ? strictInput(schema.querystring) : NO_QUERY;
  });

  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ];
    const problems: ValidationError[] = [];
    for (const [part, value] of parts) {
      for (const problem of findInputProblems(value, INPUT_LIMITS.jsonDepth, INPUT_LIMITS.reportedProblems - problems.length)) {
        problems.push({ field: fieldOf(part, problem.path), message: problem.message });
      }
    }
    if (problems.length > 0) throw fieldProblems(400, INPUT_MESSAGES.malformedRequest, problems);

    if (!request.url.startsWith('/api/') || request.routeOptions.schema?.hide) return;
    const declaresBody = request.routeOptions.schema?.body !== undefined;
    if (!declaresBody) {
      const body = request.body;
      if (body === undefined || (body === null && !hasPayload(request))) return;
      const keys = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : null;
      if (keys?.length === 0) return;
      const errors = keys ? keys.map((key) => ({ field: key, message: INPUT_MESSAGES.unknownField })) : [{ field: 'body', message: INPUT_MESSAGES.noBody }];
      throw fieldProblems(400, INPUT_MESSAGES.malformedRequest, errors.slice(0, INPUT_LIMITS.reportedProblems));
    }
    if (request.body === null && hasPayload(request)) {
      throw fieldProblems(422, SERVER_MESSAGES.validationFailed, [{ field: 'body', message: 'Expected object, received null' }]);
    }
  });
}
