import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_PASSKEYS, PASSKEY_TEXTS, type CreationOptions, type Passkey, type RegistrationResponse } from '@admin-portal/contract/passkeys';
import type { AuthContext } from '../../http/context.ts';
import { conflict, HttpError, notFound, unauthorized } from '../../http/errors.ts';
import { reauthenticate } from '../accounts/reauthenticate.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { brandingFor } from '../system/branding.ts';
import { findUserById } from '../users/users.queries.ts';
import { countPasskeys, deletePasskey, insertCeremony, insertPasskey, listPasskeys, spendCeremony, type PasskeyRow } from './passkeys.queries.ts';
import { CEREMONY_MINUTES, registrationOptions, relyingParty, signedChallenge, verifyRegistration } from './webauthn.ts';

/**
 * A signed-in person's passkeys (issue 37 item 2, ADR 0065): added from the profile (their password first, then the
 * browser's ceremony), listed with their names and last use, removed. Signing in with one is auth/passkey-sign-in.ts.
 */

export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    synced: row.backed_up,
  };
}

export async function myPasskeys(app: FastifyInstance, auth: AuthContext): Promise<Passkey[]> {
  return (await listPasskeys(app.db, auth.userId)).map(presentPasskey);
}

/** Adding a passkey, step one (the password again): the options for navigator.credentials.create(). */
export async function startRegistration(app: FastifyInstance, auth: AuthContext, password: string): Promise<CreationOptions> {
  const user = await findUserById(app.db, auth.userId);
  if (!user) throw unauthorized();
  await reauthenticate(app, user, password, 'password');
  const existing = await listPasskeys(app.db, user.id);
  if (existing.length >= MAX_PASSKEYS) throw conflict(PASSKEY_TEXTS.tooMany);
  const { product_name: rpName } = await brandingFor(app, auth);
  const options = await registrationOptions(
    relyingParty(app),
    rpName,
    { id: user.id, email: user.email, name: `${user.first_name} ${user.last_name}` },
    existing,
  );
  await insertCeremony(app.db, { challenge: options.challenge, purpose: 'register', userId: user.id, signInChallengeId: null, minutes: CEREMONY_MINUTES });
  return options;
}

const notVerified = () => new HttpError(422, PASSKEY_TEXTS.notVerified, [{ field: 'credential', message: PASSKEY_TEXTS.notVerified }]);

/**
 * Adding a passkey, step two: the browser's answer to a challenge this user was given within CEREMONY_MINUTES (spent
 * whatever the outcome), verified with user verification, stored under the name the person gave it.
 */
export async function finishRegistration(
  app: FastifyInstance,
  request: FastifyRequest,
  auth: AuthContext,
  name: string,
  credential: RegistrationResponse,
): Promise<Passkey> {
  const challenge = signedChallenge(credential.response.clientDataJSON);
  const ceremony = challenge ? await spendCeremony(app.db, challenge, 'register') : null;
  if (!ceremony || ceremony.user_id !== auth.userId) throw new HttpError(422, PASSKEY_TEXTS.expired, [{ field: 'credential', message: PASSKEY_TEXTS.expired }]);
  const verified = await verifyRegistration(relyingParty(app), credential, challenge!);
  if (!verified) throw notVerified();
  return app.db.transaction(async (tx) => {
    if ((await countPasskeys(tx, auth.userId)) >= MAX_PASSKEYS) throw conflict(PASSKEY_TEXTS.tooMany);
    const row = await insertPasskey(tx, {
      userId: auth.userId,
      credentialId: verified.credentialId,
      publicKey: verified.publicKey,
      counter: verified.counter,
      transports: credential.response.transports ?? [],
      backedUp: verified.backedUp,
      name,
    });
    if (!row) throw conflict(PASSKEY_TEXTS.alreadyRegistered);
    await recordAudit(tx, request, {
      action: 'auth.passkey_add',
      targetType: 'user',
      targetId: auth.userId,
      organizationId: auth.homeOrganizationId,
      changes: { name },
    });
    return presentPasskey(row);
  });
}

export async function removePasskey(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, id: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const name = await deletePasskey(tx, auth.userId, id);
    if (name === null) throw notFound('Passkey');
    await recordAudit(tx, request, {
      action: 'auth.passkey_remove',
      targetType: 'user',
      targetId: auth.userId,
      organizationId: auth.homeOrganizationId,
      changes: { name },
    });
  });
}
