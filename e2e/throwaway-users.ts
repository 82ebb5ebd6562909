import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { User } from '@admin-portal/contract/users';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { E2E_ADMIN } from './e2e-env.ts';

export interface Account {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  role: User['role'];
  name: string;
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  user: User;
}

export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<Tokens> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Tokens;
}

let counter = 0;

/**
 * A user of its own for one test, created by the e2e administrator, so a test that changes a name, a password or
 * ends a session never disturbs another spec running at the same time.
 */
export async function createThrowawayUser(
  request: APIRequestContext,
  overrides: Partial<Pick<Account, 'role' | 'first_name' | 'last_name' | 'password'>> & { permissions?: string[] } = {},
): Promise<Account> {
  const admin = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  counter += 1;
  const unique = `${Date.now().toString(36)}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 7)}`;
  const account = {
    email: `e2e-${unique}@example.com`,
    password: overrides.password ?? 'Throwaway-Passw0rd!',
    first_name: overrides.first_name ?? 'Tess',
    last_name: overrides.last_name ?? `Throwaway ${counter}`,
    role: overrides.role ?? 'viewer',
  };
  const res = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${admin.access_token}` },
    data: { ...account, ...(overrides.permissions ? { permissions: overrides.permissions } : {}) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...account, name: `${account.first_name} ${account.last_name}` };
}

/**
 * Signs in through the API and opens the portal with those tokens, as a returning user would. Install the page's
 * clock before calling this when a test needs to move time.
 */
export async function openSignedIn(page: Page, account: Pick<Account, 'email' | 'password' | 'name'>, path = '/dashboard'): Promise<Tokens> {
  const tokens = await apiLogin(page.request, account.email, account.password);
  // The tokens are written on a page of the portal's origin where no app runs: /login would start the app with the
  // tokens already stored (a previous openSignedIn's), and that app could still act on them as these are written.
  await page.goto('/favicon.svg');
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
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await expect(page.getByRole('banner')).toContainText(account.name);
  return tokens;
}
