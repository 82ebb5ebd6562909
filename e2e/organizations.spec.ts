import { expect, test, type Page } from '@playwright/test';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { E2E_BASE_URL } from './e2e-env.ts';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { apiLogin, createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/** System Settings → Organizations, as a super administrator uses it. */

let superAdmin: Account;
const tag = uniqueSuffix();
let busy: { id: string; name: string };

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await adminHeaders(request);
  // A super administrator of this spec's own, so its page size does not depend on anyone else's preferences.
  superAdmin = await createThrowawayUser(request, { role: 'super_admin', first_name: 'Olga' });
  for (const name of ['Zephyr', 'Aurora', 'Meridian'])
    await createOrganization(request, headers, { name: `${name} ${tag}`, description: `${name} onboarding` });
  busy = await createOrganization(request, headers, { name: `Busy ${tag}` });
  await createUserIn(request, headers, busy.id, { email: `member-${tag}@busy.example`, first_name: 'Mia', last_name: 'Member' });
  await request.dispose();
});

const table = (page: Page) => page.getByRole('table', { name: 'Organizations' });
const rowOf = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
const namesShown = async (page: Page) => (await table(page).locator('tbody tr td:first-child .fw-semibold').allTextContents()).map((t) => t.trim());
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

async function openPage(page: Page, query = '') {
  await openSignedIn(page, superAdmin, '/settings/organizations');
  if (query) await page.goto(`/settings/organizations?q=${encodeURIComponent(query)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
}

test('lists organizations from the server, searchable from the URL and the search box, sortable by name and date', async ({ page }) => {
  await openPage(page, tag);
  const search = page.getByRole('searchbox', { name: 'Search organizations' });
  await expect(search).toHaveValue(tag);
  await expect(page.getByText('Showing 1–4 of 4')).toBeVisible();
  expect(await namesShown(page)).toEqual([`Aurora ${tag}`, `Busy ${tag}`, `Meridian ${tag}`, `Zephyr ${tag}`]);
  await expect(rowOf(page, `Busy ${tag}`)).toContainText('Active');
  await expect(rowOf(page, `Busy ${tag}`).getByRole('cell').nth(2)).toHaveText('1');

  const nameHeader = table(page).getByRole('columnheader', { name: /Name/ });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=-name/);
  await expect.poll(() => namesShown(page)).toEqual([`Zephyr ${tag}`, `Meridian ${tag}`, `Busy ${tag}`, `Aurora ${tag}`]);

  // Newest first when sorting by creation date.
  await table(page)
    .getByRole('columnheader', { name: /Created/ })
    .getByRole('button')
    .click();
  await expect.poll(() => namesShown(page)).toEqual([`Busy ${tag}`, `Meridian ${tag}`, `Aurora ${tag}`, `Zephyr ${tag}`]);

  await search.fill(`aurora ${tag}`);
  await expect(page).toHaveURL(new RegExp(`q=aurora\\+${tag}`));
  await expect.poll(() => namesShown(page)).toEqual([`Aurora ${tag}`]);

  await search.fill(`nothing-like-${tag}`);
  await expect(table(page)).toContainText(`No organizations match “nothing-like-${tag}”`);
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(search).toHaveValue('');
});

test('pages through the list with the page size from the user’s preferences', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await adminHeaders(request);
  const pageTag = `pg${uniqueSuffix()}`;
  for (let i = 1; i <= 12; i += 1) await createOrganization(request, headers, { name: `Paged ${pageTag} ${String(i).padStart(2, '0')}` });
  const own = await apiLogin(request, superAdmin.email, superAdmin.password);
  const put = await request.put('/api/auth/preferences', { headers: { Authorization: `Bearer ${own.access_token}` }, data: { page_size: 10 } });
  expect(put.status()).toBe(200);
  await request.dispose();

  await openPage(page, pageTag);
  await expect(page.getByText('Showing 1–10 of 12')).toBeVisible();
  expect(await namesShown(page)).toHaveLength(10);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText('Showing 11–12 of 12')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  expect(await namesShown(page)).toEqual([`Paged ${pageTag} 11`, `Paged ${pageTag} 12`]);
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('Showing 1–10 of 12')).toBeVisible();
});

test('creates, edits and deletes an organization, with field errors from the server and success toasts', async ({ page }) => {
  const name = `Harbor ${tag}`;
  await openPage(page);

  await page.getByRole('button', { name: 'New organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'New organization' });
  await expect(dialog).toBeVisible();
  // A name that is already taken: the server's message appears on the Name field.
  await dialog.getByLabel('Name').fill(`aurora ${tag.toUpperCase()}`);
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(SERVER_MESSAGES.organizationNameTaken)).toBeVisible();
  // Editing the field clears its error.
  await dialog.getByLabel('Name').fill(name);
  await expect(dialog.getByText(SERVER_MESSAGES.organizationNameTaken)).toBeHidden();
  await dialog.getByLabel('Description').fill('Ships and ports');
  await dialog.getByRole('button', { name: 'Create organization' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Organization created')).toContainText(`“${name}” has been created.`);

  await page.getByRole('searchbox', { name: 'Search organizations' }).fill(name);
  await expect.poll(() => namesShown(page)).toEqual([name]);
  await expect(rowOf(page, name)).toContainText('Ships and ports');

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name}` });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByLabel('Description').fill('Ships, ports and docks');
  await edit.getByLabel('Active').uncheck();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(toast(page, 'Organization updated')).toBeVisible();
  await expect(rowOf(page, name)).toContainText('Inactive');
  await expect(rowOf(page, name)).toContainText('Ships, ports and docks');

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete organization' });
  await expect(confirm).toContainText(`Delete ${name}? This cannot be undone.`);
  // Cancelling deletes nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, name)).toBeVisible();

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete organization' }).getByRole('button', { name: 'Delete organization' }).click();
  await expect(toast(page, 'Organization deleted')).toContainText(`“${name}” has been deleted.`);
  await expect(table(page)).toContainText(`No organizations match “${name}”`);
});

