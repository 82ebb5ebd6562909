import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHALLENGE_FAILURES, TWO_FACTOR_TEXTS, type TotpSetup } from '@admin-portal/contract/two-factor';
import { HttpError, unauthorized } from '../../http/errors.ts';
import { decryptText } from '../../security/encryption.ts';
import { hashToken } from '../../security/tokens.ts';
import { countChallengeFailure, lockChallenge, markChallengeUsed } from '../accounts/sign-in-challenges.queries.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { brandingFor } from '../system/branding.ts';
import { matchingStep } from '../two-factor/totp.ts';
import { confirmTotpRow, lockTotp } from '../two-factor/two-factor.queries.ts';
import { newPendingSecret, renewCodes } from '../two-factor/two-factor.service.ts';
import { findUserById, type UserRow } from '../users/users.queries.ts';
import { assertMaySignIn, openSignedInSession, type SignedIn } from './auth.service.ts';

/**
 * Sign-in for an account that a policy requires to have a second factor it does not have yet (issue 37 item 3): the
 * password's challenge (purpose `enrol`) is all it holds, and with it the account can only set up an authenticator app:
 * a new secret and its QR code, then the app's first code, which opens the session and answers the recovery codes.
 * Nothing else is reachable until then, because there is no session yet.
 */

async function enrollingUser(app: FastifyInstance, challengeToken: string): Promise<UserRow> {
  const user = await app.db.transaction(async (tx) => {
    const challenge = await lockChallenge(tx, hashToken(challengeToken), CHALLENGE_FAILURES);
    if (!challenge || challenge.spent || challenge.purpose !== 'enrol') return null;
    return findUserById(tx, challenge.user_id);
  });
  if (!user) throw unauthorized(TWO_FACTOR_TEXTS.challengeInvalid);
  assertMaySignIn(user);
  return user;
}

/** Step one: a new secret (replacing one shown before), its otpauth address and QR code. */
export async function startEnrolment(app: FastifyInstance, challengeToken: string): Promise<TotpSetup> {
  const user = await enrollingUser(app, challengeToken);
  const { product_name: issuer } = await brandingFor(app, null);
  return newPendingSecret(app, user, issuer);
}

/** Step two: the app's first code turns the second factor on and opens the session; the recovery codes come back once. */
export async function finishEnrolment(
  app: FastifyInstance,
  request: FastifyRequest,
  challengeToken: string,
  code: string,
): Promise<SignedIn & { recovery_codes: string[] }> {
  type Outcome = { done: SignedIn & { recovery_codes: string[] } } | { invalid: true } | { wrong: string };
  const outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
    const challenge = await lockChallenge(tx, hashToken(challengeToken), CHALLENGE_FAILURES);
    if (!challenge || challenge.spent || challenge.purpose !== 'enrol') return { invalid: true };
    const user = await findUserById(tx, challenge.user_id);
    if (!user) return { invalid: true };
    assertMaySignIn(user);
    const totp = await lockTotp(tx, user.id);
    if (!totp || totp.confirmed_at) throw new HttpError(409, TWO_FACTOR_TEXTS.noSetup);
    const step = await matchingStep(decryptText(totp.secret_encrypted, app.secrets.secretKey), code);
    if (step === null) return { wrong: challenge.id };
    await confirmTotpRow(tx, user.id, step);
    const recoveryCodes = await renewCodes(tx, user.id);
    await markChallengeUsed(tx, challenge.id);
    await recordAudit(
      tx,
      request,
      { action: 'auth.two_factor_enable', targetType: 'user', targetId: user.id, organizationId: user.organization_id, changes: { at_sign_in: true } },
      user,
    );
    const signedIn = await openSignedInSession(app, request, tx, user, { second_factor: 'totp', enrolled: true });
    return { done: { ...signedIn, recovery_codes: recoveryCodes } };
  });
  if ('done' in outcome) return outcome.done;
  if ('invalid' in outcome) throw unauthorized(TWO_FACTOR_TEXTS.challengeInvalid);
  await countChallengeFailure(app.db, outcome.wrong);
  throw new HttpError(422, TWO_FACTOR_TEXTS.invalidCode, [{ field: 'code', message: TWO_FACTOR_TEXTS.invalidCode }]);
}
