import { z } from 'zod';
import { CURRENT_PASSWORD_RULE } from './common.ts';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from './two-factor-texts.ts';

export * from './two-factor-texts.ts';

/**
 * Two-factor sign-in with an authenticator app (issue 37 item 1): TOTP codes (RFC 6238: six digits, a new one every
 * 30 seconds) and ten one-time recovery codes. An account without a second factor signs in exactly as the spec says;
 * one with it gets a challenge from POST /auth/login and finishes with POST /auth/login/second-factor.
 */

export const totpCodeSchema = z.string().max(6).regex(TOTP_CODE_PATTERN, 'Enter the 6-digit code from your authenticator app');

/** POST /auth/login's answer for an account with a second factor: no tokens yet, a challenge to finish. */
export const secondFactorChallengeSchema = z.object({
  second_factor_required: z.literal(true),
  /** The account has no second factor yet but a policy requires one: it sets one up first (POST /auth/login/enrol/…). */
  enrolment_required: z.boolean(),
  /** Brought back with the code; good for CHALLENGE_MINUTES and for CHALLENGE_FAILURES wrong codes. */
  challenge_token: z.string(),
  methods: z.array(z.enum(['totp', 'recovery_code', 'passkey'])),
  expires_in: z.number().int(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/**
 * POST /auth/login/second-factor: the challenge and a code, either the app's six digits or one of the recovery codes
 * (told apart by their form).
 */
export const secondFactorLoginSchema = z.object({
  challenge_token: z.string().min(1).max(128),
  code: z
    .string()
    .max(11)
    .regex(new RegExp(`${TOTP_CODE_PATTERN.source}|${RECOVERY_CODE_PATTERN.source}`), 'Enter the 6-digit code from your authenticator app, or a recovery code'),
});

/** POST /auth/login/enrol/setup: the challenge of a sign-in that must set up a second factor first. */
export const enrolmentSetupSchema = z.object({ challenge_token: z.string().min(1).max(128) });
/** POST /auth/login/enrol/confirm: the challenge and the app's first code. */
export const enrolmentConfirmSchema = z.object({ challenge_token: z.string().min(1).max(128), code: totpCodeSchema });

/** GET /auth/two-factor: whether your account has a second factor, and how many recovery codes are left. */
export const twoFactorStatusSchema = z.object({
  totp_enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int().min(0),
  /** Passkeys registered (GET /auth/passkeys lists them): each signs in with both factors in one. */
  passkeys: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Your password again, before a change to how you sign in. */
export const currentPasswordSchema = z.object({
  password: z.string().min(1, 'Enter your current password').max(256).meta({ 'x-current-password': CURRENT_PASSWORD_RULE }),
});

/** POST /auth/two-factor/totp/setup: a new secret to add to the app (not in force until a code confirms it). */
export const totpSetupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/… (issuer, account, secret): what the QR code holds. */
  otpauth_uri: z.string(),
  /** The QR code as an SVG document. */
  qr_svg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpConfirmSchema = z.object({ code: totpCodeSchema });

/** The recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()), message: z.string() });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