test('refuses to delete an organization that still has users, and says why', async ({ page }) => {
  await openPage(page, busy.name);
  await page.getByRole('button', { name: `Delete ${busy.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete organization' });
  await expect(confirm).toContainText('It has 1 user.');
  await confirm.getByRole('button', { name: 'Delete organization' }).click();
  const alert = confirm.getByRole('alert');
  await expect(alert).toContainText('This organization cannot be deleted yet');
  await expect(alert).toContainText(SERVER_MESSAGES.organizationHasUsers);
  await expect(confirm.getByRole('button', { name: 'Delete organization' })).toBeHidden();
  await confirm.getByRole('button', { name: 'Back to the list' }).click();
  await expect(rowOf(page, busy.name)).toBeVisible();
});

test('edits an organization’s settings: self-registration, domain chips, time zone, and the server’s field error', async ({ page, playwright }) => {
  const name = `Meridian ${tag}`;
  await openPage(page, name);
  await page.getByRole('button', { name: `Settings of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Settings of ${name}` });
  const registration = dialog.getByLabel('Allow self-registration');
  await expect(registration).not.toBeChecked();
  await registration.check();

  const chips = dialog.getByRole('list', { name: 'Allowed email domains' });
  const domainInput = dialog.getByRole('textbox', { name: 'Allowed email domains' });
  await expect(chips).toContainText('No domains yet');
  await domainInput.fill('Meridian.Example');
  await domainInput.press('Enter');
  await domainInput.fill('@staff.meridian.example');
  await dialog.getByRole('button', { name: 'Add domain' }).click();
  await expect(chips.getByRole('listitem')).toHaveText(['meridian.example', 'staff.meridian.example']);

  // Checked before it joins the list, with the contract's rule.
  await domainInput.fill('not a domain');
  await domainInput.press('Enter');
  await expect(dialog.getByText('Enter a domain such as example.com')).toBeVisible();
  await expect(domainInput).toHaveAttribute('aria-invalid', 'true');
  await domainInput.fill('MERIDIAN.example');
  await domainInput.press('Enter');
  await expect(dialog.getByText('meridian.example is already in the list')).toBeVisible();
  await domainInput.fill('temp.example');
  await domainInput.press('Enter');
  await chips.getByRole('button', { name: 'Remove temp.example' }).click();
  await expect(chips.getByRole('listitem')).toHaveText(['meridian.example', 'staff.meridian.example']);

  await dialog.getByLabel('Time zone').selectOption('Europe/Lisbon');
  // Out of range: the server refuses it, and its message shows on the field.
  const timeout = dialog.getByLabel('Session timeout');
  await timeout.fill('2');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog.getByText('Session timeout must be at least 5 minutes')).toBeVisible();
  await expect(timeout).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Some settings need attention')).toBeVisible();

  await timeout.fill('45');
  await expect(dialog.getByText('Session timeout must be at least 5 minutes')).toBeHidden();
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Settings saved')).toContainText(name);

  // Saved on the server…
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await adminHeaders(request);
  const org = (await (await request.get(`/api/admin/organizations?q=${encodeURIComponent(name)}`, { headers })).json()).items[0];
  const settings = (await (await request.get(`/api/admin/organizations/${org.id}/settings`, { headers })).json()).settings;
  expect(settings).toMatchObject({
    allow_registration: true,
    allowed_email_domains: ['meridian.example', 'staff.meridian.example'],
    timezone: 'Europe/Lisbon',
    session_timeout_minutes: 45,
  });
  await request.dispose();

  // …and shown again when the dialog reopens.
  await page.getByRole('button', { name: `Settings of ${name}` }).click();
  const again = page.getByRole('dialog', { name: `Settings of ${name}` });
  await expect(again.getByLabel('Allow self-registration')).toBeChecked();
  await expect(again.getByRole('list', { name: 'Allowed email domains' }).getByRole('listitem')).toHaveText(['meridian.example', 'staff.meridian.example']);
  await expect(again.getByLabel('Session timeout')).toHaveValue('45');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();
});

test('renaming the current organization shows the new name in the sidebar and the user menu at once', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const org = await createOrganization(request, await adminHeaders(request), { name: `Current ${tag}` });
  await request.dispose();
  const renamed = `Renamed ${tag}`;

  await openPage(page);
  await page.getByRole('banner').getByRole('combobox', { name: 'Current organization' }).selectOption({ label: org.name });
  const who = page.getByRole('complementary', { name: 'Sidebar' }).getByRole('group', { name: 'Signed in as' });
  await expect(who).toContainText(org.name);

  await page.getByRole('searchbox', { name: 'Search organizations' }).fill(org.name);
  await expect.poll(() => namesShown(page)).toEqual([org.name]);
  await page.getByRole('button', { name: `Edit ${org.name}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${org.name}` });
  await edit.getByLabel('Name').fill(renamed);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(toast(page, 'Organization updated')).toBeVisible();

  await expect(who).toContainText(renamed);
  await expect(who).not.toContainText(org.name);
  await page.getByRole('banner').getByRole('button', { name: superAdmin.name }).click();
  await expect(page.getByRole('banner').getByRole('group', { name: superAdmin.name })).toContainText(renamed);
});

test('is only for super administrators', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const admin = await createThrowawayUser(request, { role: 'admin', first_name: 'Ada' });
  await request.dispose();
  await openSignedIn(page, admin, '/dashboard');
  await page.goto('/settings/organizations');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
