import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHALLENGE_FAILURES, normalRecoveryCode, TOTP_CODE_PATTERN, TWO_FACTOR_TEXTS } from '@admin-portal/contract/two-factor';
import type { Queryable } from '../../db/client.ts';
import { HttpError, unauthorized } from '../../http/errors.ts';
import { decryptText } from '../../security/encryption.ts';
import { hashToken } from '../../security/tokens.ts';
import { waitError } from '../accounts/reauthenticate.ts';
import { clearSecondFactorFailures, countFailure, secondFactorKey, secondFactorVerdict } from '../accounts/sign-in-throttle.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { countRecoveryCodesLeft, lockTotp, spendRecoveryCode, takeTotpStep } from '../two-factor/two-factor.queries.ts';
import { matchingStep } from '../two-factor/totp.ts';
import { findUserById, type UserRow } from '../users/users.queries.ts';
import { assertMaySignIn, openSignedInSession, type SignedIn } from './auth.service.ts';
import { countChallengeFailure, lockChallenge, markChallengeUsed } from '../accounts/sign-in-challenges.queries.ts';

type Method = 'totp' | 'recovery_code';
/** What the transaction that looks at the code found. */
interface Outcome {
  signedIn?: SignedIn;
  wait?: number;
  invalid?: boolean;
  wrong?: { challenge: { id: string }; user: UserRow };
}

/** Whether `code` is right for the user now, and spends it: a code of the app works once, a recovery code once ever. */
async function spendCode(app: FastifyInstance, tx: Queryable, user: UserRow, method: Method, code: string): Promise<boolean> {
  if (method === 'recovery_code') return spendRecoveryCode(tx, user.id, hashToken(normalRecoveryCode(code)));
  const totp = await lockTotp(tx, user.id);
  if (!totp?.confirmed_at) return false;
  const step = await matchingStep(decryptText(totp.secret_encrypted, app.secrets.secretKey), code);
  return step !== null && (await takeTotpStep(tx, user.id, step));
}

/**
 * Sign-in, step two, for an account with a second factor: the challenge from POST /auth/login and a code of the
 * authenticator app or one of the recovery codes. Right: the session opens as a sign-in without a second factor would.
 * Wrong: counted on the challenge (CHALLENGE_FAILURES and it is spent: the password must be given again) and on the
 * user, whose further tries wait as failed passwords do. A spent or unknown challenge is 401.
 */
export async function finishSecondFactor(app: FastifyInstance, request: FastifyRequest, challengeToken: string, code: string): Promise<SignedIn> {
  const method: Method = TOTP_CODE_PATTERN.test(code) ? 'totp' : 'recovery_code';
  const outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
    const challenge = await lockChallenge(tx, hashToken(challengeToken), CHALLENGE_FAILURES);
    if (!challenge || challenge.spent || challenge.purpose !== 'verify') return { invalid: true };
    const verdict = await secondFactorVerdict(tx, challenge.user_id);
    if (!verdict.allowed) return { wait: verdict.retryAfterSeconds };
    const user = await findUserById(tx, challenge.user_id);
    if (!user) return { invalid: true };
    assertMaySignIn(user);
    if (!(await spendCode(app, tx, user, method, code))) return { wrong: { challenge, user } };
    await markChallengeUsed(tx, challenge.id);
    await clearSecondFactorFailures(tx, user.id);
    const how = method === 'totp' ? { second_factor: method } : { second_factor: method, recovery_codes_left: await countRecoveryCodesLeft(tx, user.id) };
    return { signedIn: await openSignedInSession(app, request, tx, user, how) };
  });
  if (outcome.signedIn) return outcome.signedIn;
  if (outcome.wait !== undefined) throw waitError(outcome.wait);
  if (outcome.invalid) throw unauthorized(TWO_FACTOR_TEXTS.challengeInvalid);
  // A wrong code is counted after the transaction that looked at it, so the count stays when the answer is an error.
  const { challenge, user } = outcome.wrong!;
  const { lockout_threshold: threshold, lockout_minutes: maxWaitMinutes } = await app.settings.get();
  await app.db.transaction(async (tx) => {
    await countChallengeFailure(tx, challenge.id);
    await countFailure(tx, secondFactorKey(user.id), threshold, maxWaitMinutes);
    await recordAudit(
      tx,
      request,
      { action: 'auth.second_factor_failed', targetType: 'user', targetId: user.id, organizationId: user.organization_id, changes: { method } },
      user,
    );
  });
  const message = method === 'totp' ? TWO_FACTOR_TEXTS.invalidCode : TWO_FACTOR_TEXTS.invalidRecoveryCode;
  throw new HttpError(401, message, [{ field: 'code', message }]);
}
