import type { FastifyInstance } from 'fastify';
import { failedAttemptsWait, SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { HttpError } from '../../http/errors.ts';
import { verifyPassword } from '../../security/passwords.ts';
import { clearReauthFailures, countFailure, reauthKey, reauthVerdict } from './sign-in-throttle.ts';

/** 429 with Retry-After, the same for every e-mail: the wait tells nothing about whether an account exists. */
export function waitError(retryAfterSeconds: number): HttpError {
  return new HttpError(429, failedAttemptsWait(retryAfterSeconds), undefined, undefined, { 'retry-after': String(retryAfterSeconds) });
}

/**
 * Checks a signed-in user's password again before a sensitive change (their e-mail, their password, how they sign in).
 * Wrong answers slow down like sign-ins (per user), so a session left open cannot be used to guess the password. 400 on
 * `field` when wrong, 429 while waiting.
 */
export async function reauthenticate(app: FastifyInstance, user: { id: string; password_hash: string }, password: string, field: string): Promise<void> {
  const verdict = await reauthVerdict(app.db, user.id);
  if (!verdict.allowed) throw waitError(verdict.retryAfterSeconds);
  if (await verifyPassword(password, user.password_hash)) {
    await clearReauthFailures(app.db, user.id);
    return;
  }
  const { lockout_threshold: threshold, lockout_minutes: maxWaitMinutes } = await app.settings.get();
  await countFailure(app.db, reauthKey(user.id), threshold, maxWaitMinutes);
  throw new HttpError(400, SERVER_MESSAGES.currentPasswordIncorrect, [{ field, message: SERVER_MESSAGES.currentPasswordIncorrect }]);
}
