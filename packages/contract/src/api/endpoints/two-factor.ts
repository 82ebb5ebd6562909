import { successSchema } from '../../common.ts';
import { currentPasswordSchema, recoveryCodesSchema, totpConfirmSchema, totpSetupSchema, twoFactorStatusSchema } from '../../two-factor.ts';
import { SIGNED_IN } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';

/**
 * Your second factor, from the profile's Security tab (issue 37 item 1): every signed-in user manages their own, and
 * each change asks for the password again. An administrator's reset of a user's is a Users endpoint
 * (/api/admin/users/:id/two-factor/reset); signing in with it, the Auth sign-in endpoints.
 */
const tags = ['Auth'] as const;

export const TWO_FACTOR_ENDPOINTS = defineEndpoints({
  getTwoFactorStatus: {
    method: 'GET',
    path: '/api/auth/two-factor',
    tags,
    summary: 'Whether your account signs in with a second factor',
    description: 'Also how many recovery codes are left.',
    access: SIGNED_IN,
    responses: { 200: twoFactorStatusSchema },
  },
  startTotpSetup: {
    method: 'POST',
    path: '/api/auth/two-factor/totp/setup',
    tags,
    summary: 'Set up an authenticator app, step one (your password again)',
    description: 'A new secret, its otpauth:// address and QR code; not in force until a code confirms it. 409 while one is on.',
    access: SIGNED_IN,
    body: currentPasswordSchema,
    responses: { 200: totpSetupSchema },
  },
  confirmTotpSetup: {
    method: 'POST',
    path: '/api/auth/two-factor/totp/confirm',
    tags,
    summary: "Set up an authenticator app, step two: the app's first code",
    description: "The app's first code turns the second factor on; answers ten recovery codes, shown this once.",
    access: SIGNED_IN,
    body: totpConfirmSchema,
    responses: { 200: recoveryCodesSchema },
  },
  disableTotp: {
    method: 'POST',
    path: '/api/auth/two-factor/totp/disable',
    tags,
    summary: 'Turn your second factor off (your password again)',
    description: 'Its recovery codes stop working.',
    access: SIGNED_IN,
    body: currentPasswordSchema,
    responses: { 200: successSchema },
  },
  renewRecoveryCodes: {
    method: 'POST',
    path: '/api/auth/two-factor/recovery-codes',
    tags,
    summary: 'New recovery codes (your password again), shown this once',
    description: 'The old ones stop working.',
    access: SIGNED_IN,
    body: currentPasswordSchema,
    responses: { 200: recoveryCodesSchema },
  },
});
