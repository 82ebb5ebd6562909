import { expect, test, type Page } from '@playwright/test';
import { MESSAGES, newPasswordHint, SERVER_MESSAGES, TOASTS, VALIDATION } from '@admin-portal/contract/messages';
import { E2E_ADMIN } from './e2e-env.ts';
import { apiLogin, createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';
import { openProfile as openProfileDialog, profileDialog } from './profile-dialog.ts';

/** Spec §2, §4, §5, §8: the 'My Profile' dialog from the header's user menu. */

const tab = (page: Page, name: string) => profileDialog(page).getByRole('tab', { name });
const field = (page: Page, label: string) => profileDialog(page).getByLabel(label, { exact: true });

async function openProfile(page: Page, account: Pick<Account, 'name'>) {
  await openProfileDialog(page, account.name);
  await expect(tab(page, 'Profile Information')).toHaveAttribute('aria-selected', 'true');
}

/** The field's error message: the text the input is described by. */
async function expectFieldError(page: Page, label: string, message: string | null) {
  const input = field(page, label);
  if (message === null) {
    await expect(input).not.toHaveAttribute('aria-invalid', 'true');
    await expect(input).not.toHaveAccessibleDescription(/is required|valid email|do not match|must be at least|incorrect|already exists/);
  } else {
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(message);
  }
}

let account: Account;

test.beforeEach(async ({ page, request }) => {
  account = await createThrowawayUser(request, { first_name: 'Pat', role: 'viewer' });
  await openSignedIn(page, account);
});

test.describe('profile information', () => {
  test('checks each field on submit and clears a field’s error when it is edited', async ({ page }) => {
    await openProfile(page, account);
    await expect(field(page, 'First name')).toHaveValue(account.first_name);
    await expect(field(page, 'Last name')).toHaveValue(account.last_name);
    await expect(field(page, 'Email')).toHaveValue(account.email);

    await field(page, 'First name').fill('');
    await field(page, 'Last name').fill('   ');
    await field(page, 'Email').fill('');
    // Nothing is said before submitting.
    await expectFieldError(page, 'First name', null);
    await profileDialog(page).getByRole('button', { name: 'Save Changes' }).click();

    await expectFieldError(page, 'First name', VALIDATION.firstNameRequired);
    await expectFieldError(page, 'Last name', VALIDATION.lastNameRequired);
    await expectFieldError(page, 'Email', VALIDATION.emailRequired);
    // The first field in error gets the focus.
    await expect(field(page, 'First name')).toBeFocused();

    await field(page, 'First name').fill('P');
    await expectFieldError(page, 'First name', null);
    await expectFieldError(page, 'Last name', VALIDATION.lastNameRequired);
    await expectFieldError(page, 'Email', VALIDATION.emailRequired);

    await field(page, 'Last name').fill('Q');
    await expectFieldError(page, 'Last name', null);

    for (const bad of ['pat', 'pat@example', 'pat example@x.io']) {
      await field(page, 'Email').fill(bad);
      await expectFieldError(page, 'Email', null);
      await profileDialog(page).getByRole('button', { name: 'Save Changes' }).click();
      await expectFieldError(page, 'Email', VALIDATION.emailInvalid);
    }
    await field(page, 'Email').pressSequentially('x');
    await expectFieldError(page, 'Email', null);
    // Nothing was sent: the dialog is still open with no server alert.
    await expect(profileDialog(page).getByRole('alert')).toHaveCount(0);
  });

  test('saving shows a toast, closes the dialog and shows the new name everywhere', async ({ page }) => {
    await openProfile(page, account);
    await field(page, 'First name').fill('Patricia');
    await field(page, 'Last name').fill('Renamed');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/profile');
    await profileDialog(page).getByRole('button', { name: 'Save Changes' }).click();
    expect((await saved).status()).toBe(200);

    const toast = page.getByRole('status').filter({ hasText: TOASTS.profileUpdated.title });
    await expect(toast).toContainText(TOASTS.profileUpdated.message);
    await expect(profileDialog(page)).toBeHidden();
    await expect(page.getByRole('banner')).toContainText('Patricia Renamed');
    await expect(page.getByRole('banner')).not.toContainText(account.name);

    // Reopening shows the saved values; a reload confirms the server kept them.
    await openProfile(page, { name: 'Patricia Renamed' });
    await expect(field(page, 'First name')).toHaveValue('Patricia');
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('banner')).toContainText('Patricia Renamed');
  });

  test('an email already in use is refused by the server and shown on the email field', async ({ page }) => {
    await openProfile(page, account);
    await field(page, 'Email').fill(E2E_ADMIN.email);
    await field(page, 'Current password').fill(account.password);
    await profileDialog(page).getByRole('button', { name: 'Save Changes' }).click();

    await expectFieldError(page, 'Email', SERVER_MESSAGES.emailTaken);
    const alert = profileDialog(page).getByRole('alert');
    await expect(alert).toContainText(SERVER_MESSAGES.emailTaken);
    await expect(profileDialog(page)).toBeVisible();
    // The alert can be dismissed; editing the field clears its error.
    await alert.getByRole('button', { name: 'Close alert' }).click();
    await expect(alert).toBeHidden();
    await field(page, 'Email').fill(`other-${account.email}`);
    await expectFieldError(page, 'Email', null);
  });

  test('changing the email asks for the current password, and the new email signs in', async ({ page }) => {
    const mover = account;
    await openProfile(page, mover);
    await expect(field(page, 'Current password')).toHaveCount(0);
    const moved = `moved-${mover.email}`;
    await field(page, 'Email').fill(moved);
    // Shown only while the email changes.
    await expect(field(page, 'Current password')).toBeVisible();
    await profileDialog(page).getByRole('button', { name: 'Save Changes' }).click();
    await expectFieldError(page, 'Current password', SERVER_MESSAGES.currentPasswordRequiredForEmail);
    await expect(field(page, 'Current password')).toBeFocused();

    await field(page, 'Current password').fill('Not-The-Passw0rd!');
    await profileDialog(page).getByRole('button', { name: 'Save Changes' }).click();
    await expectFieldError(page, 'Current password', SERVER_MESSAGES.currentPasswordIncorrect);

    await field(page, 'Current password').fill(mover.password);
    await profileDialog(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: TOASTS.profileUpdated.title })).toBeVisible();
    expect((await page.request.post('/api/auth/login', { data: { email: moved, password: mover.password } })).status()).toBe(200);
    expect((await page.request.post('/api/auth/login', { data: { email: mover.email, password: mover.password } })).status()).toBe(401);
  });

  test('when the request never gets an answer the dialog says so', async ({ page }) => {
    await openProfile(page, account);
    await page.route('**/api/auth/profile', (route) => route.abort('connectionfailed'));
    await profileDialog(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(profileDialog(page).getByRole('alert')).toHaveText(MESSAGES.profileUpdateFailedThrown);
    await expect(profileDialog(page)).toBeVisible();
  });
});

