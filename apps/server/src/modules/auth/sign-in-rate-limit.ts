import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../http/errors.ts';
import { rateLimiterFor } from '../../http/rate-limit.ts';

/**
 * The system settings' sign-in rate limit, per client address per minute (LOGIN_RATE_LIMIT until it is set), counted
 * across every process on the database: a preHandler per kind of call (`login`, `register`, `sso`), each kind counted
 * on its own. Every way in (password, second factor, passkey, single sign-on) goes through it.
 */
export function signInRateLimit(app: FastifyInstance) {
  const limiter = rateLimiterFor(app.db, 'auth', 60_000);
  return (kind: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = await limiter.hit(`${kind}:${request.ip}`, app.settings.current().login_rate_limit_per_minute);
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw tooManyRequests();
    }
  };
}
