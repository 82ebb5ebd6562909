import type { EndpointsByRoute, Route } from '@admin-portal/contract/api/catalogue';
import type { EndpointInput, EndpointOutput } from '@admin-portal/contract/api/endpoint';
import type { QueryValue, RequestOptions } from './api-client.ts';
import type { ApiResult } from './api-result.ts';

/** What a call may say besides the endpoint's own input: a signal, headers, a timeout, the fallback message. */
export type CallOptions = Omit<RequestOptions, 'method' | 'body' | 'query'>;
export type CallInput<R extends Route> = EndpointInput<EndpointsByRoute[R]> & CallOptions;
/** What the endpoint answers on success, as the contract's schema gives it. */
export type CallOutput<R extends Route> = EndpointOutput<EndpointsByRoute[R]>;
/** The input may be left out when nothing in it is required. */
type CallArgs<R extends Route> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

const API_PREFIX = '/api';

/** The request a route key and its path parameters make: `GET /api/admin/tools/:id` + {id} → GET /admin/tools/<id>. */
export function requestOf(route: Route, params: Record<string, unknown> = {}): { method: NonNullable<RequestOptions['method']>; path: string } {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as NonNullable<RequestOptions['method']>;
  const fullPath = route.slice(space + 1).replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${route}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  return { method, path: fullPath.startsWith(API_PREFIX) ? fullPath.slice(API_PREFIX.length) : fullPath };
}

/**
 * The web app's one way to call an endpoint of the catalogue (issue 38): named by its route key, typed by the
 * contract (input and answer), resolving to the client's result (spec §7: never throws for HTTP failures).
 *
 *   const result = await call('GET /api/admin/tools/:id', { params: { id } });
 */
export function endpointCaller(request: <T>(path: string, opts?: RequestOptions) => Promise<ApiResult<T>>) {
  return function call<R extends Route>(route: R, ...[input]: CallArgs<R>): Promise<ApiResult<CallOutput<R>>> {
    const { params, query, body, ...options } = (input ?? {}) as CallOptions & { params?: Record<string, unknown>; query?: unknown; body?: unknown };
    const { method, path } = requestOf(route, params);
    return request<CallOutput<R>>(path, {
      ...options,
      method,
      ...(query === undefined ? {} : { query: query as Record<string, QueryValue> }),
      ...(body === undefined ? {} : { body }),
    });
  };
}
