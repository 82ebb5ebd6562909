/**
 * `fetch` behind the SSRF guard, for one run of a tool.
 *
 * - Every URL (the first and each redirect hop) goes through checkUrl before anything is sent.
 * - DNS pinning: the connection is made by an undici Agent whose `connect.lookup` answers only with the
 *   addresses checkUrl resolved and checked for that host (a host that was not checked gets no address), so
 *   a second, different DNS answer (DNS rebinding) is never used. The URL keeps its host name, so the Host
 *   header and TLS SNI / certificate checks are those of the original host.
 * - Redirects (`redirect: 'follow'`, the default) are followed by this code, at most MAX_REDIRECTS hops, each
 *   hop checked again; a 303 (and a 301/302 answering a POST) turns into a GET without body, and credentials
 *   (Authorization, Cookie) are dropped when a hop leaves the origin. `redirect: 'manual'` returns the 3xx
 *   as it is (the MCP SDK uses this to apply its own same-origin policy on top), `'error'` fails.
 *
 * Call `close()` when the run is over: it closes the run's connections.
 */
import type { LookupAddress, LookupOneOptions } from 'node:dns';
import type net from 'node:net';
import { Agent, fetch as undiciFetch, Headers, type RequestInit, type Response } from 'undici';
import { checkUrl, type CheckedTarget, type HostResolver, type ResolvedAddress } from './ssrf-guard.ts';

export const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

export interface GuardedFetchOptions {
  allowedHosts: readonly string[];
  maxRedirects?: number;
  /** DNS resolution (tests pass their own). */
  resolve?: HostResolver;
}

/** One request's answer, as undici's lower-level `request` gives it. */
export interface GuardedAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Buffer> & { destroy(): void };
}

export interface GuardedFetch {
  fetch(input: string | URL, init?: RequestInit): Promise<Response>;
  /**
   * One request without following redirects (a 3xx is an answer like any other), through undici's `request`: the
   * same checks and pinned addresses as `fetch`, a fraction of its cost (webhook deliveries, thousands a second).
   */
  request(url: string, init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal }): Promise<GuardedAnswer>;
  /** Checks a URL as fetch will (cached per host and port for the run); throws SsrfRefusedError. */
  check(url: URL, signal?: AbortSignal): Promise<CheckedTarget>;
  close(): Promise<void>;
}

export function createGuardedFetch(options: GuardedFetchOptions): GuardedFetch {
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  /** host name → the addresses checked for it. */
  const pinned = new Map<string, ResolvedAddress[]>();
  const checks = new Map<string, Promise<CheckedTarget>>();

  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    const key = hostname.toLowerCase().replace(/\.$/, '');
    const family = Number((lookupOptions as LookupOneOptions).family) || 0;
    const addresses = (pinned.get(key) ?? []).filter((a) => family === 0 || a.family === family);
    if (addresses.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`Refused: ${hostname} was not checked by the SSRF guard`);
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
      return;
    }
    if ((lookupOptions as { all?: boolean }).all) {
      (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, addresses);
    } else {
      callback(null, addresses[0]!.address, addresses[0]!.family);
    }
  };
  const agent = new Agent({ connect: { lookup } });

  async function check(url: URL, signal?: AbortSignal): Promise<CheckedTarget> {
    const key = `${url.protocol}//${url.host}`;
    let pending = checks.get(key);
    if (!pending) {
      pending = checkUrl(url, options.allowedHosts, { resolve: options.resolve, signal });
      checks.set(key, pending);
      // A failed check (a refusal, a DNS error, an abort) is not kept: the next call checks again.
      pending.catch(() => checks.delete(key));
    }
    const target = await pending;
    pinned.set(target.hostname, target.addresses);
    return target;
  }

  async function guardedFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
    let url = new URL(String(input));
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    const headers = new Headers(init.headers);
    const mode = init.redirect ?? 'follow';
    for (let hop = 0; ; hop += 1) {
      await check(url, init.signal ?? undefined);
      const response = await undiciFetch(url, { ...init, method, headers, body, redirect: 'manual', dispatcher: agent });
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || !location || mode === 'manual') return response;
      await response.body?.cancel().catch(() => undefined);
      if (mode === 'error') throw new Error(`Redirected (${response.status}) to ${location}: redirects are not followed here`);
      if (hop >= maxRedirects) throw new Error(`Too many redirects (more than ${maxRedirects})`);
      const next = new URL(location, url);
      if (response.status === 303 ? method !== 'HEAD' : (response.status === 301 || response.status === 302) && method === 'POST') {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
        headers.delete('content-length');
      }
      if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
      url = next;
    }
  }

  async function guardedRequest(
    input: string,
    init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal },
  ): Promise<GuardedAnswer> {
    const url = new URL(input);
    await check(url, init.signal);
    const answer = await agent.request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: init.method as 'POST',
      headers: init.headers,
      body: init.body,
      ...(init.signal ? { signal: init.signal } : {}),
    });
    return { status: answer.statusCode, headers: answer.headers, body: answer.body };
  }

  return {
    fetch: guardedFetch,
    request: guardedRequest,
    check,
    // destroy, not close: whatever is still open when the run is over (an abandoned stream) is cut.
    close: () => agent.destroy(),
  };
}
