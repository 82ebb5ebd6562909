import type { ValidationError } from '@admin-portal/contract/common';
import { MESSAGES } from '@admin-portal/contract/messages';
import type { TokenStore } from '../storage/token-storage.ts';
import type { ApiFailure, ApiResult } from './api-result.ts';

/** Status reported when a request got no HTTP answer at all (spec §8: default status on network failure). */
export const NETWORK_FAILURE_STATUS = 500;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as-is for FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the client's timeout; null means none (spec §9: tool generation has no timeout). */
  timeoutMs?: number | null;
  /** Message used when a failure has no `detail` (default MESSAGES.defaultError). */
  fallbackMessage?: string;
  /** For the auth calls themselves: a 401 is an answer, not an expired session. */
  skipAuthRefresh?: boolean;
}

export interface ApiClientOptions {
  baseUrl: string;
  tokens: TokenStore;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Called once each time the session ends because the refresh token was refused. Tokens are already cleared. */
  onSessionExpired?: () => void;
  /** Serializes refreshes across tabs; by default refreshes only de-duplicate within this page. */
  withRefreshLock?: <T>(run: () => Promise<T>) => Promise<T>;
  /** The organization to act in, sent as X-Organization-Id on every call when set (a super admin's choice). */
  organizationId?: () => string | null;
}

export const ORGANIZATION_HEADER = 'X-Organization-Id';

