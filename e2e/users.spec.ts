import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { MESSAGES, SERVER_MESSAGES, VALIDATION } from '@admin-portal/contract/messages';
import { USER_EXPORT_COLUMNS } from '@admin-portal/contract/users';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { guessFromManyAddresses } from './admin-api.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './e2e-env.ts';

/*
 * User Management from a staff member's point of view. Other specs add users to the same server at the same
 * time, so every check here works on users carrying this run's token (found through the page's own search).
 */

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const LIST_TOKEN = `lst${RUN}`;
const PASSWORD = 'Listed-Passw0rd!';
const FIRST_NAMES = ['Ada', 'Bea', 'Cal', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon'];
/** 30 listed users: every third an operator, the 4 last inactive, one locked. */
const LISTED = Array.from({ length: 30 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return {
    email: `${LIST_TOKEN}-${n}@users.e2e.example`,
    first_name: FIRST_NAMES[i % FIRST_NAMES.length]!,
    last_name: `Listed ${n}`,
    role: i % 3 === 2 ? ('operator' as const) : ('viewer' as const),
    is_active: i < 26,
  };
});
const OPERATORS = LISTED.filter((u) => u.role === 'operator').length;
const INACTIVE = LISTED.filter((u) => !u.is_active).length;

let adminToken = '';
let counter = 0;

async function apiLogin(request: APIRequestContext, email: string, password: string) {
  return request.post('/api/auth/login', { data: { email, password } });
}

async function createUser(request: APIRequestContext, patch: Record<string, unknown> = {}) {
  counter += 1;
  const user = {
    email: `one${RUN}-${counter}@users.e2e.example`,
    password: PASSWORD,
    first_name: 'Olive',
    last_name: `Single ${counter}`,
    role: 'viewer',
    ...patch,
  };
  const res = await request.post('/api/admin/users', { headers: { Authorization: `Bearer ${adminToken}` }, data: user });
  expect(res.status(), await res.text()).toBe(201);
  return { ...user, id: ((await res.json()) as { id: string }).id, name: `${user.first_name} ${user.last_name}` };
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const login = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  expect(login.status()).toBe(200);
  adminToken = ((await login.json()) as { access_token: string }).access_token;
  for (const user of LISTED) {
    const res = await request.post('/api/admin/users', { headers: { Authorization: `Bearer ${adminToken}` }, data: { ...user, password: PASSWORD } });
    expect(res.status(), await res.text()).toBe(201);
  }
  // Wrong passwords from many addresses lock the account (for addresses it never used).
  await guessFromManyAddresses(request, LISTED[0]!.email, PASSWORD);
  await request.dispose();
});

async function signIn(page: Page, email: string = E2E_ADMIN.email, password: string = E2E_ADMIN.password) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function openUsers(page: Page, query = '') {
  await signIn(page);
  await page.goto(`/users${query}`);
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Users' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');
const range = (page: Page) => page.getByTestId('users-range');
const rowOf = (page: Page, text: string) => bodyRows(page).filter({ hasText: text });
const toast = (page: Page, title: string) => page.locator('.app-toasts .toast').filter({ hasText: title });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

async function rowAction(page: Page, rowText: string, action: string) {
  const row = rowOf(page, rowText);
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('button', { name: action, exact: true }).click();
}

