import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { WorkflowDetail, WorkflowTemplate } from '@admin-portal/contract/workflows/api';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { adminHeaders, uniqueSuffix } from './admin-api.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/**
 * Workflows → All Workflows, as people use it. Other specs share the server, so every check works on workflows
 * carrying this run's tag (found through the page's own search).
 */

const tag = uniqueSuffix();
const TEMPLATE = 'Individual KYC';
let admin: Account;
let template: WorkflowTemplate;
/** Made through the API before the tests: what the read-only users look at. */
let seeded: WorkflowDetail;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await adminHeaders(request);
  // An administrator of this spec's own (in the first organization), so its page size is nobody else's.
  admin = await createThrowawayUser(request, { role: 'admin', first_name: 'Wanda' });
  const templates = await request.get('/api/admin/workflow-templates?limit=100', { headers });
  expect(templates.status()).toBe(200);
  template = ((await templates.json()) as { items: WorkflowTemplate[] }).items.find((t) => t.name === TEMPLATE)!;
  expect(template, `the shipped template ${TEMPLATE}`).toBeDefined();
  const created = await request.post('/api/admin/workflows', { headers, data: { name: `Seeded ${tag}`, description: 'Read-only check', category: 'lending' } });
  expect(created.status(), await created.text()).toBe(201);
  seeded = (await created.json()) as WorkflowDetail;
  await request.dispose();
});

const table = (page: Page) => page.getByRole('table', { name: 'Workflows' });
const rowOf = (page: Page, name: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
/** Signs in on the list, then opens it with a query (openSignedIn matches the path it is given exactly). */
async function openList(page: Page, account: Account, query = '') {
  await openSignedIn(page, account, '/workflows');
  if (query) await page.goto(`/workflows${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'All Workflows' })).toBeVisible();
}
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search workflows' });

async function openActions(page: Page, name: string) {
  await rowOf(page, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
}

test('creates a workflow from a template, finds it, duplicates, archives, filters by status and deletes the copy', async ({ page }) => {
  const name = `Onboarding ${tag}`;
  const copy = `${name} (copy)`;
  await openList(page, admin);

  // New workflow: the name is required (the server's own words), then a template from the gallery.
  await page.getByRole('button', { name: 'New workflow' }).click();
  const dialog = page.getByRole('dialog', { name: 'New workflow' });
  await expect(dialog.getByRole('radio', { name: 'Blank workflow' })).toBeChecked();
  const card = dialog.locator('label').filter({ hasText: TEMPLATE });
  await expect(card).toContainText('Shipped');
  await expect(card).toContainText(`${template.step_count} steps`);
  await dialog.getByRole('button', { name: 'Create workflow' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Workflow name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await expect(dialog.getByText('Workflow name is required')).toBeHidden();
  await card.click();
  await expect(dialog.getByRole('radio', { name: TEMPLATE })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create workflow' }).click();

  // It opens in the Visual Builder.
  await expect(page).toHaveURL(/\/workflows\/builder\?id=[0-9a-f-]{36}$/);
  const id = new URL(page.url()).searchParams.get('id');

  // Back on the list, the search finds it: a draft with the template's steps and category.
  await page.goto(`/workflows`);
  await search(page).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  const row = rowOf(page, name);
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name })).toHaveAttribute('href', `/workflows/builder?id=${id}`);
  await expect(row).toContainText('Draft');
  await expect(row).toContainText('KYC');
  await expect(row.getByRole('cell').nth(3)).toHaveText('v1');
  await expect(row.getByRole('cell').nth(4)).toHaveText(String(template.step_count));
  await expect(row.getByRole('cell').nth(5)).toHaveText('0');
  await expect(table(page).getByRole('row')).toHaveCount(3); // header, the new one, the seeded one

  // Duplicate: a draft copy appears.
  await openActions(page, name);
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(toast(page, 'Workflow duplicated')).toContainText(`“${copy}” has been created as a draft.`);
  await expect(rowOf(page, copy)).toContainText('Draft');

  // Archive the original (a draft: no confirmation needed).
  await openActions(page, name);
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(toast(page, 'Workflow archived')).toBeVisible();
  await expect(rowOf(page, name)).toContainText('Archived');

  // Only archived workflows: the original is listed, its copy is not.
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('archived');
  await expect(page).toHaveURL(/status=archived/);
  await expect(rowOf(page, copy)).toHaveCount(0);
  await expect(rowOf(page, name)).toBeVisible();
  await openActions(page, name);
  await expect(page.getByRole('button', { name: 'Reopen as draft' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Drafts only: nothing of this run matches but the copy and the seeded one.
  await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('draft');
  await expect(rowOf(page, name)).toHaveCount(0);
  await expect(rowOf(page, copy)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(search(page)).toHaveValue('');
  await expect(page).toHaveURL(/\/workflows$/);

  // Delete the copy, after confirming.
  await search(page).fill(copy);
  await openActions(page, copy);
  await page.getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete workflow' });
  await expect(confirm).toContainText(`Delete ${copy} and its version history? This cannot be undone.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, copy)).toBeVisible();
  await openActions(page, copy);
  await page.getByRole('button', { name: 'Delete…' }).click();
  await page.getByRole('dialog', { name: 'Delete workflow' }).getByRole('button', { name: 'Delete workflow' }).click();
  await expect(toast(page, 'Workflow deleted')).toContainText(`“${copy}” has been deleted.`);
  await expect(table(page)).toContainText('No workflows match these filters.');
});

