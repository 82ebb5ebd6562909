export const DEFAULT_SIGNED_IN_PATH = '/dashboard';
export const LOGIN_PATH = '/login';

interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

/** Where to go after signing in: the location the auth gate remembered, if it is an in-app path other than /login. */
export function returnPathFrom(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  if (from.pathname === LOGIN_PATH || from.pathname === '/') return DEFAULT_SIGNED_IN_PATH;
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${from.pathname}${search}${hash}`;
}

/** The email a page that sends the person to sign in (a new account's) hands over, to fill the sign-in form. */
export function prefilledEmailFrom(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}
