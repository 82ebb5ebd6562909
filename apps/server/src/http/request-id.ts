import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an incoming `X-Request-Id` may be to be kept: up to 128 letters, digits, `.`, `_`, `:` and `-` (a UUID, a trace id). */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the caller's `X-Request-Id` when it fits REQUEST_ID_PATTERN (a proxy's or a client's, so its
 * lines and ours can be joined), otherwise a new UUID. It goes into log lines, audit rows, queued jobs and the answer's
 * header, so nothing else (markup, line breaks, kilobytes) may come through.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}
