/**
 * One outbound HTTP call of a tool (http_request and webhook): through the SSRF guard, with a timeout per
 * attempt, a response size cap, and retries after a network error, a timeout or a 5xx answer (200 ms ×
 * attempt between tries). Answers the outcome with the request as sent and the response as received.
 */
import type { Response } from 'undici';
import { createGuardedFetch } from './guarded-fetch.ts';
import { rootCauseMessage } from './runtime.ts';
import type { ExecutionStatus, RecordedRequest, RecordedResponse } from './types.ts';
import { findSsrfRefusal, type HostResolver } from './ssrf-guard.ts';

export const RETRY_BACKOFF_MS = 200;

export interface HttpCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** The exact bytes sent (a JSON string), or undefined for no body. */
  body?: string;
  /** The body as recorded (the parsed JSON value the string came from). */
  recordedBody?: unknown;
}

export interface HttpCallOptions {
  timeoutMs: number;
  /** How many times to try again after a retryable failure (0: one attempt). */
  retries: number;
  maxResponseBytes: number;
  allowedHosts: readonly string[];
  signal?: AbortSignal | undefined;
  resolve?: HostResolver | undefined;
}

export interface HttpExchange {
  status: ExecutionStatus;
  error: string | null;
  attempts: number;
  request: RecordedRequest;
  response: RecordedResponse | null;
  /** The HTTP status of the last answer. */
  httpStatus: number | null;
  /** The body of a complete answer: parsed JSON when the content type says JSON, else text. */
  body: unknown;
  bodyIsJson: boolean;
}

class ResponseTooLargeError extends Error {}

/** Reads a body up to `max` bytes; beyond that it stops reading and throws. */
async function readCapped(response: Response, max: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(`Response larger than ${max} bytes`);
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(`Response larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function isJsonType(contentType: string | null): boolean {
  return !!contentType && /^application\/([\w.+-]*\+)?json\b|^text\/json\b/i.test(contentType.trim());
}

function parseBody(bytes: Uint8Array, contentType: string | null): { body: unknown; json: boolean } {
  const text = new TextDecoder().decode(bytes);
  if (!isJsonType(contentType)) return { body: text, json: false };
  if (text.trim() === '') return { body: null, json: true };
  try {
    return { body: JSON.parse(text), json: true };
  } catch {
    return { body: text, json: false };
  }
}

function headersObject(headers: Response['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function networkMessage(error: unknown): string {
  const message = rootCauseMessage(error);
  return message.startsWith('Could not resolve') || message.startsWith('Too many redirects') ? message : `Network error: ${message}`;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export async function performHttpCall(call: HttpCall, options: HttpCallOptions): Promise<HttpExchange> {
  const request: RecordedRequest = { method: call.method, url: call.url.toString(), headers: call.headers };
  if (call.body !== undefined) request.body = call.recordedBody ?? call.body;
  const net = createGuardedFetch({ allowedHosts: options.allowedHosts, resolve: options.resolve });
  const maxAttempts = 1 + Math.max(0, options.retries);
  let result: HttpExchange | null = null;
  try {
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      if (attempt > 1) {
        await sleep(RETRY_BACKOFF_MS * (attempt - 1), options.signal);
        if (options.signal?.aborted) break;
      }
      const { exchange, retryable } = await attemptOnce(call, options, net, request, attempt);
      result = exchange;
      if (!retryable) break;
    }
  } finally {
    await net.close().catch(() => undefined);
  }
  return result ?? { status: 'error', error: 'The run was cancelled', attempts: 0, request, response: null, httpStatus: null, body: null, bodyIsJson: false };
}

async function attemptOnce(
  call: HttpCall,
  options: HttpCallOptions,
  net: ReturnType<typeof createGuardedFetch>,
  request: RecordedRequest,
  attempts: number,
): Promise<{ exchange: HttpExchange; retryable: boolean }> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const base = { attempts, request, httpStatus: null, body: null, bodyIsJson: false };
  let response: RecordedResponse | null = null;
  try {
    const res = await net.fetch(call.url, { method: call.method, headers: call.headers, body: call.body, signal });
    response = { status: res.status, headers: headersObject(res.headers) };
    if (res.url && res.url !== call.url.toString()) response.url = res.url;
    const bytes = await readCapped(res, options.maxResponseBytes);
    const parsed = parseBody(bytes, res.headers.get('content-type'));
    response.body = parsed.body;
    const exchange = { ...base, response, httpStatus: res.status, body: parsed.body, bodyIsJson: parsed.json };
    if (res.status >= 200 && res.status < 300) return { exchange: { ...exchange, status: 'success', error: null }, retryable: false };
    const error = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
    return { exchange: { ...exchange, status: 'error', error }, retryable: res.status >= 500 };
  } catch (error) {
    const refusal = findSsrfRefusal(error);
    if (refusal) return { exchange: { ...base, response, status: 'refused', error: refusal.message }, retryable: false };
    if (timeout.aborted) return { exchange: { ...base, response, status: 'timeout', error: `Timed out after ${options.timeoutMs} ms` }, retryable: true };
    if (options.signal?.aborted) return { exchange: { ...base, response, status: 'error', error: 'The run was cancelled' }, retryable: false };
    if (error instanceof ResponseTooLargeError) {
      return { exchange: { ...base, response: response ? { ...response, truncated: true } : null, status: 'error', error: error.message }, retryable: false };
    }
    return { exchange: { ...base, response, status: 'error', error: networkMessage(error) }, retryable: true };
  }
}
