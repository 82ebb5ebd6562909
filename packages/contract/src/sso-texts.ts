// Zod-free: the sign-in page (a first download within its budget) reads these without the schemas (zod-free.test.ts).

/** Why a single sign-on came back to the sign-in page without a session: `/login#sso_error=<key>`. */
export const SSO_ERRORS = {
  unavailable: 'Single sign-on is not set up for this e-mail address. Sign in with your password.',
  provider: 'The identity provider could not be reached. Try again in a moment, or ask your administrator.',
  denied: 'The identity provider did not sign you in.',
  expired: 'This single sign-on has expired or was already used. Start again.',
  invalid: 'The identity provider’s answer could not be verified. Start again, or ask your administrator.',
  email: 'The identity provider did not give a verified e-mail address of an allowed domain.',
  other_organization: 'This e-mail address belongs to an account of another organization.',
  inactive: 'This account is deactivated or waiting for approval.',
  super_admin: 'Super administrators sign in with their password or a passkey, not with single sign-on.',
} as const;
export type SsoErrorKey = keyof typeof SSO_ERRORS;

export const SSO_TEXTS = {
  signInWith: (provider: string) => `Sign in with ${provider}`,
  ssoOnly: (provider: string) => `Your organization signs in with ${provider}.`,
  passwordRefused: 'Your organization signs in with single sign-on: use the button on the sign-in page.',
  saved: 'Single sign-on saved.',
  removed: 'Single sign-on removed: staff sign in with their passwords.',
  secretRequired: 'Enter the client secret',
  discoveryFailed: 'The issuer’s OpenID Connect discovery document could not be read',
  domainClaimed: 'this domain belongs to another organization (its sign-ins, sign-ups or people)',
  exchangeInvalid: 'This sign-in link has expired or was already used. Start again.',
} as const;

/** How long a sign-on may take at the provider, and how long its one-time code for the sign-in page lives. */
export const SSO_REQUEST_MINUTES = 10;
export const SSO_HANDOFF_SECONDS = 60;
