/*
 * The paths of the app's screens (spec §2), without their code: what the shell and the routes ask ("is there a screen
 * at this url?") without importing the screens themselves. screens.ts gives each path its lazy screen, and the compiler
 * holds the two together (a path without a screen there, or a screen without a path here, does not compile).
 */

/** Screens reachable without signing in. */
export const PUBLIC_SCREEN_PATHS = ['/login', '/register', '/register/confirm', '/unauthorized'] as const;

/** Screens inside the signed-in layout. */
export const APP_SCREEN_PATHS = [
  '/dashboard',
  '/users',
  '/workflows',
  '/workflows/builder',
  '/workflows/analytics',
  '/applications',
  '/applications/analytics',
  '/tools',
  '/tools/analytics',
  '/audit-log',
  '/settings/system-config',
  '/settings/organizations',
  '/settings/webhooks',
  '/search',
  '/settings',
  '/help',
  '/docs',
  '/docs/:slug',
  '/support',
  '/privacy-policy',
] as const;

export type PublicScreenPath = (typeof PUBLIC_SCREEN_PATHS)[number];
export type AppScreenPath = (typeof APP_SCREEN_PATHS)[number];

/** Every screen's path: the menu and the shell's links show only urls found here (docs/decisions/0009). */
export const SCREEN_PATHS: ReadonlySet<string> = new Set<string>([...PUBLIC_SCREEN_PATHS, ...APP_SCREEN_PATHS]);
