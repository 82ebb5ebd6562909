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
import { Agent, fetch as undiciFetch, Headers, type Dispatcher, type RequestInit, type Response } from 'undici';
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

/** A POST's answer, as deliveries keep it: the status, the headers and the first bytes of the body. */
export interface PostAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body's first `maxBodyBytes` bytes, as UTF-8 (the rest is not read). */
  bodyStart: string;
}

export interface PostInit {
  headers: Record<string, string>;
  body: string;
  /** The whole exchange (connection, request, answer) must end within this; else it fails with a TimeoutError. */
  timeoutMs: number;
  maxBodyBytes: number;
}

export interface GuardedFetch {
  fetch(input: string | URL, init?: RequestInit): Promise<Response>;
  /**
   * One POST without following redirects (a 3xx is an answer like any other), on undici's lowest-level `dispatch`:
   * the same checks and pinned addresses as `fetch`, without its streams, abort signals and timers per request
   * (webhook deliveries, thousands a second). Timeouts are kept by one sweep for all the requests in flight.
   */
  post(url: string, init: PostInit): Promise<PostAnswer>;
  /** Checks a URL as fetch will (cached per host and port for the run); throws SsrfRefusedError. */
  check(url: URL, signal?: AbortSignal): Promise<CheckedTarget>;
  close(): Promise<void>;
}

/** How often the POSTs in flight are checked against their deadlines. */
const TIMEOUT_SWEEP_MS = 100;

interface InFlightPost {
  deadline: number;
  timeoutMs: number;
  /** Ends it with `error` (once; nothing after it counts). */
  fail(error: Error): void;
}

function timeoutError(ms: number): Error {
  const error = new Error(`No answer within ${ms} ms`);
  error.name = 'TimeoutError';
  return error;
}

const headerText = (headers: Record<string, string | string[] | undefined>): Record<string, string> => {
  const text: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) text[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return text;
};

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

  /** POSTs in flight, each with its deadline; one sweep (while any is in flight) fails those past it. */
  const inFlight = new Set<InFlightPost>();
  let sweeper: NodeJS.Timeout | null = null;
  const sweep = () => {
    const now = Date.now();
    for (const post of inFlight) if (post.deadline <= now) post.fail(timeoutError(post.timeoutMs));
    if (inFlight.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  };

  async function guardedPost(input: string, init: PostInit): Promise<PostAnswer> {
    const url = new URL(input);
    const deadline = Date.now() + init.timeoutMs;
    // (A host checked already costs no timer: the signal only bounds a check that starts here.)
    await check(url, checks.has(`${url.protocol}//${url.host}`) ? undefined : AbortSignal.timeout(init.timeoutMs));
    return new Promise<PostAnswer>((resolve, reject) => {
      let controller: Dispatcher.DispatchController | null = null;
      let status = 0;
      let headers: Record<string, string> = {};
      const chunks: Buffer[] = [];
      let size = 0;
      const post: InFlightPost = {
        deadline,
        timeoutMs: init.timeoutMs,
        fail: (error) => {
          if (!inFlight.delete(post)) return;
          controller?.abort(error);
          reject(error);
        },
      };
      const finish = () => {
        if (!inFlight.delete(post)) return;
        resolve({ status, headers, bodyStart: Buffer.concat(chunks, Math.min(size, init.maxBodyBytes)).toString('utf8') });
      };
      inFlight.add(post);
      sweeper ??= setInterval(sweep, TIMEOUT_SWEEP_MS).unref();
      try {
        agent.dispatch(
          {
            origin: url.origin,
            path: `${url.pathname}${url.search}`,
            method: 'POST',
            headers: init.headers,
            body: init.body,
          },
          {
            onRequestStart: (c) => {
              controller = c;
              // Failed (timed out) while it waited for a connection.
              if (!inFlight.has(post)) c.abort(timeoutError(init.timeoutMs));
            },
            onResponseStart: (_c, statusCode, answerHeaders) => {
              if (statusCode < 200) return; // 1xx: the answer is still to come
              status = statusCode;
              headers = headerText(answerHeaders);
            },
            onResponseData: (c, chunk) => {
              if (!inFlight.has(post)) return;
              chunks.push(chunk);
              size += chunk.byteLength;
              if (size >= init.maxBodyBytes) {
                // Enough is read: the rest is not waited for (the connection is closed).
                finish();
                c.abort(new Error('The answer was read as far as it is kept'));
              }
            },
            onResponseEnd: finish,
            onResponseError: (_c, error) => post.fail(error),
          },
        );
      } catch (error) {
        post.fail(error as Error);
      }
    });
  }

  return {
    fetch: guardedFetch,
    post: guardedPost,
    check,
    // destroy, not close: whatever is still open when the run is over (an abandoned stream) is cut.
    close: () => agent.destroy(),
  };
}
