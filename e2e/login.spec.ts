import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, SERVER_MESSAGES, TOASTS, VALIDATION } from '@admin-portal/contract/messages';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { E2E_ADMIN } from './e2e-env.ts';

async function signIn(page: Page, password: string = E2E_ADMIN.password) {
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signInFromScratch(page: Page) {
  await page.goto('/login');
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

const readToken = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const writeToken = (page: Page, key: string, value: string) => page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [key, value] as const);

/** Counts the calls the page makes to one API path (without a query string), with their statuses. */
function watchApi(page: Page, path: string) {
  const statuses: number[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === path && !url.search) statuses.push(response.status());
  });
  return statuses;
}

test.describe('signing in', () => {
  test('signs in through the login page and lands on the dashboard with a welcome toast', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    // The tab names the page, then the product.
    await expect(page).toHaveTitle('Sign In · Admin Portal');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'light');

    await signIn(page);

    // The welcome toast first: its 5 s run from when it is drawn, which can be before the dashboard's own screen is.
    const toast = page.getByRole('status').filter({ hasText: TOASTS.loginSuccess.title });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(TOASTS.loginSuccess.message(E2E_ADMIN.name));
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle('Dashboard · Admin Portal');

    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar).toContainText('Admin Portal');
    await expect(sidebar).toContainText(E2E_ADMIN.name);
    await expect(sidebar).toContainText(E2E_ADMIN.roleLabel);
    await expect(sidebar).toContainText(E2E_ADMIN.organization);
    await page.getByRole('banner').getByRole('button', { name: E2E_ADMIN.name }).click();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The dashboard says who is signed in, where and with which role; the permissions by name are a click away.
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account).toContainText(E2E_ADMIN.organization);
    await expect(account).toContainText(E2E_ADMIN.roleLabel);
    await account.getByRole('button', { name: 'Show my permissions' }).click();
    const profile = page.getByRole('dialog');
    await profile.getByRole('tab', { name: 'Permissions' }).click();
    const permissions = profile.getByRole('list', { name: 'Your permissions' });
    await expect(permissions).toContainText('Manage users');
    await expect(permissions).toContainText('Manage organizations');
    await page.keyboard.press('Escape');
    await expect(profile).toBeHidden();

    // Toasts go away after 5 seconds (spec §4).
    await expect(toast).toBeHidden({ timeout: 8_000 });
  });

  test('a wrong password shows the server’s reason and keeps the user on /login', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'not-the-password');
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toHaveText(new RegExp(`${SERVER_MESSAGES.invalidCredentials}|${MESSAGES.loginFailed.replace('.', '\\.')}`));
    await expect(page).toHaveURL(/\/login$/);
    expect(await readToken(page, STORAGE_KEYS.accessToken)).toBeNull();
  });

  test('an empty form shows what each field needs under it, and nothing above it', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(VALIDATION.emailRequired);
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(VALIDATION.passwordRequired);
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Validation failed')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-out visit to /dashboard goes to /login and returns there after signing in', async ({ page }) => {
    await page.goto('/dashboard?from=e2e');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard\?from=e2e$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('the sign-in screen is skipped when already signed in', async ({ page }) => {
    await signInFromScratch(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('signing out', () => {
  test('Sign Out returns to /login, ends the session on the server and guards /dashboard again', async ({ page }) => {
    await signInFromScratch(page);
    const refreshToken = await readToken(page, STORAGE_KEYS.refreshToken);
    expect(refreshToken).toBeTruthy();

    const logoutCall = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/logout');
    await page.getByRole('banner').getByRole('button', { name: E2E_ADMIN.name }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();

    await expect(page).toHaveURL(/\/login$/);
    expect((await logoutCall).ok()).toBe(true);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await readToken(page, STORAGE_KEYS.accessToken)).toBeNull();
    expect(await readToken(page, STORAGE_KEYS.refreshToken)).toBeNull();
    // The logout call revoked the session: its refresh token no longer works.
    expect((await page.request.post('/api/auth/refresh', { data: { refresh_token: refreshToken } })).status()).toBe(401);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('session renewal', () => {
  test('an expired access token is refreshed once, transparently', async ({ page }) => {
    await signInFromScratch(page);
    await writeToken(page, STORAGE_KEYS.accessToken, 'expired.or.corrupted');
    const refreshes = watchApi(page, '/api/auth/refresh');
    const me = watchApi(page, '/api/auth/me');
    const organizations = watchApi(page, '/api/admin/organizations');

    await page.reload();

    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(E2E_ADMIN.name);
    await expect(page).toHaveURL(/\/dashboard$/);
    // Startup asks for the user and the organizations in parallel: both get a 401 and share one refresh.
    expect(me).toEqual([401, 200]);
    expect(organizations).toEqual([401, 200]);
    expect(refreshes).toEqual([200]);
    const token = await readToken(page, STORAGE_KEYS.accessToken);
    expect(token).toBeTruthy();
    expect(token).not.toBe('expired.or.corrupted');
    // The rotated session still works afterwards.
    await page.reload();
    await expect(page.getByRole('banner')).toContainText(E2E_ADMIN.name);
    expect(refreshes).toEqual([200]);
  });

  test('a revoked session sends the user to /login and back after signing in again', async ({ page }) => {
    await signInFromScratch(page);
    const refreshToken = await readToken(page, STORAGE_KEYS.refreshToken);
    // Revoke the session from outside the page (as an administrator or another device would).
    const revoked = await page.request.post('/api/auth/logout', { data: { refresh_token: refreshToken } });
    expect(revoked.ok()).toBe(true);
    const refreshes = watchApi(page, '/api/auth/refresh');

    await page.reload();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(refreshes).toEqual([401]);
    expect(await readToken(page, STORAGE_KEYS.accessToken)).toBeNull();
    expect(await readToken(page, STORAGE_KEYS.refreshToken)).toBeNull();

    await signIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a refresh token used elsewhere is refused and the user must sign in again', async ({ page }) => {
    await signInFromScratch(page);
    const refreshToken = await readToken(page, STORAGE_KEYS.refreshToken);
    // Someone else rotates the page's refresh token, so the page's copy is now a reused one.
    const stolen = await page.request.post('/api/auth/refresh', { data: { refresh_token: refreshToken } });
    expect(stolen.ok()).toBe(true);
    await writeToken(page, STORAGE_KEYS.accessToken, 'expired.or.corrupted');
    const refreshes = watchApi(page, '/api/auth/refresh');

    await page.reload();

    await expect(page).toHaveURL(/\/login$/);
    expect(refreshes).toEqual([401]);
    // Reuse revoked the whole session, including the thief's new token.
    const thief = (await stolen.json()) as { refresh_token: string };
    expect((await page.request.post('/api/auth/refresh', { data: { refresh_token: thief.refresh_token } })).status()).toBe(401);
  });
});

test.describe('other screens', () => {
  test('an unknown address shows a real not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('/no-such-page')).toBeVisible();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/unauthorized explains the refusal; signed out, alone, with the way to sign in', async ({ page }) => {
    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
  });
});
