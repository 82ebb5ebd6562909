import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@admin-portal/contract/messages';
import type { TokenStore } from '../storage/token-storage.ts';
import { createApiClient, NETWORK_FAILURE_STATUS, type ApiClientOptions } from './api-client.ts';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function memoryTokens(
  access: string | null = 'access-1',
  refresh: string | null = 'refresh-1',
): TokenStore & { access: string | null; refresh: string | null } {
  const t = {
    access,
    refresh,
    getAccessToken: () => t.access,
    getRefreshToken: () => t.refresh,
    setTokens(a: string, r: string) {
      t.access = a;
      t.refresh = r;
    },
    clearTokens() {
      t.access = null;
      t.refresh = null;
    },
  };
  return t;
}

/**
 * A fake server: protected calls accept only the current access token; /auth/refresh rotates the pair and,
 * like the real server, treats a reused refresh token as theft.
 */
function fakeServer(opts: { validAccess?: string; validRefresh?: string; refreshDelayMs?: number } = {}) {
  let validAccess = opts.validAccess ?? 'access-1';
  let validRefresh: string | null = opts.validRefresh ?? 'refresh-1';
  let generation = 1;
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', headers, body });
    if (url === '/api/auth/refresh') {
      if (opts.refreshDelayMs) await new Promise((r) => setTimeout(r, opts.refreshDelayMs));
      const given = (body as { refresh_token: string }).refresh_token;
      if (given !== validRefresh) {
        validRefresh = null; // reuse revokes the session
        return json(401, { detail: 'Invalid or expired refresh token' });
      }
      generation += 1;
      validAccess = `access-${generation}`;
      validRefresh = `refresh-${generation}`;
      return json(200, { access_token: validAccess, refresh_token: validRefresh, token_type: 'bearer', expires_in: 900 });
    }
    if (headers.Authorization !== `Bearer ${validAccess}`) return json(401, { detail: 'Token expired or invalid' });
    return json(200, { ok: true, url });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    refreshCalls: () => calls.filter((c) => c.url === '/api/auth/refresh').length,
    expireAccess: () => {
      validAccess = 'nobody-has-this';
    },
  };
}

function client(tokens: TokenStore, fetch: typeof globalThis.fetch, extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl: '/api', tokens, timeoutMs: 30_000, fetch, ...extra });
}

