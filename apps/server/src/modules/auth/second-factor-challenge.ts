import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHALLENGE_MINUTES, type SecondFactorChallenge } from '@admin-portal/contract/two-factor';
import { hashToken, newOpaqueToken } from '../../security/tokens.ts';
import { clearSignInFailures } from '../accounts/sign-in-throttle.ts';
import { insertChallenge, type ChallengePurpose } from '../accounts/sign-in-challenges.queries.ts';

/**
 * The password of an account with a second factor was right: no session yet, but a challenge, a random token (kept as
 * its digest) that POST /auth/login/second-factor brings back with a code within CHALLENGE_MINUTES. The password's
 * failure counts start again: from here wrong codes are counted instead (second-factor.ts). `enrol`: the account has no
 * second factor but a policy requires one, so it sets one up with the challenge first (second-factor-enrolment.ts).
 * `methods`: how it may be answered (an app's code, a recovery code, a passkey: passkey-sign-in.ts).
 */
export async function askSecondFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  user: { id: string; email: string },
  purpose: ChallengePurpose,
  methods: SecondFactorChallenge['methods'],
): Promise<SecondFactorChallenge> {
  const token = newOpaqueToken();
  await app.db.transaction(async (tx) => {
    await clearSignInFailures(tx, user.email, request.ip);
    await insertChallenge(tx, user.id, hashToken(token), request.ip, CHALLENGE_MINUTES, purpose);
  });
  return {
    second_factor_required: true,
    enrolment_required: purpose === 'enrol',
    challenge_token: token,
    methods,
    expires_in: CHALLENGE_MINUTES * 60,
  };
}
