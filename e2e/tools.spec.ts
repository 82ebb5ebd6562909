import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { scan } from './axe.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SECRET_MASK, type Tool } from '@admin-portal/contract/tools/api';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { adminHeaders, uniqueSuffix } from './admin-api.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/**
 * Tools → Tool Registry, as people use it (issue 5 items 10 and 12): a manager registers a tool from a template,
 * points it at an HTTP server this spec starts on loopback (allowed through TOOL_ALLOWED_HOSTS), gives its
 * development environment a secret, tests it and submits it; an administrator of the same organization rejects it
 * with a comment, then approves it once resubmitted. Other specs share the server, so every tool carries this
 * run's tag.
 */

const tag = uniqueSuffix();
const SECRET = `sk-e2e-${tag}`;
const CUSTOMER = { id: 'c-42', name: 'Ada Lovelace', tier: 'gold' };

let manager: Account;
let admin: Account;
let viewer: Account;
let target: http.Server;
let targetUrl: string;
/** What the target received, newest last. */
const received: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];

test.beforeAll(async ({ playwright }) => {
  target = http.createServer((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const match = /^\/customers\/([^/?]+)/.exec(req.url ?? '');
    if (!match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...CUSTOMER, id: decodeURIComponent(match[1]!) }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  manager = await createThrowawayUser(request, { role: 'manager', first_name: 'Mona' });
  admin = await createThrowawayUser(request, { role: 'admin', first_name: 'Arne' });
  viewer = await createThrowawayUser(request, { role: 'viewer', first_name: 'Vera' });
  await request.dispose();
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const panel = (page: Page, name: string) => page.getByRole('dialog', { name });
const tabOf = (scope: Locator, name: string) => scope.getByRole('tab', { name, exact: true });

async function openRegistry(page: Page, account: Account, query = '') {
  await openSignedIn(page, account, '/tools');
  if (query) await page.goto(`/tools${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tool Registry' })).toBeVisible();
}

async function toolNamed(page: Page, name: string): Promise<Tool | undefined> {
  const headers = await adminHeaders(page.request);
  const res = await page.request.get(`/api/admin/tools?q=${encodeURIComponent(name)}&limit=10`, { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: Tool[] }).items.find((t) => t.name === name);
}

test('a manager registers, configures, tests and submits a tool; an admin rejects it with a comment, then approves it', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const name = `lookup_customer_${tag}`;
  let toolId = '';

  await test.step('register from the REST GET (JSON) template, pointed at the loopback server', async () => {
    await openRegistry(page, manager);
    await expect(page.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/tools/analytics');
    await page.getByRole('button', { name: 'Register tool' }).click();
    const dialog = page.getByRole('dialog', { name: /Register tool/ });
    await expect(dialog.getByRole('heading', { name: 'HTTP request' })).toBeVisible();
    await dialog.locator('label').filter({ hasText: 'REST GET (JSON)' }).click();
    await expect(dialog.getByRole('radio', { name: 'REST GET (JSON)' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Next' }).click();

    // The template's definition: name, description, the type's settings form and the input schema.
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('lookup_customer');
    await expect(dialog.getByLabel('Headers: value of X-API-Key')).toHaveValue('{{secrets.API_KEY}}');
    await expect(dialog.getByText('Valid JSON Schema. 1 field: customer_id (string, required)')).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'URL', exact: true }).fill(`${targetUrl}/customers/{{input.customer_id}}`);
    const { blocking, report } = await scan(page);
    expect(blocking, report).toEqual([]);
    await dialog.getByRole('button', { name: 'Register tool' }).click();

    await expect(toast(page, 'Tool registered')).toContainText(`“${name}” is a draft`);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/[?&]tool=[0-9a-f-]{36}&tab=configurations$/);
    toolId = new URL(page.url()).searchParams.get('tool')!;
    const detail = panel(page, name);
    await expect(detail).toContainText('Draft');
    await expect(detail).toContainText('HTTP request');
    await expect(tabOf(detail, 'Configurations')).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('give the development environment its API_KEY, which comes back masked', async () => {
    const detail = panel(page, name);
    const development = detail.getByRole('region', { name: 'Development' });
    await expect(development).toContainText('Not configured');
    await development.getByRole('button', { name: /Configure development/ }).click();
    await development.getByRole('button', { name: '+ Add API_KEY' }).click();
    await development.getByLabel('Value of API_KEY').fill(SECRET);
    await development.getByRole('button', { name: 'Save development configuration' }).click();
    await expect(toast(page, 'Configuration saved')).toBeVisible();
    await expect(development).toContainText('Configured');
    await expect(development.getByLabel('Value of API_KEY')).toHaveValue(SECRET_MASK);
    await expect(development.getByText('Stored', { exact: true })).toBeVisible();

    // After a reload the value still only comes back as the mask, and the list shows the configured environment.
    await page.reload();
    await expect(panel(page, name).getByRole('region', { name: 'Development' }).getByLabel('Value of API_KEY')).toHaveValue(SECRET_MASK);
    expect(await page.content()).not.toContain(SECRET);
    await expect(page.getByRole('table', { name: 'Tools' }).getByRole('row').filter({ hasText: name })).toContainText('Development');
  });

  await test.step('run the test console: success, latency and the exact request, the secret redacted', async () => {
    const detail = panel(page, name);
    await tabOf(detail, 'Test').click();
    await expect(page).toHaveURL(/tab=test/);
    await expect(detail.getByLabel('Environment')).toHaveValue('development');
    await detail.getByRole('textbox', { name: 'Customer ID' }).fill(CUSTOMER.id);
    await detail.getByRole('button', { name: 'Run test' }).click();

    const result = detail.getByTestId('test-result');
    await expect(result).toContainText('Success');
    await expect(result.getByText(/^\d+ ms$/)).toBeVisible();
    await expect(result.getByRole('group', { name: 'Request line' })).toHaveText(`GET ${targetUrl}/customers/${CUSTOMER.id}`);
    await expect(result.getByRole('group', { name: 'Request headers' })).toContainText('X-API-Key: [redacted]');
    await expect(result.getByRole('group', { name: 'Output' })).toContainText(CUSTOMER.name);
    await expect(result).toContainText('HTTP status 200');
    await expect(result).not.toContainText(SECRET);
    // The target did receive the real key.
    const last = received.at(-1)!;
    expect(last).toMatchObject({ method: 'GET', url: `/customers/${CUSTOMER.id}` });
    expect(last.headers['x-api-key']).toBe(SECRET);

    const { blocking, report } = await scan(page);
    expect(blocking, report).toEqual([]);
  });

  await test.step('submit it for approval', async () => {
    const detail = panel(page, name);
    await tabOf(detail, 'Approval').click();
    await expect(detail.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await detail.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(toast(page, 'Tool submitted')).toBeVisible();
    await expect(detail.getByRole('heading', { name: /^Status/ })).toContainText('Pending approval');
    await expect(detail).toContainText('An administrator of your organization approves or rejects it.');
  });

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const comment = 'Point it at the sandbox URL first';

  await test.step('an administrator rejects it, with the comment it needs', async () => {
    await openRegistry(adminPage, admin, `?tool=${toolId}&tab=approval`);
    const detail = panel(adminPage, name);
    await expect(detail.getByRole('heading', { name: /^Status/ })).toContainText('Pending approval');
    await detail.getByRole('button', { name: 'Reject' }).click();
    await expect(detail.getByText('Say why the tool is rejected')).toBeVisible();
    await expect(detail.getByLabel('Comment')).toHaveAttribute('aria-invalid', 'true');
    await detail.getByLabel('Comment').fill(comment);
    await detail.getByRole('button', { name: 'Reject' }).click();
    await expect(toast(adminPage, 'Tool rejected')).toBeVisible();
    await expect(detail.getByRole('heading', { name: /^Status/ })).toContainText('Rejected');
  });

  await test.step('the manager reads the comment in the history and resubmits', async () => {
    await page.reload();
    const detail = panel(page, name);
    await expect(detail.getByRole('heading', { name: /^Status/ })).toContainText('Rejected');
    const history = detail.getByRole('list', { name: 'Status changes, newest first' });
    await expect(history.getByRole('listitem').first()).toContainText(comment);
    await expect(history.getByRole('listitem').first()).toContainText(admin.email);
    await detail.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(toast(page, 'Tool submitted')).toBeVisible();
    await expect(detail.getByRole('heading', { name: /^Status/ })).toContainText('Pending approval');
  });

  await test.step('the administrator approves it', async () => {
    await adminPage.reload();
    const detail = panel(adminPage, name);
    await expect(detail.getByRole('heading', { name: /^Status/ })).toContainText('Pending approval');
    await detail.getByLabel('Comment').fill('Looks right now');
    await detail.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(adminPage, 'Tool approved')).toBeVisible();
    await expect(detail.getByRole('heading', { name: /^Status/ })).toContainText('Approved');
    await expect(detail.getByRole('list', { name: 'Status changes, newest first' }).getByRole('listitem').first()).toContainText('Looks right now');
  });
  await adminContext.close();

  await test.step('the list shows it approved, found by its tag and filtered by status', async () => {
    await page.goto('/tools');
    await page.getByRole('searchbox', { name: 'Search tools' }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('approved');
    const row = page.getByRole('table', { name: 'Tools' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Approved');
    await expect(row).toContainText('HTTP request');
    await expect(row).toContainText('Development');
    await page.getByRole('combobox', { name: 'Filter by status' }).selectOption('draft');
    await expect(page.getByRole('table', { name: 'Tools' })).toContainText('No tools match these filters.');
  });

  await test.step('the manager points the approved tool elsewhere: it goes back for approval and its secret is held back', async () => {
    const before = received.length;
    await page.goto(`/tools?tool=${toolId}&tab=configurations`);
    const detail = panel(page, name);
    const development = detail.getByRole('region', { name: 'Development' });
    await development.getByRole('combobox', { name: 'Setting to override' }).selectOption('url');
    await development.getByRole('button', { name: '+ Override setting' }).click();
    await development.getByRole('textbox', { name: 'URL', exact: true }).fill(`${targetUrl}/elsewhere/{{input.customer_id}}`);
    await expect(development.getByRole('note')).toHaveText('Saving sends this approved tool back for approval.');
    await development.getByRole('button', { name: 'Save development configuration' }).click();
    await expect(toast(page, 'Configuration saved')).toContainText('configuration changed: sent back for approval');
    await expect(development).toContainText('Secrets held back');
    await tabOf(detail, 'Approval').click();
    await expect(detail.getByRole('heading', { name: /^Status/ })).toContainText('Pending approval');

    // A test run in development is refused before anything is sent.
    await tabOf(detail, 'Test').click();
    await detail.getByRole('textbox', { name: 'Customer ID' }).fill(CUSTOMER.id);
    await detail.getByRole('button', { name: 'Run test' }).click();
    await expect(detail).toContainText('its secrets were approved for another call');
    expect(received.length).toBe(before);
  });
});

test('an input schema that is not valid JSON, or not an object type, shows its error inline and nothing is saved', async ({ page }) => {
  const name = `bad_schema_${tag}`;
  await openRegistry(page, manager);
  await page.getByRole('button', { name: 'Register tool' }).click();
  const dialog = page.getByRole('dialog', { name: /Register tool/ });
  await expect(dialog.getByRole('radio', { name: 'Blank HTTP request tool' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Description').fill('Should never be saved');
  const schema = dialog.getByLabel('Input schema');

  await schema.fill('{ "type": "object", "properties": { ');
  await expect(schema).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/^Not valid JSON: /)).toBeVisible();

  await schema.fill('{ "type": "array", "items": { "type": "string" } }');
  await expect(dialog.getByText('type: An input schema describes an object: set "type": "object"')).toBeVisible();

  await schema.fill('{ "type": "object", "properties": { "age": { "type": "int" } } }');
  await expect(dialog.getByText(/properties\.age\.type: "int" is not a JSON Schema type/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Register tool' }).click();
  await expect(schema).toBeFocused();
  await expect(dialog).toBeVisible();

  // Fixing it clears the error and says what the schema describes.
  await schema.fill('{ "type": "object", "properties": { "age": { "type": "integer" } } }');
  await expect(schema).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('1 field: age (integer)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await toolNamed(page, name)).toBeUndefined();
});

test('the detail panel has no serious or critical axe violations in the dark theme, and deletes a tool after asking', async ({ page }) => {
  // Two axe scans and three sign-ins: about 20 s on a quiet 2-core machine, so the default 30 s is too close.
  test.setTimeout(120_000);
  const name = `dark_check_${tag}`;
  const headers = await adminHeaders(page.request);
  const res = await page.request.post('/api/admin/tools', {
    headers,
    data: {
      name,
      description: 'Maps names',
      tool_type: 'transform',
      config: { mapping: { full_name: 'input.first + " " + input.last' } },
      input_schema: { type: 'object', properties: { first: { type: 'string' }, last: { type: 'string' } } },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const tool = (await res.json()) as Tool;
  await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.theme, 'dark']);
  await openRegistry(page, manager, `?tool=${tool.id}&tab=test`);
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
  const detail = panel(page, name);
  await detail.getByRole('textbox', { name: 'First' }).fill('Grace');
  await detail.getByRole('textbox', { name: 'Last' }).fill('Hopper');
  await detail.getByRole('button', { name: 'Run test' }).click();
  await expect(detail.getByTestId('test-result').getByRole('group', { name: 'Output' })).toContainText('Grace Hopper');
  for (const tab of ['Test', 'Definition', 'Configurations', 'Approval']) {
    await tabOf(detail, tab).click();
    await expect(tabOf(detail, tab)).toHaveAttribute('aria-selected', 'true');
    const { blocking, report } = await scan(page);
    expect(blocking, `${tab}: ${report}`).toEqual([]);
  }

  // Deleting asks first, then closes the panel and the tool is gone.
  await detail.getByRole('button', { name: 'Delete…' }).click();
  const confirm = detail.getByRole('group', { name: 'Confirm deleting the tool' });
  await expect(confirm).toContainText(`Delete ${name} with its configurations and secrets?`);
  await confirm.getByRole('button', { name: 'Delete tool' }).click();
  await expect(toast(page, 'Tool deleted')).toContainText(`“${name}” has been deleted`);
  await expect(detail).toBeHidden();
  await expect(page).toHaveURL(/\/tools$/);
  expect(await toolNamed(page, name)).toBeUndefined();
});

test('a viewer, who may not read tools, is sent to /unauthorized', async ({ page }) => {
  await openSignedIn(page, viewer);
  await page.goto('/tools');
  await expect(page).toHaveURL(/\/unauthorized$/);
});
