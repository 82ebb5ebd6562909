import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { TWO_FACTOR_TEXTS } from '@admin-portal/contract/two-factor-texts';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { E2E_ADMIN } from './e2e-env.ts';
import { createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';
import { openProfile, profileDialog } from './profile-dialog.ts';

/** Issue 37 item 1: two-factor authentication with an authenticator app, from the profile to the sign-in page. */

/** The app's code for the secret, `offsetSteps` 30-second steps from now (the test is the authenticator app). */
const codeFor = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

async function signOut(page: Page, account: Account) {
  await page.getByRole('banner').getByRole('button', { name: account.name }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function password(page: Page, account: Account) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Two-factor authentication', { exact: true })).toBeVisible();
}

test('sets up an authenticator app, then signs in with its code and with a recovery code, which is then spent', async ({ page, request }) => {
  const account = await createThrowawayUser(request, { first_name: 'Tove' });
  await openSignedIn(page, account);
  await openProfile(page, account.name, 'Security');
  const dialog = profileDialog(page).getByRole('region', { name: 'Two-factor authentication' });
  await expect(dialog.getByText('Off', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await dialog.getByLabel('Current password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByLabel('Current password')).toHaveAccessibleDescription(/incorrect/i);
  await dialog.getByLabel('Current password').fill(account.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await dialog.locator('code').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByLabel('Code from the app').fill('000000');
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByLabel('Code from the app')).toHaveAccessibleDescription(TWO_FACTOR_TEXTS.invalidCode);
  // The step before: the sign-in below uses the current step's code (a code works once).
  await dialog.getByLabel('Code from the app').fill(await codeFor(secret, -1));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.locator('.alert-success')).toContainText(TWO_FACTOR_TEXTS.enabled);
  const codes = (await dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(dialog.getByText('10 of 10 recovery codes left.', { exact: false })).toBeVisible();
  await profileDialog(page).getByRole('button', { name: 'Close' }).first().click();

  // Sign in again: the password, then the app's code.
  await signOut(page, account);
  await password(page, account);
  await page.getByLabel('Authentication code').fill('111111');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Authentication code')).toHaveAccessibleDescription(TWO_FACTOR_TEXTS.invalidCode);
  await page.getByLabel('Authentication code').fill(await codeFor(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('banner')).toContainText(account.name);

  // And with a recovery code, once.
  await signOut(page, account);
  await password(page, account);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page, account);
  await password(page, account);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Recovery code')).toHaveAccessibleDescription(TWO_FACTOR_TEXTS.invalidRecoveryCode);
  await page.getByLabel('Recovery code').fill(codes[1]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openProfile(page, account.name, 'Security');
  await expect(profileDialog(page).getByText('8 of 10 recovery codes left.', { exact: false })).toBeVisible();
});

test("an administrator resets a user's second factor from the Users page; they then sign in with the password alone", async ({ page, request, browser }) => {
  const account = await createThrowawayUser(request, { first_name: 'Ulla' });
  // The user turns it on through the API (as the profile does).
  const signIn = await request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  const headers = { Authorization: `Bearer ${(await signIn.json()).access_token}` };
  const setup = await (await request.post('/api/auth/two-factor/totp/setup', { headers, data: { password: account.password } })).json();
  expect((await request.post('/api/auth/two-factor/totp/confirm', { headers, data: { code: await codeFor(setup.secret) } })).status()).toBe(200);

  await openSignedIn(page, E2E_ADMIN, `/users?q=${encodeURIComponent(account.email)}`);
  const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr').filter({ hasText: account.email });
  await expect(row.getByText('2FA')).toHaveAttribute('title', 'Two-factor authentication with an authenticator app');
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('button', { name: 'Reset two-factor', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset two-factor authentication' });
  await expect(dialog).toContainText(account.name);
  await dialog.getByRole('button', { name: 'Reset two-factor authentication' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.app-toasts .toast').filter({ hasText: 'Two-factor authentication reset' })).toBeVisible();
  // Nothing left to reset: no badge, no menu item.
  await expect(row.getByText('2FA')).toBeHidden();
  await row.getByRole('button', { name: /^Actions for / }).click();
  await expect(page.getByRole('button', { name: 'Sessions', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset two-factor', exact: true })).toBeHidden();
  await page.keyboard.press('Escape');

  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await theirPage.goto('/login');
  await theirPage.getByLabel('Email').fill(account.email);
  await theirPage.getByLabel('Password').fill(account.password);
  await theirPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(theirPage).toHaveURL(/\/dashboard$/);
  await theirs.close();
});

test('an organization that requires a second factor of a role makes such an account set one up at its next sign-in', async ({ page, request, browser }) => {
  // A new organization with a viewer in it, made through the API by the e2e administrator.
  const admin = await (await request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } })).json();
  const headers = { Authorization: `Bearer ${admin.access_token}` };
  const unique = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  const orgName = `Strict ${unique}`;
  const org = await request.post('/api/admin/organizations', { headers, data: { name: orgName, description: '' } });
  expect(org.status(), await org.text()).toBe(201);
  const orgId = (await org.json()).id as string;
  const viewer = { email: `e2e-strict-${unique}@example.com`, password: 'Throwaway-Passw0rd!', first_name: 'Vera', last_name: `Strict ${unique}` };
  const created = await request.post('/api/admin/users', { headers, data: { ...viewer, role: 'viewer', organization_id: orgId } });
  expect(created.status(), await created.text()).toBe(201);

  // The administrator requires it of viewers in the organization's settings.
  await openSignedIn(page, E2E_ADMIN, `/settings/organizations?q=${encodeURIComponent(orgName)}`);
  await page.getByRole('button', { name: `Settings of ${orgName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Settings of ${orgName}` });
  const roles = dialog.getByRole('group', { name: 'Require two-factor authentication for' });
  await roles.getByLabel('Viewer').check();
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog).toBeHidden();

  // The viewer signs in: the password, then setting up the app before anything else.
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await theirPage.goto('/login');
  await theirPage.getByLabel('Email').fill(viewer.email);
  await theirPage.getByLabel('Password').fill(viewer.password);
  await theirPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(theirPage.getByText(TWO_FACTOR_TEXTS.required)).toBeVisible();
  await expect(theirPage.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  // No session yet: nothing of the portal is reachable.
  expect(await theirPage.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken)).toBeNull();
  const secret = (await theirPage.locator('code').textContent())!.trim();
  await theirPage.getByLabel('Code from the app').fill(await codeFor(secret));
  await theirPage.getByRole('button', { name: 'Turn on and sign in' }).click();
  await expect(theirPage.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await theirPage.getByRole('button', { name: 'I have saved them: continue' }).click();
  await expect(theirPage).toHaveURL(/\/dashboard$/);
  await expect(theirPage.getByRole('banner')).toContainText(viewer.first_name);
  expect(await theirPage.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken)).not.toBeNull();
  await theirs.close();
});
