import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { adminHeaders, createOrganization, uniqueSuffix } from './admin-api.ts';
import { apiLogin, createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/** /settings: the signed-in user's own preferences, saved on the server. */

let user: Account;

test.beforeEach(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  user = await createThrowawayUser(request, { role: 'viewer', first_name: 'Pia' });
  await request.dispose();
});

const html = (page: Page) => page.locator('html');

async function openSettings(page: Page, account: Account = user) {
  await openSignedIn(page, account, '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Your preferences' })).toBeVisible();
}

test('saves preferences to the account, applies the theme at once, and keeps them after a reload', async ({ page, playwright }) => {
  await openSettings(page);
  const form = page.getByRole('form', { name: 'Your preferences' });
  await expect(form.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expect(form.getByLabel('Open the sidebar by default')).toBeChecked();
  await expect(form.getByLabel('Rows per page')).toHaveValue('25');
  await expect(form.getByRole('radio', { name: /24-hour/ })).toBeChecked();
  await expect(form.getByLabel('Time zone')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Save settings' })).toBeDisabled();

  await form.getByRole('radio', { name: 'Dark' }).check();
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'dark');
  await form.getByLabel('Rows per page').selectOption('50');
  await form.getByRole('radio', { name: /12-hour/ }).check();
  await form.getByLabel('Time zone').selectOption('Asia/Tokyo');
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toContainText('Your preferences have been saved.');
  await expect(page.getByText('All changes saved.')).toBeVisible();

  // On the server, for this user.
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const { access_token } = await apiLogin(request, user.email, user.password);
  const saved = await (await request.get('/api/auth/preferences', { headers: { Authorization: `Bearer ${access_token}` } })).json();
  expect(saved).toEqual({ theme: 'dark', sidebar_open: true, page_size: 50, time_format: '12h', timezone: 'Asia/Tokyo' });
  await request.dispose();

  await page.reload();
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'dark');
  await expect(form.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(form.getByLabel('Rows per page')).toHaveValue('50');
  await expect(form.getByRole('radio', { name: /12-hour/ })).toBeChecked();
  await expect(form.getByLabel('Time zone')).toHaveValue('Asia/Tokyo');
  await expect(page.locator('#settings-timezone-preview')).toHaveText(/Now: \d{1,2}:\d{2}\s?[AP]M/);
});

test('discarding goes back to what was saved, the theme included', async ({ page }) => {
  await openSettings(page);
  const form = page.getByRole('form', { name: 'Your preferences' });
  await form.getByRole('radio', { name: 'Dark' }).check();
  await form.getByLabel('Open the sidebar by default').uncheck();
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'dark');
  await form.getByRole('button', { name: 'Discard changes' }).click();
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'light');
  await expect(form.getByRole('radio', { name: 'Light' })).toBeChecked();
  await expect(form.getByLabel('Open the sidebar by default')).toBeChecked();
  await expect(form.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme)).toBe('light');
});

test('the rows-per-page choice sets how many organizations a page shows', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await adminHeaders(request);
  const tag = `rp${uniqueSuffix()}`;
  for (let i = 1; i <= 11; i += 1) await createOrganization(request, headers, { name: `Rows ${tag} ${String(i).padStart(2, '0')}` });
  const superAdmin = await createThrowawayUser(request, { role: 'super_admin', first_name: 'Rhea' });
  await request.dispose();

  await openSettings(page, superAdmin);
  const form = page.getByRole('form', { name: 'Your preferences' });
  await form.getByLabel('Rows per page').selectOption('10');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();

  await page.goto(`/settings/organizations?q=${tag}`);
  await expect(page.getByText('Showing 1–10 of 11')).toBeVisible();
});

test('the theme and sidebar saved to the account follow the user to a fresh browser, after signing in and after a reload', async ({
  page,
  browser,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const { access_token } = await apiLogin(request, user.email, user.password);
  const auth = { Authorization: `Bearer ${access_token}` };
  const save = async (data: Record<string, unknown>) => expect((await request.put('/api/auth/preferences', { headers: auth, data })).status()).toBe(200);
  await save({ theme: 'dark', sidebar_open: false });

  // Signing in on a browser that has never seen this user.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'light');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'dark');
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Show navigation' })).toBeVisible();

  // Changed on another browser: the next start of this one takes the new choice.
  await save({ theme: 'light', sidebar_open: true });
  await page.reload();
  await expect(page.getByRole('banner')).toContainText(user.name);
  await expect(html(page)).toHaveAttribute('data-bs-theme', 'light');
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();

  // A returning session on yet another fresh browser: the startup fetch of the user applies them too.
  await save({ theme: 'dark' });
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const second = await other.newPage();
  await openSignedIn(second, user);
  await expect(html(second)).toHaveAttribute('data-bs-theme', 'dark');
  expect(await second.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme)).toBe('dark');
  await other.close();
  await request.dispose();
});
