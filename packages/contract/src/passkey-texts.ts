// Zod-free: the sign-in page (a first download within its budget) and the profile read these without the schemas
// (zod-free.test.ts).

/** How many passkeys one account may register. */
export const MAX_PASSKEYS = 20;
export const PASSKEY_NAME_MAX = 64;

export const PASSKEY_TEXTS = {
  signIn: 'Sign in with a passkey',
  useInstead: 'Use a passkey instead',
  added: 'Passkey added. You can sign in with it instead of your password and code.',
  removed: 'Passkey removed.',
  notVerified: 'This passkey could not be verified. Try again, or sign in with your password.',
  unknown: 'This passkey is not registered here. Sign in with your password, then add it from your profile.',
  notYours: 'This passkey belongs to another account. Use a passkey of the account you signed in with.',
  expired: 'The passkey request has expired. Try again.',
  cancelled: 'The passkey request was cancelled or timed out.',
  alreadyRegistered: 'This passkey is already registered.',
  tooMany: `An account can have at most ${MAX_PASSKEYS} passkeys: remove one before adding another.`,
  nameRequired: 'Name the passkey, e.g. "Work laptop"',
  /** The browser cannot use passkeys on this address (not a secure context, an IP address, or no WebAuthn). */
  unsupported: 'Passkeys work when the portal is opened at its domain name over HTTPS (or at localhost).',
} as const;

/** Whether this page can use passkeys: WebAuthn, a secure context, and a domain name (browsers refuse IP addresses). */
export function passkeysSupportedHere(): boolean {
  if (typeof window === 'undefined' || !window.isSecureContext || !('PublicKeyCredential' in window)) return false;
  const host = window.location.hostname;
  return !/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) && !host.startsWith('[');
}
