// Zod-free: the sign-in page (a first download within its budget) and the profile read these without the schemas
// (zod-free.test.ts).

/** A code from the app: six digits (the form takes out the space apps show in "123 456"). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
/** A recovery code as shown ("abcde-fghij", base32 letters and digits), in either case, the dash optional. */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z2-7]{5}-?[A-Za-z2-7]{5}$/;

/** A recovery code, normalised: lower case, no dash. */
export const normalRecoveryCode = (code: string): string => code.toLowerCase().replace('-', '');

export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_FAILURES = 5;
export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_TEXTS = {
  invalidCode: 'The code is not right. Check the time on your phone and try the newest code.',
  invalidRecoveryCode: 'This recovery code is not right or has been used.',
  challengeInvalid: 'This sign-in has expired. Enter your e-mail and password again.',
  alreadyEnabled: 'Two-factor authentication is already on. Turn it off first to set up another app.',
  noSetup: 'Start the setup first: there is no new secret waiting for a code.',
  notEnabled: 'Two-factor authentication is not on for this account.',
  enabled: 'Two-factor authentication is on. Keep your recovery codes somewhere safe: each works once.',
  disabled: 'Two-factor authentication is off.',
  codesRenewed: 'New recovery codes made; the old ones no longer work.',
  required: 'Your organization requires two-factor authentication for your account. Set up an authenticator app to continue.',
  requiredCannotDisable: 'Your organization requires two-factor authentication for your account: it cannot be turned off.',
  reset: 'Two-factor authentication reset: the user signs in with their password alone until they set it up again.',
} as const;
