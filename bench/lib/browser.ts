import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../apps/web/src/shared/storage/storage-keys.ts';
import type { Tokens } from './server.ts';

/** Headless Chromium as the machine notes say to launch it (Debian's build, no background traffic). */
export const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Puts the session's tokens where the web app keeps them, on the page's origin (the page must be on it). */
export async function storeTokens(page: Page, tokens: Tokens): Promise<void> {
  await page.evaluate(
    ([keys, values]) => {
      localStorage.setItem(keys[0]!, values[0]!);
      localStorage.setItem(keys[1]!, values[1]!);
    },
    [
      [STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken],
      [tokens.access_token, tokens.refresh_token],
    ] as const,
  );
}

/** A browser context's storage state with the session's tokens on `origin`: the page starts signed in, no detour by /login. */
export function signedInState(origin: string, tokens: Tokens) {
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: STORAGE_KEYS.accessToken, value: tokens.access_token },
          { name: STORAGE_KEYS.refreshToken, value: tokens.refresh_token },
        ],
      },
    ],
  };
}