/** No serious or critical axe-core violation on what is on screen. */
async function expectAccessible(page: Page, what: string) {
  // Scan a settled page: mid-fade, text is drawn at partial opacity and reads as low contrast.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

test.describe('User Management', () => {
  test('lists, searches (debounced), filters, sorts and paginates users on the server', async ({ page }) => {
    await openUsers(page);
    await expect(table(page)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');

    // Typing searches after a pause, without pressing Enter.
    await search(page, LIST_TOKEN);
    await page.getByLabel('Rows per page').selectOption('10');
    await expect(range(page)).toHaveText('1–10 of 30');
    await expect(bodyRows(page)).toHaveCount(10);

    // Each row: name, email, role badge, organization, status, last sign-in.
    const first = rowOf(page, LISTED[29]!.email);
    await expect(first).toContainText(`${LISTED[29]!.first_name} ${LISTED[29]!.last_name}`);
    await expect(first).toContainText(E2E_ADMIN.organization);
    await expect(first).toContainText('Inactive');
    await expect(first).toContainText('Never');

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(range(page)).toHaveText('11–20 of 30');
    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect(range(page)).toHaveText('21–30 of 30');
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('listitem').filter({ hasText: '(current)' })).toContainText('3');

    // Sorting goes back to the first page; a second click reverses.
    const emailHeader = page.getByRole('columnheader', { name: /Email/ });
    await emailHeader.getByRole('button').click();
    await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(range(page)).toHaveText('1–10 of 30');
    await expect(bodyRows(page).first()).toContainText(LISTED[0]!.email);
    await emailHeader.getByRole('button').click();
    await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(bodyRows(page).first()).toContainText(LISTED[29]!.email);

    // Filters: role, then status.
    await page.getByLabel('Filter by role').selectOption('operator');
    await expect(range(page)).toHaveText(`1–${OPERATORS} of ${OPERATORS}`);
    for (const row of await bodyRows(page).all()) await expect(row).toContainText('Operator');
    await page.getByLabel('Filter by role').selectOption('');
    await page.getByLabel('Filter by status').selectOption('inactive');
    await expect(range(page)).toHaveText(`1–${INACTIVE} of ${INACTIVE}`);
    for (const row of await bodyRows(page).all()) await expect(row).toContainText('Inactive');
    await page.getByLabel('Filter by status').selectOption('locked');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(LISTED[0]!.email);
    await expect(bodyRows(page).first()).toContainText('Locked');

    // A search with no match says so and offers to clear the filters.
    await search(page, `${LIST_TOKEN}-nobody`);
    await expect(table(page)).toContainText('No users match these filters.');
    await table(page).getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
    await expect(page.getByLabel('Filter by status')).toHaveValue('');

    // The view lives in the URL: a reload shows the same page.
    await search(page, LIST_TOKEN);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.reload();
    await expect(range(page)).toHaveText('11–20 of 30');
  });

  test('creates a user: client checks, the server’s duplicate-email error on its field, then the success toast', async ({ page }) => {
    await openUsers(page);
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await expect(dialog).toBeVisible();

    // The contract's own schema checks the form first.
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expectFieldError(dialog.getByLabel('First name'), VALIDATION.firstNameRequired);
    await expectFieldError(dialog.getByLabel('Email'), VALIDATION.emailRequired);
    await expectFieldError(dialog.getByLabel('Password'), VALIDATION.passwordTooShort);

    const email = `new${RUN}@users.e2e.example`;
    await dialog.getByLabel('First name').fill('Nina');
    await expect(dialog.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Last name').fill('Newcomer');
    await dialog.getByLabel('Email').fill(LISTED[5]!.email.toUpperCase());
    await dialog.getByLabel('Password').fill('Newcomer-Pass1');
    // An admin of this console is a super admin: every role and the organization picker are offered.
    await expect(dialog.getByLabel('Role').locator('option')).toHaveCount(7);
    await expect(dialog.getByLabel('Organization')).toBeVisible();
    await dialog.getByLabel('Role').selectOption('operator');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expectFieldError(dialog.getByLabel('Email'), SERVER_MESSAGES.emailTaken);

    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Email').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'User created')).toContainText(MESSAGES.userCreated);

    await search(page, email);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText('Nina Newcomer');
    await expect(bodyRows(page).first()).toContainText('Operator');
    await expect(bodyRows(page).first()).toContainText('Active');
  });

  test('edits a user', async ({ page, request }) => {
    const user = await createUser(request);
    await openUsers(page, `?q=${encodeURIComponent(user.email)}`);
    await rowAction(page, user.email, 'Edit');
    const dialog = page.getByRole('dialog', { name: `Edit ${user.name}` });
    await expect(dialog.getByLabel('First name')).toHaveValue(user.first_name);
    await dialog.getByLabel('First name').fill('Edited');
    await dialog.getByLabel('Role').selectOption('analyst');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'User updated')).toBeVisible();
    const row = rowOf(page, user.email);
    await expect(row).toContainText(`Edited ${user.last_name}`);
    await expect(row).toContainText('Business Analyst');
  });

  test('resets a password with the spec’s checks; the user then signs in with it', async ({ page, request, browser }) => {
    const user = await createUser(request);
    await openUsers(page, `?q=${encodeURIComponent(user.email)}`);
    await rowAction(page, user.email, 'Reset password');
    const dialog = page.getByRole('dialog', { name: 'Reset password' });
    await expect(dialog).toContainText(user.name);

    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await expectFieldError(dialog.getByLabel('New password', { exact: true }), VALIDATION.newPasswordRequired);
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm new password').fill('different');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await expectFieldError(dialog.getByLabel('New password', { exact: true }), VALIDATION.passwordTooShort);
    await expectFieldError(dialog.getByLabel('Confirm new password'), VALIDATION.passwordsDoNotMatch);

    const newPassword = 'Brand-New-Passw0rd';
    await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirm new password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Password reset')).toContainText(SERVER_MESSAGES.passwordReset);

    // The user signs in with the new password in their own browser.
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await theirs.goto('/login');
    await theirs.getByLabel('Email').fill(user.email);
    await theirs.getByLabel('Password').fill(newPassword);
    await theirs.getByRole('button', { name: 'Sign In' }).click();
    await expect(theirs).toHaveURL(/\/dashboard$/);
    await context.close();
    expect((await apiLogin(request, user.email, PASSWORD)).status()).toBe(401);
  });

  test('unlocks an account locked by failed sign-ins from many addresses', async ({ page, request }) => {
    const user = await createUser(request);
    const stranger = await guessFromManyAddresses(request, user.email, PASSWORD);
    const signInFrom = (address: string) =>
      request.post('/api/auth/login', { data: { email: user.email, password: PASSWORD }, headers: { 'x-forwarded-for': address } });
    expect((await signInFrom(stranger)).status()).toBe(429);

    await openUsers(page, `?q=${encodeURIComponent(user.email)}`);
    const row = rowOf(page, user.email);
    await expect(row).toContainText('Locked');
    await rowAction(page, user.email, 'Unlock');
    await expect(toast(page, 'User unlocked')).toContainText(SERVER_MESSAGES.userUnlocked);
    await expect(row).not.toContainText('Locked');
    // Unlock is offered only while the account is locked.
    await row.getByRole('button', { name: /^Actions for / }).click();
    await expect(page.getByRole('button', { name: 'Unlock', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    expect((await signInFrom(stranger)).status()).toBe(200);
  });

  test('grants and removes an extra permission, showing role defaults and the effective list', async ({ page, request }) => {
    const user = await createUser(request);
    await openUsers(page, `?q=${encodeURIComponent(user.email)}`);
    await rowAction(page, user.email, 'Permissions');
    const dialog = page.getByRole('dialog', { name: `Permissions of ${user.name}` });

    const fromRole = dialog.getByRole('list', { name: 'Permissions from the role' });
    await expect(fromRole).toContainText('View workflows');
    await expect(fromRole.getByText('From role').first()).toBeVisible();
    await expect(dialog).toContainText('No extra permissions granted.');
    const effective = dialog.getByRole('list', { name: 'Effective permissions' });
    await expect(effective).not.toContainText('manage_templates');

    await dialog.getByLabel('Permission to grant').selectOption('manage_templates');
    await dialog.getByRole('button', { name: 'Grant' }).click();
    await expect(toast(page, 'Permission granted')).toBeVisible();
    const extras = dialog.getByRole('list', { name: 'Granted extra permissions' });
    await expect(extras).toContainText('Manage templates');
    await expect(effective).toContainText('manage_templates');

    await extras.getByRole('button', { name: 'Remove Manage templates' }).click();
    await expect(toast(page, 'Permission removed')).toBeVisible();
    await expect(dialog).toContainText('No extra permissions granted.');
    await expect(effective).not.toContainText('manage_templates');

    const check = await request.get(`/api/admin/users/${user.id}/permissions`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(((await check.json()) as { extra_permissions: string[] }).extra_permissions).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });

  test('deletes a user after a confirmation naming them; never offers deleting yourself', async ({ page, request }) => {
    const user = await createUser(request);
    await openUsers(page, `?q=${encodeURIComponent(user.email)}`);
    await rowAction(page, user.email, 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Delete user' });
    await expect(dialog).toContainText(`Delete ${user.name} (${user.email})?`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, user.email)).toBeVisible();

    await rowAction(page, user.email, 'Delete');
    await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete user' }).click();
    await expect(toast(page, 'User deleted')).toContainText(SERVER_MESSAGES.userDeleted);
    await expect(table(page)).toContainText('No users match these filters.');

    await search(page, E2E_ADMIN.email);
    const self = rowOf(page, E2E_ADMIN.email);
    await expect(self).toContainText('You');
    await self.getByRole('button', { name: /^Actions for / }).click();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  });

  test('bulk deactivates the selected users one by one, then sums up; the server’s refusals are reported', async ({ page, request }) => {
    const token = `blk${RUN}`;
    const users = [];
    for (let i = 0; i < 3; i += 1) users.push(await createUser(request, { email: `${token}-${i}@users.e2e.example`, last_name: `Bulk ${i}` }));
    await openUsers(page, `?q=${token}`);
    await expect(bodyRows(page)).toHaveCount(3);

    await page.getByRole('checkbox', { name: 'Select all users on this page' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('3 selected');
    await bar.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate 3 users' });
    for (const u of users) await expect(dialog).toContainText(u.email);
    await dialog.getByRole('button', { name: 'Deactivate 3 users' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Users deactivated')).toContainText('3 users deactivated.');
    for (const u of users) await expect(rowOf(page, u.email)).toContainText('Inactive');
    await expect(bar).toBeHidden();
    for (const u of users) expect((await apiLogin(request, u.email, PASSWORD)).status()).toBe(403);

    // Your own account cannot be deactivated: the server says no and the summary says why.
    await search(page, E2E_ADMIN.email);
    await page.getByRole('checkbox', { name: `Select ${E2E_ADMIN.name}` }).check();
    await bar.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog', { name: 'Deactivate 1 user' }).getByRole('button', { name: 'Deactivate 1 user' }).click();
    await expect(toast(page, 'No users deactivated')).toContainText('You cannot deactivate your own account.');
    await expect(rowOf(page, E2E_ADMIN.email)).toContainText('Active');
  });

  test('exports the filtered users as CSV', async ({ page }) => {
    await openUsers(page, `?q=${LIST_TOKEN}&role=operator&sort=email`);
    await expect(range(page)).toHaveText(`1–${OPERATORS} of ${OPERATORS}`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(USER_EXPORT_COLUMNS.join(','));
    const emails = lines.slice(1).map((line) => line.split(',')[1]);
    expect(emails).toEqual(LISTED.filter((u) => u.role === 'operator').map((u) => u.email));
    await expect(toast(page, 'Export ready')).toBeVisible();
  });

  test('dialogs work from the keyboard: Escape closes, Enter submits', async ({ page, request }) => {
    const user = await createUser(request);
    await openUsers(page, `?q=${encodeURIComponent(user.email)}`);

    await page.getByRole('button', { name: 'New user' }).click();
    const create = page.getByRole('dialog', { name: 'New user' });
    await expect(create.getByLabel('First name')).toBeFocused();
    // Under the full suite's load the dialog may still be finishing its opening transition when the key arrives.
    await expect(async () => {
      if (await create.isVisible()) await page.keyboard.press('Escape');
      await expect(create).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });

    // The row menu opens and is walked with the keyboard.
    await rowOf(page, user.email)
      .getByRole('button', { name: /^Actions for / })
      .focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Edit', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: 'Reset password', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    const reset = page.getByRole('dialog', { name: 'Reset password' });
    await expect(reset.getByLabel('New password', { exact: true })).toBeFocused();
    await page.keyboard.type('Keyboard-Passw0rd');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard-Passw0rd');
    await page.keyboard.press('Enter');
    await expect(reset).toBeHidden();
    await expect(toast(page, 'Password reset')).toBeVisible();
    expect((await apiLogin(request, user.email, 'Keyboard-Passw0rd')).status()).toBe(200);

    await rowAction(page, user.email, 'Permissions');
    const permissions = page.getByRole('dialog', { name: `Permissions of ${user.name}` });
    await expect(permissions).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(permissions).toBeHidden();
  });

  test('offers an administrator who is not a super admin only what the server would allow', async ({ page, request }) => {
    const admin = await createUser(request, { role: 'admin', first_name: 'Orla', last_name: `Admin ${RUN}` });
    await signIn(page, admin.email, admin.password);
    await page.goto(`/users?q=${encodeURIComponent(E2E_ADMIN.email)}`);
    // A super administrator outranks them: nothing to change on that row, only its history to read.
    const superRow = rowOf(page, E2E_ADMIN.email);
    await superRow.getByRole('button', { name: /^Actions for / }).click();
    const menu = page.locator('.dropdown-menu.show');
    await expect(menu.getByRole('link', { name: 'History' })).toBeVisible();
    await expect(menu.getByRole('button')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    const roles = dialog.getByLabel('Role').locator('option');
    await expect(roles).toHaveCount(6);
    expect(await roles.allTextContents()).not.toContain('Super Administrator');
    await expect(dialog.getByLabel('Organization')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await search(page, admin.email);
    await rowOf(page, admin.email)
      .getByRole('button', { name: /^Actions for / })
      .click();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the selection bar, the row menu and the dialogs pass an accessibility scan (${theme})`, async ({ page, request }) => {
      const user = await createUser(request);
      await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.theme, theme]);
      await openUsers(page, `?q=${encodeURIComponent(user.email)}`);
      await page.getByRole('checkbox', { name: `Select ${user.name}` }).check();
      await expect(page.getByRole('region', { name: 'Bulk actions' })).toBeVisible();
      await rowOf(page, user.email)
        .getByRole('button', { name: /^Actions for / })
        .click();
      await expect(page.getByRole('button', { name: 'Permissions', exact: true })).toBeVisible();
      await expectAccessible(page, 'list with selection and open menu');

      await page.getByRole('button', { name: 'Permissions', exact: true }).click();
      await expect(page.getByRole('list', { name: 'Effective permissions' })).toBeVisible();
      await expectAccessible(page, 'permissions dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'New user' }).click();
      const dialog = page.getByRole('dialog', { name: 'New user' });
      await dialog.getByRole('button', { name: 'Create user' }).click();
      await expect(dialog.getByText(VALIDATION.firstNameRequired)).toBeVisible();
      await expectAccessible(page, 'create dialog with errors');
    });
  }

  test('fits narrow windows in the dark theme: columns give way to the name, the page never scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.addInitScript(([key]) => localStorage.setItem(key!, 'dark'), [STORAGE_KEYS.theme]);
    await openUsers(page, `?q=${LIST_TOKEN}`);
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
    await expect(bodyRows(page).first()).toBeVisible();
    const pageFits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const wrapper = page.locator('.table-responsive');
    const overflow = () => wrapper.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(await pageFits()).toBe(true);

    await page.setViewportSize({ width: 760, height: 800 });
    // Organization and Last sign-in give way; what they say is under each name. The table fits: no sideways scroll.
    await expect(page.getByRole('columnheader', { name: 'Organization' })).toBeHidden();
    await expect(bodyRows(page).first().getByText('Organization:', { exact: true })).toBeVisible();
    await expect(bodyRows(page).first().getByText('Last sign-in:', { exact: true })).toBeVisible();
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    expect(await pageFits()).toBe(true);
    // The row menu opens in full.
    await bodyRows(page)
      .first()
      .getByRole('button', { name: /^Actions for / })
      .click();
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toBeInViewport();
    await page.keyboard.press('Escape');

    // The header cells take the theme's colours, not a light background.
    const background = await page.getByRole('columnheader', { name: /Email/ }).evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(3 * 128);
  });
});
