import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHALLENGE_FAILURES, TWO_FACTOR_TEXTS } from '@admin-portal/contract/two-factor';
import { PASSKEY_TEXTS, type AuthenticationResponse, type RequestOptions } from '@admin-portal/contract/passkeys';
import { HttpError, unauthorized } from '../../http/errors.ts';
import { hashToken } from '../../security/tokens.ts';
import { lockChallenge, spendChallengeById } from '../accounts/sign-in-challenges.queries.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { insertCeremony, listPasskeys, lockPasskeyByCredential, markPasskeyUsed, spendCeremony } from '../passkeys/passkeys.queries.ts';
import { CEREMONY_MINUTES, relyingParty, signedChallenge, signInOptions, verifySignIn } from '../passkeys/webauthn.ts';
import { findUserById, type UserRow } from '../users/users.queries.ts';
import { assertMaySignIn, assertPasswordsAllowed, openSignedInSession, type SignedIn } from './auth.service.ts';

/**
 * Signing in with a passkey (issue 37 item 2, ADR 0065): instead of the password and the code, or as the second step
 * of a password sign-in that asks for a second factor. A passkey verifies its user (a PIN, a fingerprint), so it is
 * both factors: an account that must have a second factor signs in with one as it is.
 */

/** What the transaction that looked at the answer found. */
interface Outcome {
  signedIn?: SignedIn;
  refusal?: string;
  /** The passkey's account, when the signature was wrong (audited after the transaction). */
  failedUser?: UserRow;
}

const refused = (message: string) => new HttpError(401, message, [{ field: 'credential', message }]);

/**
 * The options for navigator.credentials.get(). Without a challenge token: any passkey registered here may answer (the
 * browser offers those it holds). With one (a password sign-in's challenge, still good): only that account's passkeys,
 * and the answer finishes that sign-in.
 */
export async function passkeySignInOptions(app: FastifyInstance, challengeToken: string | undefined): Promise<RequestOptions> {
  let userId: string | null = null;
  let signInChallengeId: string | null = null;
  if (challengeToken !== undefined) {
    const challenge = await lockChallenge(app.db, hashToken(challengeToken), CHALLENGE_FAILURES);
    if (!challenge || challenge.spent || challenge.purpose !== 'verify') throw unauthorized(TWO_FACTOR_TEXTS.challengeInvalid);
    userId = challenge.user_id;
    signInChallengeId = challenge.id;
  }
  const allowed = userId ? await listPasskeys(app.db, userId) : [];
  if (userId && allowed.length === 0) throw unauthorized(PASSKEY_TEXTS.unknown);
  const options = await signInOptions(relyingParty(app), allowed);
  await insertCeremony(app.db, { challenge: options.challenge, purpose: 'sign_in', userId, signInChallengeId, minutes: CEREMONY_MINUTES });
  return options;
}

/**
 * The browser's answer: its challenge must be one this server gave within CEREMONY_MINUTES (spent whatever the
 * outcome), its credential a registered passkey (the challenge's account's, when it names one), its signature right
 * for the stored key with the user verified, and its counter ahead of the stored one. Then the session opens as any
 * sign-in's does. Every refusal is 401 with the reason; a wrong signature is audited on the passkey's account.
 */
export async function finishPasskeySignIn(app: FastifyInstance, request: FastifyRequest, credential: AuthenticationResponse): Promise<SignedIn> {
  const challenge = signedChallenge(credential.response.clientDataJSON);
  const ceremony = challenge ? await spendCeremony(app.db, challenge, 'sign_in') : null;
  if (!ceremony) throw refused(PASSKEY_TEXTS.expired);
  const rp = relyingParty(app);
  const outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
    const passkey = await lockPasskeyByCredential(tx, credential.id);
    if (!passkey) return { refusal: PASSKEY_TEXTS.unknown };
    if (ceremony.user_id && passkey.user_id !== ceremony.user_id) return { refusal: PASSKEY_TEXTS.notYours };
    const user = await findUserById(tx, passkey.user_id);
    if (!user) return { refusal: PASSKEY_TEXTS.unknown };
    const verified = await verifySignIn(rp, credential, challenge!, passkey);
    if (!verified) return { refusal: PASSKEY_TEXTS.notVerified, failedUser: user };
    assertMaySignIn(user);
    await assertPasswordsAllowed(app, user);
    // A password sign-in's second step: that sign-in is finished now, and only while it is still good.
    if (ceremony.sign_in_challenge_id && !(await spendChallengeById(tx, ceremony.sign_in_challenge_id, CHALLENGE_FAILURES))) {
      return { refusal: TWO_FACTOR_TEXTS.challengeInvalid };
    }
    await markPasskeyUsed(tx, passkey.id, verified.counter, verified.backedUp);
    return { signedIn: await openSignedInSession(app, request, tx, user, { second_factor: 'passkey', passkey: passkey.name }) };
  });
  if (outcome.signedIn) return outcome.signedIn;
  const { failedUser } = outcome;
  if (failedUser) {
    await app.db.transaction((tx) =>
      recordAudit(
        tx,
        request,
        {
          action: 'auth.second_factor_failed',
          targetType: 'user',
          targetId: failedUser.id,
          organizationId: failedUser.organization_id,
          changes: { method: 'passkey' },
        },
        failedUser,
      ),
    );
  }
  throw refused(outcome.refusal!);
}