test.describe('security', () => {
  test('checks the password fields on submit, each error clearing when its field is edited', async ({ page }) => {
    await openProfile(page, account);
    await tab(page, 'Security').click();
    const submit = profileDialog(page).getByRole('button', { name: 'Change Password' });

    // The hint says the product's minimum length, as the server applies it.
    const branding = (await (await page.request.get('/api/system/branding')).json()) as { password_min_length: number };
    await expect(profileDialog(page).getByText(newPasswordHint(branding.password_min_length))).toBeVisible();

    await submit.click();
    await expectFieldError(page, 'Current password', VALIDATION.currentPasswordRequired);
    await expectFieldError(page, 'New password', VALIDATION.newPasswordRequired);
    await expectFieldError(page, 'Confirm new password', null);

    await field(page, 'Current password').fill('whatever');
    await expectFieldError(page, 'Current password', null);
    await expectFieldError(page, 'New password', VALIDATION.newPasswordRequired);

    await field(page, 'New password').fill('short');
    await expectFieldError(page, 'New password', null);
    await field(page, 'Confirm new password').fill('short');
    await submit.click();
    await expectFieldError(page, 'New password', VALIDATION.passwordTooShort);
    await expectFieldError(page, 'Confirm new password', null);

    await field(page, 'New password').fill('long-enough-1');
    await expectFieldError(page, 'New password', null);
    await submit.click();
    await expectFieldError(page, 'Confirm new password', VALIDATION.passwordsDoNotMatch);
    await field(page, 'Confirm new password').fill('long-enough-');
    await expectFieldError(page, 'Confirm new password', null);
  });

  test('a wrong current password is shown on its field', async ({ page }) => {
    await openProfile(page, account);
    await tab(page, 'Security').click();
    await field(page, 'Current password').fill('not-my-password');
    await field(page, 'New password').fill('Brand-New-Passw0rd');
    await field(page, 'Confirm new password').fill('Brand-New-Passw0rd');
    await profileDialog(page).getByRole('button', { name: 'Change Password' }).click();

    // Once, on its field: not again in an alert above the form.
    await expectFieldError(page, 'Current password', SERVER_MESSAGES.currentPasswordIncorrect);
    await expect(profileDialog(page).getByText(SERVER_MESSAGES.currentPasswordIncorrect)).toHaveCount(1);
    await expect(profileDialog(page).getByRole('alert')).toHaveCount(0);
    await expect(tab(page, 'Security')).toHaveAttribute('aria-selected', 'true');
  });

  test('a changed password: toast, cleared form, back on the profile tab, and the new password signs in', async ({ page }) => {
    const newPassword = 'Brand-New-Passw0rd';
    await openProfile(page, account);
    await tab(page, 'Security').click();
    await field(page, 'Current password').fill(account.password);
    await field(page, 'New password').fill(newPassword);
    await field(page, 'Confirm new password').fill(newPassword);
    // Enter submits.
    await field(page, 'Confirm new password').press('Enter');

    const toast = page.getByRole('status').filter({ hasText: TOASTS.passwordChanged.title });
    await expect(toast).toContainText(TOASTS.passwordChanged.message);
    await expect(tab(page, 'Profile Information')).toHaveAttribute('aria-selected', 'true');
    await expect(profileDialog(page)).toBeVisible();
    await tab(page, 'Security').click();
    await expect(field(page, 'Current password')).toHaveValue('');
    await expect(field(page, 'New password')).toHaveValue('');
    await expect(field(page, 'Confirm new password')).toHaveValue('');
    await page.keyboard.press('Escape');

    // This session goes on; the old password no longer works and the new one does.
    expect((await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(401);
    await page.getByRole('banner').getByRole('button', { name: account.name }).click();
    await page
      .getByRole('button', { name: 'Sign Out' })
      .or(page.getByRole('menuitem', { name: 'Sign Out' }))
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('banner')).toContainText(account.name);
  });

  test('closing the dialog clears errors and typed passwords, and it reopens on the profile tab', async ({ page }) => {
    await openProfile(page, account);
    await field(page, 'First name').fill('');
    await profileDialog(page).getByRole('button', { name: 'Save Changes' }).click();
    await expectFieldError(page, 'First name', VALIDATION.firstNameRequired);
    await tab(page, 'Security').click();
    await field(page, 'Current password').fill('typed-secret');
    await profileDialog(page).getByRole('button', { name: 'Change Password' }).click();
    await expectFieldError(page, 'New password', VALIDATION.newPasswordRequired);

    await profileDialog(page).getByRole('button', { name: 'Close', exact: true }).click();
    await expect(profileDialog(page)).toBeHidden();

    await openProfile(page, account);
    await expect(field(page, 'First name')).toHaveValue(account.first_name);
    await expectFieldError(page, 'First name', null);
    await tab(page, 'Security').click();
    await expect(field(page, 'Current password')).toHaveValue('');
    await expectFieldError(page, 'New password', null);
  });
});

test.describe('permissions', () => {
  test('shows the role badge and the permission list in words', async ({ page }) => {
    await openProfile(page, account);
    await tab(page, 'Permissions').click();
    const panel = profileDialog(page).getByRole('tabpanel', { name: 'Permissions' });
    await expect(panel.getByText('Viewer', { exact: true })).toHaveClass(/text-bg-secondary/);
    const list = panel.getByRole('list', { name: 'Your permissions' });
    await expect(list.getByRole('listitem').filter({ hasText: 'View workflows' })).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: 'View analytics' })).toBeVisible();
    await expect(list).not.toContainText('_');
    await expect(panel).toContainText('come from your role');
    await expect(panel).toContainText('administrator');
    await expect(panel).not.toContainText(MESSAGES.noPermissions);
  });

  test('marks extras an administrator granted and colours the role badge by role', async ({ page, request }) => {
    const manager = await createThrowawayUser(request, { first_name: 'Max', role: 'manager', permissions: ['view_audit_logs'] });
    await openSignedIn(page, manager);
    await openProfile(page, manager);
    await tab(page, 'Permissions').click();
    const panel = profileDialog(page).getByRole('tabpanel', { name: 'Permissions' });
    await expect(panel.getByText('Manager', { exact: true })).toHaveClass(/text-bg-warning/);
    const granted = panel.getByRole('listitem').filter({ hasText: 'View audit logs' });
    await expect(granted).toContainText('Granted');
    await expect(panel.getByRole('listitem').filter({ hasText: 'Manage workflows' })).not.toContainText('Granted');
  });

  test('says so when the list is empty, and only logs a failed fetch', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await page.route('**/api/admin/users/*/permissions', (route) =>
      route.fulfill({ json: { success: true, permissions: [], role_permissions: [], extra_permissions: [] } }),
    );
    // The dashboard already asked for the list; the dialog shares that answer, so start over with the stub in place.
    await page.reload();
    await expect(page.getByRole('banner')).toContainText(account.name);
    await openProfile(page, account);
    await tab(page, 'Permissions').click();
    const panel = profileDialog(page).getByRole('tabpanel', { name: 'Permissions' });
    await expect(panel).toContainText(MESSAGES.noPermissions);
    await expect(panel.getByRole('list', { name: 'Your permissions' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.unroute('**/api/admin/users/*/permissions');
    await page.route('**/api/admin/users/*/permissions', (route) => route.fulfill({ status: 404, json: { detail: 'Not found' } }));
    await page.reload();
    await expect(page.getByRole('banner')).toContainText(account.name);
    await openProfile(page, account);
    await tab(page, 'Permissions').click();
    const failed = profileDialog(page).getByRole('tabpanel', { name: 'Permissions' });
    // Spec §8: in the shell the failure is only logged, and the list stays empty (no alert).
    await expect(failed.getByRole('heading', { name: 'Role' })).toBeVisible();
    await expect.poll(() => logged.some((text) => text.includes(MESSAGES.permissionsFetchFailed))).toBe(true);
    await expect(failed.getByRole('alert')).toHaveCount(0);
    await expect(failed.getByRole('list', { name: 'Your permissions' })).toHaveCount(0);
    await expect(failed).not.toContainText(MESSAGES.noPermissions);
  });
});

test('the dialog works from the keyboard', async ({ page }) => {
  await openProfile(page, account);
  // The first field has the focus; Enter in a field submits.
  await expect(field(page, 'First name')).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expectFieldError(page, 'First name', VALIDATION.firstNameRequired);
  await page.keyboard.type('Keyboard');
  await page.keyboard.press('Tab');
  await expect(field(page, 'Last name')).toBeFocused();

  // The tabs are reachable and move with the arrow keys.
  await tab(page, 'Profile Information').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Security')).toBeFocused();
  await expect(tab(page, 'Security')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Permissions')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'Profile Information')).toHaveAttribute('aria-selected', 'true');

  // Escape closes it (this dialog, unlike the session warning, may be dismissed) and nothing was saved.
  await page.keyboard.press('Escape');
  await expect(profileDialog(page)).toBeHidden();
  await expect(page.getByRole('banner')).toContainText(account.name);
  const me = await apiLogin(page.request, account.email, account.password);
  expect(me.user.first_name).toBe(account.first_name);
});