test('sorts by name and status from the headers, and filters by category', async ({ page }) => {
  await openList(page, admin, `?q=${tag}`);
  const nameHeader = table(page).getByRole('columnheader', { name: /Name/ });
  await expect(table(page).getByRole('columnheader', { name: /Updated/ })).toHaveAttribute('aria-sort', 'descending');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=name/);
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=-name/);
  const statusHeader = table(page).getByRole('columnheader', { name: /Status/ });
  await statusHeader.getByRole('button').click();
  await expect(statusHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await expect(page).toHaveURL(/sort=status/);

  await page.getByRole('combobox', { name: 'Filter by category' }).selectOption('lending');
  await expect(page).toHaveURL(/category=lending/);
  await expect(rowOf(page, seeded.name)).toContainText('Lending');
  await expect(table(page).getByRole('row')).toHaveCount(2);
});

test('exports every workflow matching the search as CSV, in the columns of the table', async ({ page }) => {
  await openList(page, admin, `?q=${encodeURIComponent(seeded.name)}`);
  await expect(rowOf(page, seeded.name)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^workflows-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Name,Category,Status,Version,Steps,Applications,Updated');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`^Seeded ${tag},Lending,draft,1,`));
  await expect(toast(page, 'Export ready')).toContainText('The CSV file of the listed workflows has been downloaded (1 row).');
});

for (const role of ['viewer', 'operator'] as const) {
  test(`a${role === 'operator' ? 'n' : ''} ${role} sees the list but cannot change workflows`, async ({ page, playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    const reader = await createThrowawayUser(request, { role });
    await request.dispose();

    await openList(page, reader, `?q=${encodeURIComponent(seeded.name)}`);
    const row = rowOf(page, seeded.name);
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('Read-only check');
    // No way into the builder, no actions, no New workflow; only the way to the workflow's analytics (view_analytics).
    await expect(row.getByRole('link')).toHaveCount(1);
    await expect(row.getByRole('link', { name: '0 applications: workflow analytics' })).toHaveAttribute('href', `/workflows/analytics?workflow=${seeded.id}`);
    await expect(row.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New workflow' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Duplicate' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the list with rows and the New workflow dialog have no serious or critical violations (${theme} theme)`, async ({ page }) => {
    await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.theme, theme]);
    await openList(page, admin, `?q=${tag}`);
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
    await expect(rowOf(page, seeded.name)).toBeVisible();
    const scan = async () => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      return {
        blocking,
        report: blocking.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`).join('\n'),
      };
    };
    let { blocking, report } = await scan();
    expect(blocking, report).toEqual([]);

    await page.getByRole('button', { name: 'New workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'New workflow' });
    await dialog.locator('label').filter({ hasText: TEMPLATE }).click();
    await expect(dialog.getByRole('radio', { name: TEMPLATE })).toBeChecked();
    ({ blocking, report } = await scan());
    expect(blocking, report).toEqual([]);
  });
}
