/**
 * Who may scrape `GET /api/metrics` (operators, not users: it is outside the user policy table). With
 * METRICS_TOKEN set, a caller must send `Authorization: Bearer <token>` (compared in constant time). Without it,
 * only callers on this host may: the socket's own address must be loopback — never X-Forwarded-For, which a
 * client can write, even when TRUST_PROXY is on.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../http/errors.ts';

export const METRICS_MESSAGES = {
  tokenMissing: 'Metrics need the operator token: send Authorization: Bearer <METRICS_TOKEN>',
  tokenWrong: 'The metrics token is not the one this server was given (METRICS_TOKEN)',
  notLoopback: 'Metrics are served only to this host (127.0.0.1 or ::1) unless METRICS_TOKEN is set; set it to scrape from elsewhere',
} as const;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal strings, in a time that does not depend on where they differ (both hashed to the same length first). */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

export function isLoopback(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK.has(address);
}

/** Throws 401 (token missing or wrong) or 403 (no token configured and not a loopback caller). */
export function checkMetricsAccess(request: FastifyRequest, token: string | undefined): void {
  if (token) {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw unauthorized(METRICS_MESSAGES.tokenMissing);
    if (!sameSecret(header.slice(7).trim(), token)) throw unauthorized(METRICS_MESSAGES.tokenWrong);
    return;
  }
  if (!isLoopback(request.socket.remoteAddress)) throw forbidden(METRICS_MESSAGES.notLoopback);
}