interface RefreshResponse {
  access_token: string;
  refresh_token?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validationErrorsOf(body: unknown): ValidationError[] {
  if (!isRecord(body) || !Array.isArray(body.validation_errors)) return [];
  return body.validation_errors.filter((e): e is ValidationError => isRecord(e) && typeof e.field === 'string' && typeof e.message === 'string');
}

function failure(status: number, body: unknown, fallbackMessage: string | undefined): ApiFailure {
  const detail = isRecord(body) && typeof body.detail === 'string' && body.detail.trim() ? body.detail : undefined;
  return {
    success: false,
    status,
    data: body,
    message: detail ?? fallbackMessage ?? MESSAGES.defaultError,
    validation_errors: validationErrorsOf(body),
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  let url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += `${url.includes('?') ? '&' : '?'}${qs}`;
  }
  return url;
}

/**
 * The HTTP client of spec §7: base URL, bearer token, JSON, timeout, results wrapped as {success, status, data}.
 * A 401 triggers one token refresh shared by every request that hit it (the server rotates refresh tokens and
 * treats a reused one as theft, so two parallel refreshes would end the session), then one retry.
 */
export function createApiClient(options: ApiClientOptions) {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const withLock = options.withRefreshLock ?? (<T>(run: () => Promise<T>) => run());
  let refreshInFlight: Promise<boolean> | null = null;

  async function send<T>(path: string, opts: RequestOptions, accessToken: string | null): Promise<ApiResult<T>> {
    const timeoutMs = opts.timeoutMs === undefined ? options.timeoutMs : opts.timeoutMs;
    const timeout = new AbortController();
    const timer = timeoutMs ? setTimeout(() => timeout.abort(), timeoutMs) : undefined;
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;

    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) {
      body = opts.body;
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    const organizationId = options.organizationId?.();
    if (organizationId && !(ORGANIZATION_HEADER in headers)) headers[ORGANIZATION_HEADER] = organizationId;

    try {
      const response = await fetchImpl(buildUrl(options.baseUrl, path, opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body,
        signal,
      });
      const data = await readBody(response);
      if (response.ok) return { success: true, status: response.status, data: data as T };
      return failure(response.status, data, opts.fallbackMessage);
    } catch (err) {
      // A caller that cancels (e.g. TanStack Query on unmount) gets the abort back; everything else is a network failure.
      if (opts.signal?.aborted) throw err;
      return failure(NETWORK_FAILURE_STATUS, null, opts.fallbackMessage);
    } finally {
      clearTimeout(timer);
    }
  }

  async function runRefresh(rejectedToken: string | null): Promise<boolean> {
    // Another tab (or an earlier refresh here) already replaced the rejected token: use the new one.
    const current = options.tokens.getAccessToken();
    if (current && current !== rejectedToken) return true;
    const refreshToken = options.tokens.getRefreshToken();
    if (refreshToken) {
      const result = await send<RefreshResponse>('/auth/refresh', { method: 'POST', body: { refresh_token: refreshToken }, skipAuthRefresh: true }, null);
      if (result.success && typeof result.data?.access_token === 'string') {
        options.tokens.setTokens(result.data.access_token, result.data.refresh_token ?? refreshToken);
        return true;
      }
    }
    options.tokens.clearTokens();
    options.onSessionExpired?.();
    return false;
  }

  /** One refresh at a time; requests that fail while it runs wait for it instead of starting their own. */
  function refreshOnce(rejectedToken: string | null): Promise<boolean> {
    const current = options.tokens.getAccessToken();
    if (current && current !== rejectedToken) return Promise.resolve(true);
    refreshInFlight ??= withLock(() => runRefresh(rejectedToken)).finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    const token = options.tokens.getAccessToken();
    const result = await send<T>(path, opts, token);
    if (result.success || result.status !== 401 || opts.skipAuthRefresh) return result;
    if (!token && !options.tokens.getRefreshToken()) return result; // never signed in: nothing to refresh
    if (!(await refreshOnce(token))) return result;
    return send<T>(path, opts, options.tokens.getAccessToken());
  }

  /**
   * A raw fetch with the session's headers (bearer token, organization), refreshing the token once on a 401: for
   * responses the JSON client does not read, such as a server-sent event stream.
   */
  async function authorizedFetch(input: string, init: RequestInit = {}): Promise<Response> {
    const attempt = (token: string | null) => {
      const headers = new Headers(init.headers);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const organizationId = options.organizationId?.();
      if (organizationId && !headers.has(ORGANIZATION_HEADER)) headers.set(ORGANIZATION_HEADER, organizationId);
      return fetchImpl(input, { ...init, headers });
    };
    const token = options.tokens.getAccessToken();
    const response = await attempt(token);
    if (response.status !== 401 || (!token && !options.tokens.getRefreshToken())) return response;
    if (!(await refreshOnce(token))) return response;
    return attempt(options.tokens.getAccessToken());
  }

  /**
   * The session's headers (bearer token, organization) for a request the client cannot make itself, such as an
   * upload through XMLHttpRequest (fetch cannot report upload progress). Checks the session first, so an expired
   * access token is refreshed before a long upload starts.
   */
  async function sessionHeaders(): Promise<Record<string, string>> {
    await request('/auth/verify');
    const headers: Record<string, string> = {};
    const token = options.tokens.getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const organizationId = options.organizationId?.();
    if (organizationId) headers[ORGANIZATION_HEADER] = organizationId;
    return headers;
  }

  /**
   * Whether the session goes on, asked when a long-lived answer (an event stream) says its token expired or its
   * session ended: 'active' (the access token refreshed if it had expired), 'ended' (refused: the client has signed
   * out, as for any 401), or 'unreachable' (no answer: ask again later).
   */
  async function checkSession(): Promise<'active' | 'ended' | 'unreachable'> {
    const result = await request('/auth/verify');
    if (result.success) return 'active';
    return result.status === 401 ? 'ended' : 'unreachable';
  }

  type Opts = Omit<RequestOptions, 'method' | 'body'>;
  return {
    request,
    authorizedFetch,
    sessionHeaders,
    checkSession,
    get: <T>(path: string, opts?: Opts) => request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'PUT', body }),
    patch: <T>(path: string, body?: unknown, opts?: Opts) => request<T>(path, { ...opts, method: 'PATCH', body }),
    delete: <T>(path: string, opts?: Opts) => request<T>(path, { ...opts, method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
