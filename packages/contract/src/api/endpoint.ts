import type { z } from 'zod';
import type { AccessRule } from './access.ts';
import type { ApiTag } from './tags.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer that is not JSON (a CSV file, an event stream, Prometheus text): its media type and what it is. */
export interface MediaResponse {
  readonly description: string;
  readonly content: Readonly<Record<string, { readonly schema: z.ZodType }>>;
}

export type EndpointResponse = z.ZodType | MediaResponse;

/**
 * One endpoint of the API, declared once (issue 38): the server registers its route from it and enforces its
 * access rule, the OpenAPI document is made from it, and the web app's `call` takes its types from it.
 */
export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** Fastify's path syntax (`/api/admin/tools/:id`); the OpenAPI document writes `{id}`. */
  readonly path: `/api/${string}` | '/api';
  /** Stable and unique, camelCase, verb first (`listTools`): generated clients name their functions after it. */
  readonly operationId: string;
  readonly tags: readonly [ApiTag, ...ApiTag[]];
  /** One line: what the endpoint does. */
  readonly summary: string;
  /** More, when there is more to say: rules, limits, what changes. */
  readonly description?: string;
  /** Who may call it (the policy table is made of these). */
  readonly access: AccessRule;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  /** The media types the body may come in, when not only JSON. */
  readonly consumes?: readonly string[];
  /**
   * The parts of a multipart/form-data body, for the document (the route reads the parts itself, as they stream):
   * text parts as strings, file parts as `filePart()` (form-parts.ts).
   */
  readonly form?: z.ZodType;
  /** The endpoint's own authentication (an API key, a case link), instead of the staff bearer token. */
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
  /**
   * Error answers of this endpoint's own, by status: one that says more than `detail` and `validation_errors` (a
   * graph's `problems`), or a status others never answer (503 while the database is unreachable). Every endpoint
   * can also answer the errors of the server's http/responses.ts.
   */
  readonly errors?: Readonly<Partial<Record<400 | 409 | 422 | 503, z.ZodType>>>;
  /** Success answers by status. */
  readonly responses: Readonly<Partial<Record<200 | 201 | 202 | 204 | 302, EndpointResponse>>>;
  /** Left out of the OpenAPI document (the document itself). */
  readonly hidden?: boolean;
}

/**
 * Declares a domain's endpoints, keyed by operationId, keeping their literal types (method, path, schemas) for the
 * server's and the web's typing.
 */
export function defineEndpoints<const T extends Record<string, Omit<EndpointDefinition, 'operationId'>>>(
  endpoints: T,
): { readonly [K in keyof T & string]: T[K] & { readonly operationId: K } } {
  return Object.fromEntries(Object.entries(endpoints).map(([operationId, e]) => [operationId, { ...e, operationId }])) as never;
}

/** `GET /api/admin/tools/:id`: the key of the policy table, the route's name in logs and the web's `call`. */
export type RouteKey<E extends EndpointDefinition> = `${E['method']} ${E['path']}`;

export const routeKey = (e: Pick<EndpointDefinition, 'method' | 'path'>) => `${e.method} ${e.path}`;

/** A JSON answer's type; a media answer that can also be JSON (the assistant's, streamed on request) is read as JSON, any other as text. */
type Output<S> = S extends z.ZodType
  ? z.output<S>
  : S extends MediaResponse
    ? S['content'] extends { 'application/json': { schema: infer J extends z.ZodType } }
      ? z.output<J>
      : string
    : never;
type OptionalIfEmpty<K extends string, S> = [S] extends [z.ZodType]
  ? undefined extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : Record<never, never> extends z.input<S>
      ? { [P in K]?: z.input<S> }
      : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a caller sends: path parameters, query and body, each required when the endpoint requires it. */
export type EndpointInput<E extends EndpointDefinition> = OptionalIfEmpty<'params', E['params']> & OptionalIfEmpty<'query', E['query']> & BodyInput<E>;

/** The body: its JSON, or, for an endpoint that takes multipart/form-data, a FormData of its parts. */
type BodyInput<E extends EndpointDefinition> = [E['form']] extends [z.ZodType]
  ? { body: FormData | ([E['body']] extends [z.ZodType] ? z.input<E['body']> : never) }
  : OptionalIfEmpty<'body', E['body']>;

type SuccessStatus = 200 | 201 | 202 | 204;
/** What a caller gets back on success (the union of the success answers; nothing for 204). */
export type EndpointOutput<E extends EndpointDefinition> = {
  [S in SuccessStatus & keyof E['responses']]: S extends 204 ? undefined : Output<E['responses'][S]>;
}[SuccessStatus & keyof E['responses']];
