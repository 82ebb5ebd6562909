import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalRecoveryCode, RECOVERY_CODE_COUNT, TWO_FACTOR_TEXTS, type TotpSetup, type TwoFactorStatus } from '@admin-portal/contract/two-factor';
import type { Queryable } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, forbidden, HttpError, unauthorized } from '../../http/errors.ts';
import { decryptText, encryptText } from '../../security/encryption.ts';
import { hashToken } from '../../security/tokens.ts';
import { reauthenticate } from '../accounts/reauthenticate.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { brandingFor } from '../system/branding.ts';
import { assertManageable, assertVisible } from '../users/users.policy.ts';
import { findUserById, lockUser, type UserRow } from '../users/users.queries.ts';
import { countPasskeys, deleteUserPasskeys, hasPasskeys } from '../passkeys/passkeys.queries.ts';
import { matchingStep, newTotpSecret, qrSvg, totpUri } from './totp.ts';
import { secondFactorRequired } from './two-factor-policy.ts';
import { confirmTotpRow, countRecoveryCodesLeft, deleteSecondFactor, findTotp, lockTotp, replaceRecoveryCodes, savePendingTotp } from './two-factor.queries.ts';

/**
 * Two-factor authentication with an authenticator app (issue 37 item 1, ADR 0064): a person sets it up from their
 * profile (their password, then a QR code, then a first code), gets ten recovery codes shown once, can renew them or
 * turn the second factor off (their password again); an administrator can reset it for a user who lost their phone.
 * The sign-in's second step is auth/second-factor.ts.
 */

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten random recovery codes, "abcde-fghij" (50 bits each), as shown to the person; stored as digests. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => BASE32[randomInt(32)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Makes and stores a new set of recovery codes (the earlier ones stop working); answers them, to show once. */
export async function renewCodes(tx: Queryable, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  // Digested as the sign-in digests what is typed (second-factor.ts), through the same normalisation.
  await replaceRecoveryCodes(
    tx,
    userId,
    codes.map((code) => hashToken(normalRecoveryCode(code))),
  );
  return codes;
}

async function signedInUser(app: FastifyInstance, auth: AuthContext): Promise<UserRow> {
  const user = await findUserById(app.db, auth.userId);
  if (!user) throw unauthorized();
  return user;
}

export async function twoFactorStatus(app: FastifyInstance, auth: AuthContext): Promise<TwoFactorStatus> {
  const totp = await findTotp(app.db, auth.userId);
  const enabled = !!totp?.confirmed_at;
  return {
    totp_enabled: enabled,
    enabled_at: totp?.confirmed_at?.toISOString() ?? null,
    recovery_codes_left: enabled ? await countRecoveryCodesLeft(app.db, auth.userId) : 0,
    passkeys: await countPasskeys(app.db, auth.userId),
  };
}

/** Setup, step one (after the password): a new secret waiting for its first code, as text, address and QR code. */
export async function startTotpSetup(app: FastifyInstance, auth: AuthContext, password: string): Promise<TotpSetup> {
  const user = await signedInUser(app, auth);
  await reauthenticate(app, user, password, 'password');
  const { product_name: issuer } = await brandingFor(app, auth);
  return newPendingSecret(app, user, issuer);
}

/** A new secret for the user, waiting for its first code (409 when one is in force), with its address and QR code. */
export async function newPendingSecret(app: FastifyInstance, user: { id: string; email: string }, issuer: string): Promise<TotpSetup> {
  const secret = newTotpSecret();
  const saved = await app.db.transaction((tx) => savePendingTotp(tx, user.id, encryptText(secret, app.secrets.secretKey)));
  if (!saved) throw conflict(TWO_FACTOR_TEXTS.alreadyEnabled);
  const uri = totpUri(issuer, user.email, secret);
  return { secret, otpauth_uri: uri, qr_svg: await qrSvg(uri) };
}

/** Setup, step two: the first code from the app puts the secret in force; answers the recovery codes, shown once. */
export async function confirmTotp(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, code: string): Promise<string[]> {
  return app.db.transaction(async (tx) => {
    const totp = await lockTotp(tx, auth.userId);
    if (totp?.confirmed_at) throw conflict(TWO_FACTOR_TEXTS.alreadyEnabled);
    if (!totp) throw conflict(TWO_FACTOR_TEXTS.noSetup);
    const step = await matchingStep(decryptText(totp.secret_encrypted, app.secrets.secretKey), code);
    if (step === null) throw new HttpError(422, TWO_FACTOR_TEXTS.invalidCode, [{ field: 'code', message: TWO_FACTOR_TEXTS.invalidCode }]);
    await confirmTotpRow(tx, auth.userId, step);
    const codes = await renewCodes(tx, auth.userId);
    await recordAudit(tx, request, { action: 'auth.two_factor_enable', targetType: 'user', targetId: auth.userId, organizationId: auth.homeOrganizationId });
    return codes;
  });
}

/** Turns the second factor off (the password again): the secret and the recovery codes are gone. */
export async function disableTotp(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, password: string): Promise<void> {
  const user = await signedInUser(app, auth);
  // Required, the app may go only where a passkey stays as the second factor.
  if ((await secondFactorRequired(app, user)) && !(await hasPasskeys(app.db, user.id))) throw forbidden(TWO_FACTOR_TEXTS.requiredCannotDisable);
  await reauthenticate(app, user, password, 'password');
  await app.db.transaction(async (tx) => {
    if (!(await deleteSecondFactor(tx, auth.userId))) throw conflict(TWO_FACTOR_TEXTS.notEnabled);
    await recordAudit(tx, request, { action: 'auth.two_factor_disable', targetType: 'user', targetId: auth.userId, organizationId: auth.homeOrganizationId });
  });
}

/** A new set of recovery codes (the password again); the old ones stop working. */
export async function renewRecoveryCodes(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, password: string): Promise<string[]> {
  const user = await signedInUser(app, auth);
  await reauthenticate(app, user, password, 'password');
  return app.db.transaction(async (tx) => {
    const totp = await lockTotp(tx, auth.userId);
    if (!totp?.confirmed_at) throw conflict(TWO_FACTOR_TEXTS.notEnabled);
    const codes = await renewCodes(tx, auth.userId);
    await recordAudit(tx, request, { action: 'auth.recovery_codes_renew', targetType: 'user', targetId: auth.userId, organizationId: auth.homeOrganizationId });
    return codes;
  });
}

/**
 * An administrator resets a user's second factor (a lost phone and no recovery code left): their authenticator app
 * and their passkeys are removed, and they sign in with their password alone until they set one up again. Only for a user the caller may manage; 409 when there is none.
 */
export async function resetUserSecondFactor(app: FastifyInstance, request: FastifyRequest, auth: AuthContext, userId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    assertVisible(auth, target);
    assertManageable(auth, target);
    const hadApp = await deleteSecondFactor(tx, userId);
    const passkeys = await deleteUserPasskeys(tx, userId);
    if (!hadApp && passkeys === 0) throw conflict(TWO_FACTOR_TEXTS.notEnabled);
    await recordAudit(tx, request, {
      action: 'user.two_factor_reset',
      targetType: 'user',
      targetId: userId,
      organizationId: target.organization_id,
      changes: { authenticator_app: hadApp, passkeys },
    });
  });
}