describe('api client: requests and results', () => {
  it('wraps a success as {success, status, data} and sends the bearer token and JSON', async () => {
    const fetch = vi.fn(async () => json(201, { id: 'x' }));
    const api = client(memoryTokens('tok'), fetch as unknown as typeof globalThis.fetch);
    const result = await api.post('/things', { name: 'a' }, { query: { limit: 5, q: undefined } });
    expect(result).toEqual({ success: true, status: 201, data: { id: 'x' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things?limit=5');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"a"}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('carries the server detail and validation_errors on failure', async () => {
    const body = { detail: 'Validation failed', validation_errors: [{ field: 'email', message: 'Email is required' }] };
    const api = client(memoryTokens(), (async () => json(422, body)) as typeof globalThis.fetch);
    const result = await api.post('/auth/register', {});
    expect(result).toEqual({
      success: false,
      status: 422,
      data: body,
      message: 'Validation failed',
      validation_errors: [{ field: 'email', message: 'Email is required' }],
    });
  });

  it('falls back to the default error message, or the caller’s, when there is no detail', async () => {
    const api = client(memoryTokens(), (async () => new Response('oops', { status: 502 })) as typeof globalThis.fetch);
    const plain = await api.get('/x');
    expect(plain).toMatchObject({ success: false, status: 502, message: MESSAGES.defaultError, validation_errors: [] });
    const login = await api.post('/auth/login', {}, { fallbackMessage: MESSAGES.loginFailed });
    expect(login).toMatchObject({ success: false, message: MESSAGES.loginFailed });
  });

  it('reports a network failure as status 500 with the default message', async () => {
    const api = client(memoryTokens(), (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch);
    const result = await api.get('/x');
    expect(result).toMatchObject({ success: false, status: NETWORK_FAILURE_STATUS, message: MESSAGES.defaultError, data: null });
  });

  it('gives up after the timeout and reports it as a network failure', async () => {
    const hanging = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof globalThis.fetch;
    const api = createApiClient({ baseUrl: '/api', tokens: memoryTokens(), timeoutMs: 20, fetch: hanging });
    const result = await api.get('/slow');
    expect(result).toMatchObject({ success: false, status: NETWORK_FAILURE_STATUS });
  });

  it('rethrows when the caller itself cancels the request', async () => {
    const hanging = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof globalThis.fetch;
    const api = client(memoryTokens(), hanging);
    const controller = new AbortController();
    const pending = api.get('/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it('sends the chosen organization as X-Organization-Id on every call, and nothing when none is chosen', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    let organization: string | null = null;
    const api = client(memoryTokens('tok'), fetch as unknown as typeof globalThis.fetch, { organizationId: () => organization });
    await api.get('/admin/users');
    organization = 'org-b';
    await api.get('/admin/users');
    await api.post('/admin/users', { email: 'a@b.co' });
    const sent = fetch.mock.calls.map((call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)['X-Organization-Id']);
    expect(sent).toEqual([undefined, 'org-b', 'org-b']);
  });

  it('returns null data for an empty 204 answer', async () => {
    const api = client(memoryTokens(), (async () => new Response(null, { status: 204 })) as typeof globalThis.fetch);
    expect(await api.delete('/x')).toEqual({ success: true, status: 204, data: null });
  });
});

describe('api client: 401 → refresh once → retry', () => {
  it('refreshes an expired access token and retries the request once with the new token', async () => {
    const server = fakeServer();
    const tokens = memoryTokens('stale-access', 'refresh-1');
    const onSessionExpired = vi.fn();
    const result = await client(tokens, server.fetch, { onSessionExpired }).get('/admin/things');
    expect(result).toMatchObject({ success: true, status: 200 });
    expect(server.refreshCalls()).toBe(1);
    expect(tokens.access).toBe('access-2');
    expect(tokens.refresh).toBe('refresh-2');
    expect(server.calls.map((c) => c.url)).toEqual(['/api/admin/things', '/api/auth/refresh', '/api/admin/things']);
    expect(server.calls[2]!.headers.Authorization).toBe('Bearer access-2');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s (the server would revoke a reused refresh token)', async () => {
    const server = fakeServer({ refreshDelayMs: 10 });
    const tokens = memoryTokens('stale-access', 'refresh-1');
    const onSessionExpired = vi.fn();
    const api = client(tokens, server.fetch, { onSessionExpired });
    const results = await Promise.all([api.get('/a'), api.get('/b'), api.get('/c'), api.post('/d', {})]);
    expect(results.every((r) => r.success)).toBe(true);
    expect(server.refreshCalls()).toBe(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(tokens.access).toBe('access-2');
  });

  it('retries without refreshing when another request already replaced the rejected token', async () => {
    const server = fakeServer({ validAccess: 'access-2', validRefresh: 'refresh-2' });
    const tokens = memoryTokens('access-1', 'refresh-1');
    let first = true;
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (first) {
        // While this request (sent with access-1) was in flight, another one refreshed the pair.
        first = false;
        tokens.setTokens('access-2', 'refresh-2');
        return json(401, { detail: 'Token expired or invalid' });
      }
      return server.fetch(input, init);
    }) as typeof globalThis.fetch;
    const result = await client(tokens, fetch).get('/late');
    expect(result.success).toBe(true);
    expect(server.refreshCalls()).toBe(0);
    expect(server.calls[0]!.headers.Authorization).toBe('Bearer access-2');
  });

  it('clears the tokens and ends the session once when the refresh is refused', async () => {
    const server = fakeServer({ validRefresh: 'something-else' });
    const tokens = memoryTokens('stale-access', 'revoked-refresh');
    const onSessionExpired = vi.fn();
    const api = client(tokens, server.fetch, { onSessionExpired });
    const results = await Promise.all([api.get('/a'), api.get('/b')]);
    expect(results.map((r) => r.status)).toEqual([401, 401]);
    expect(results[0]).toMatchObject({ success: false, message: 'Token expired or invalid' });
    expect(server.refreshCalls()).toBe(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(tokens.access).toBeNull();
    expect(tokens.refresh).toBeNull();
    // No retry of the original requests after a failed refresh.
    expect(server.calls.filter((c) => c.url === '/api/a')).toHaveLength(1);
  });

  it('checks the session for a stream: active after refreshing an expired token, ended (signed out) when the refresh is refused', async () => {
    const server = fakeServer();
    const tokens = memoryTokens('stale-access', 'refresh-1');
    const onSessionExpired = vi.fn();
    const api = client(tokens, server.fetch, { onSessionExpired });
    expect(await api.checkSession()).toBe('active');
    expect(tokens.access).toBe('access-2');
    expect(server.calls.at(-1)).toMatchObject({ url: '/api/auth/verify', headers: { Authorization: 'Bearer access-2' } });

    const revoked = fakeServer({ validRefresh: 'something-else' });
    const ended = client(memoryTokens('stale-access', 'revoked-refresh'), revoked.fetch, { onSessionExpired });
    expect(await ended.checkSession()).toBe('ended');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);

    const offline = client(memoryTokens(), (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof globalThis.fetch);
    expect(await offline.checkSession()).toBe('unreachable');
  });

  it('ends the session when the refresh itself cannot reach the server', async () => {
    let first = true;
    const fetch = (async (input: RequestInfo | URL) => {
      if (String(input) === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      if (first) {
        first = false;
        return json(401, { detail: 'Token expired or invalid' });
      }
      return json(200, {});
    }) as typeof globalThis.fetch;
    const tokens = memoryTokens();
    const onSessionExpired = vi.fn();
    const result = await client(tokens, fetch, { onSessionExpired }).get('/x');
    expect(result).toMatchObject({ success: false, status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(tokens.access).toBeNull();
  });

  it('retries only once: a second 401 after a successful refresh is returned as is', async () => {
    const server = fakeServer();
    const tokens = memoryTokens('stale-access', 'refresh-1');
    let protectedCalls = 0;
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/auth/refresh') return server.fetch(input, init);
      protectedCalls += 1;
      return json(401, { detail: 'Token expired or invalid' });
    }) as typeof globalThis.fetch;
    const result = await client(tokens, fetch).get('/x');
    expect(result).toMatchObject({ success: false, status: 401 });
    expect(protectedCalls).toBe(2);
    expect(server.refreshCalls()).toBe(1);
  });

  it('does not refresh for calls that opt out (login, logout, refresh)', async () => {
    const server = fakeServer();
    const tokens = memoryTokens('stale-access', 'refresh-1');
    const result = await client(tokens, server.fetch).post('/auth/login', {}, { skipAuthRefresh: true });
    expect(result.status).toBe(401);
    expect(server.refreshCalls()).toBe(0);
    expect(tokens.refresh).toBe('refresh-1');
  });

  it('does not refresh when nobody is signed in', async () => {
    const server = fakeServer();
    const onSessionExpired = vi.fn();
    const result = await client(memoryTokens(null, null), server.fetch, { onSessionExpired }).get('/admin/x');
    expect(result.status).toBe(401);
    expect(server.refreshCalls()).toBe(0);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('runs the refresh inside the cross-tab lock', async () => {
    const server = fakeServer();
    let locked = 0;
    const lock = <T>(run: () => Promise<T>) => {
      locked += 1;
      return run();
    };
    const result = await client(memoryTokens('stale', 'refresh-1'), server.fetch, { withRefreshLock: lock }).get('/x');
    expect(result.success).toBe(true);
    expect(locked).toBe(1);
  });

  it('skips its own refresh when another tab refreshed while it waited for the lock', async () => {
    const server = fakeServer();
    const tokens = memoryTokens('stale', 'refresh-1');
    // The "other tab" rotates the tokens while this one waits for the lock.
    const lock = async <T>(run: () => Promise<T>) => {
      const other = client(tokens, server.fetch);
      tokens.access = 'stale-too';
      await other.get('/other-tab');
      return run();
    };
    const result = await client(tokens, server.fetch, { withRefreshLock: lock }).get('/x');
    expect(result.success).toBe(true);
    expect(server.refreshCalls()).toBe(1);
  });
});
