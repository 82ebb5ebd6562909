import { z } from 'zod';
import { ENDPOINTS } from '@admin-portal/contract/api/catalogue';
import { namedSchemas } from '@admin-portal/contract/api/schema-names';

type Registry = ReturnType<typeof z.registry<{ id?: string }>>;

/** A WeakMap that answers from another when it has no entry: our names on top of the schemas' own metadata. */
class WeakMapWithFallback<K extends object, V> extends WeakMap<K, V> {
  readonly #fallback: WeakMap<K, V>;
  constructor(fallback: WeakMap<K, V>) {
    super();
    this.#fallback = fallback;
  }
  override get(key: K): V | undefined {
    return super.get(key) ?? this.#fallback.get(key);
  }
  override has(key: K): boolean {
    return super.has(key) || this.#fallback.has(key);
  }
}

/**
 * The registry the OpenAPI document is made with (issue 38): the contract's exported object schemas by name
 * (contract/api/schema-names.ts), so what an endpoint takes or answers is a `$ref` to `components.schemas`, and for
 * everything else the metadata the schemas carry in zod's global registry (descriptions, patterns, examples).
 *
 * Left unnamed: what an endpoint reads from the path, query or headers (Fastify's OpenAPI plugin turns those into
 * parameters only from an inline object), and schemas that are not objects (an id, an enum: clearer inline).
 * zod's own `z.toJSONSchema` calls (step and tool config schemas, the assistant's facts) keep the global registry,
 * so they do not change. fastify-type-provider-zod reads a registry's `_map` and `_idmap` itself; so does this.
 */
export function openApiRegistry(): Registry {
  const registry = z.registry<{ id?: string }>();
  const internals = registry as unknown as { _map: WeakMap<object, unknown> };
  const global = z.globalRegistry as unknown as { _map: WeakMap<object, unknown> };
  internals._map = new WeakMapWithFallback(global._map);

  const parameters = new Set<unknown>(ENDPOINTS.flatMap((e) => [e.params, e.query, e.headers]).filter(Boolean));
  for (const [schema, id] of namedSchemas()) {
    if (parameters.has(schema) || /(?:Query|Params|Headers)$/.test(id) || schema._zod.def.type !== 'object') continue;
    registry.add(schema, { ...(z.globalRegistry.get(schema) ?? {}), id });
  }
  return registry;
}

type Json = unknown;

/** The `$ref`s a part of the document makes, by component name. */
function refsIn(value: Json, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')) into.add(child.slice('#/components/schemas/'.length));
      else refsIn(child, into);
    }
  }
  return into;
}

/**
 * Keeps only the components some operation reaches: every named schema is generated twice (as read, `X`, and as
 * written, `XInput`), and most are used one way only.
 */
export function withoutUnusedSchemas<D extends { paths?: Json; components?: { schemas?: Record<string, Json> } }>(document: D): D {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  const reached = refsIn(document.paths, new Set());
  const queue = [...reached];
  while (queue.length) {
    for (const ref of refsIn(schemas[queue.pop()!], new Set())) {
      if (!reached.has(ref)) {
        reached.add(ref);
        queue.push(ref);
      }
    }
  }
  const kept = Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => reached.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return { ...document, components: { ...document.components, schemas: kept } };
}

/** What each answer means, for every operation (Fastify's plugin says "Default Response"). */
const STATUS_TEXT: Readonly<Record<string, string>> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No content',
  '302': 'A redirect: the Location header says where',
};

/** The error answers every operation can give, shared as `components.responses`. */
const ERROR_ANSWERS: Readonly<Record<string, { name: string; description: string }>> = {
  '400': {
    name: 'BadRequest',
    description:
      'Malformed: not JSON, a field or query parameter the operation does not have, text (anywhere: a value, a key, a parameter) that is not well-formed Unicode or holds NUL (U+0000), or nesting deeper than 32 levels; nothing changed',
  },
  '401': { name: 'Unauthorized', description: 'Not signed in, or the token expired or its session ended' },
  '403': { name: 'Forbidden', description: 'Signed in, but not allowed' },
  '404': { name: 'NotFound', description: 'Not found (also for what belongs to another organization)' },
  '409': { name: 'Conflict', description: 'Conflicts with the current state (an e-mail already in use, a version already active); nothing changed' },
  '413': { name: 'PayloadTooLarge', description: "The body is too large: over 1 MiB, or over the operation's `x-body-limit`" },
  '415': { name: 'UnsupportedMediaType', description: 'The body is not JSON (or, where the operation takes it, multipart/form-data)' },
  '422': {
    name: 'UnprocessableContent',
    description: 'A field breaks a rule (missing, of the wrong type, too long, out of range): `detail` and `validation_errors` say which; nothing changed',
  },
  '429': { name: 'TooManyRequests', description: 'Too many requests: wait as the Retry-After header says' },
};

const ERROR_REF = '#/components/schemas/Error';

interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}

/**
 * Gives every answer a description and shares the error answers: an error answer that is the Error schema as JSON
 * becomes a `$ref` to `components.responses` (one description per status instead of one per operation).
 */
export function withSharedResponses<
  D extends { paths?: Record<string, Record<string, { responses?: Record<string, ResponseObject | { $ref: string }> }>>; components?: object },
>(document: D): D {
  const used = new Set<string>();
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if ('$ref' in response) continue;
        const shared = ERROR_ANSWERS[status];
        const content = response.content ?? {};
        if (shared && Object.keys(content).length === 1 && content['application/json']?.schema?.$ref === ERROR_REF) {
          operation.responses![status] = { $ref: `#/components/responses/${shared.name}` };
          used.add(status);
        } else if (!response.description || response.description === 'Default Response') {
          response.description = STATUS_TEXT[status] ?? shared?.description ?? 'Answer';
        }
      }
    }
  }
  const responses = Object.fromEntries(
    [...used].sort().map((status) => {
      const { name, description } = ERROR_ANSWERS[status]!;
      return [name, { description, content: { 'application/json': { schema: { $ref: ERROR_REF } } } }];
    }),
  );
  return { ...document, components: { ...document.components, responses } };
}
