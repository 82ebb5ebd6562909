import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { AUDIT_EXPORT_COLUMNS } from '@admin-portal/contract/system/audit';
import { E2E_ADMIN } from './e2e-env.ts';
import { createThrowawayUser, openSignedIn } from './throwaway-users.ts';

/*
 * The Audit Log from a staff member's point of view: a change shows up in words (the action) and by name (the
 * target), filters live in the URL, a row opens its before/after with the codes, the CSV holds what the filters show,
 * and a user's History link lands on their rows. Other specs write to the same server meanwhile, so every check
 * narrows to this run's own user.
 */

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test('a change is in the audit log: filter, details, export and a user’s history', async ({ page }) => {
  test.setTimeout(60_000);
  const tokens = await openSignedIn(page, E2E_ADMIN, '/dashboard');
  const auth = { Authorization: `Bearer ${tokens.access_token}` };
  const email = `audited-${RUN}@audit.e2e.example`;
  const created = await page.request.post('/api/admin/users', {
    headers: auth,
    data: { email, password: 'Audited-Passw0rd!', first_name: 'Audrey', last_name: `Trail ${RUN}`, role: 'viewer' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const userId = ((await created.json()) as { id: string }).id;
  const updated = await page.request.put(`/api/admin/users/${userId}`, { headers: auth, data: { role: 'operator' } });
  expect(updated.status(), await updated.text()).toBe(200);

  // The menu's Audit Log item, top level under Administration.
  await page.getByRole('navigation').getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // Free text finds the creation (the new user's email is in its change); the URL carries it.
  const search = page.getByRole('searchbox', { name: 'Search the audit log' });
  await search.fill(email);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
  await expect(table.getByRole('row')).toHaveCount(2); // the header and user.create
  const createdRow = table.getByRole('row').nth(1);
  await expect(createdRow).toContainText('Created user');
  // The target by its name and type, not its id; the action in words, not its code.
  await expect(createdRow).toContainText(`Audrey Trail ${RUN}`);
  await expect(createdRow).not.toContainText(userId);
  await expect(createdRow).not.toContainText('user.create');
  await expect(page.getByTestId('audit-range')).toHaveText('Showing 1 of 1');

  // Every change to that user, by target id; then one action. Both in the URL.
  await search.fill('');
  await page.getByRole('textbox', { name: 'Filter by target id' }).fill(userId);
  await expect(page).toHaveURL(new RegExp(`[?&]target_id=${userId}`));
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('Updated user');
  await expect(table.getByRole('row').nth(2)).toContainText('Created user');
  // The action filter offers words; the URL keeps the code.
  await page.getByRole('combobox', { name: 'Filter by action' }).selectOption({ label: 'Updated user' });
  await expect(page).toHaveURL(/[?&]action=user\.update/);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').nth(1);
  await expect(row).toContainText(E2E_ADMIN.name);
  await expect(row).toContainText('role: viewer → operator');
  await expect(row).toContainText(`Audrey Trail ${RUN}`);

  // The row's details: who, what (in words, and its code), the target's id, and the change as before → after.
  await row.getByRole('button', { name: /^Details of Updated user/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Updated user' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('user.update');
  await expect(dialog).toContainText(E2E_ADMIN.name);
  await expect(dialog).toContainText(userId);
  const diff = dialog.getByRole('table', { name: 'Changes' });
  await expect(diff.getByRole('columnheader')).toHaveText(['Field', 'Before', 'After']);
  await expect(diff.getByRole('row', { name: /role/ })).toHaveText(/role\s*viewer\s*operator/);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // Export CSV: the file holds what the filters show.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(AUDIT_EXPORT_COLUMNS.join(','));
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,user.update,user,${userId},role: viewer → operator,`);
  // The codes stay where they were; the words and the name are added at the end.
  expect(lines[1]).toMatch(new RegExp(`,Updated user,Audrey Trail ${RUN}$`));
  await expect(page.getByText(/The CSV file of the listed audit log entries has been downloaded \(1 row\)/)).toBeVisible();

  // A user's History link opens the audit log on that user.
  await page.goto(`/users?q=${encodeURIComponent(email)}`);
  await page.getByRole('button', { name: `Actions for Audrey Trail ${RUN}` }).click();
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-log\\?target_type=user&target_id=${userId}$`));
  await expect(page.getByRole('combobox', { name: 'Filter by target type' })).toHaveValue('user');
  await expect(page.getByRole('textbox', { name: 'Filter by target id' })).toHaveValue(userId);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByTestId('audit-range')).toHaveText('Showing 2 of 2');

  // Clear filters shows everything again.
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/audit-log$/);
});

test('compliance officers open the audit log; a viewer sees neither the item nor the page', async ({ page, browser }) => {
  const officer = await createThrowawayUser(page.request, { role: 'compliance_officer', first_name: 'Connie' });
  await openSignedIn(page, officer, '/audit-log');
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Audit Log' })).toBeVisible();
  // Their own sign-in is there.
  await page.getByRole('textbox', { name: 'Filter by actor' }).fill(officer.email);
  await expect(page).toHaveURL(/[?&]actor=/);
  await expect(
    page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row', { name: /Signed in/ })
      .first(),
  ).toBeVisible();

  const context = await browser.newContext();
  const viewerPage = await context.newPage();
  const viewer = await createThrowawayUser(viewerPage.request, { role: 'viewer' });
  await openSignedIn(viewerPage, viewer, '/dashboard');
  await expect(viewerPage.getByRole('navigation').getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
  await viewerPage.goto('/audit-log');
  await expect(viewerPage).toHaveURL(/\/unauthorized$/);
  await context.close();
});
