import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { createThrowawayUser, openSignedIn, type Account } from './throwaway-users.ts';

/**
 * The MCP access panel of the Tool Registry: the endpoint and how to connect for everyone who sees tools, and API
 * keys for administrators (created with the key shown once, used against the real MCP endpoint, then revoked).
 *
 * The administrator belongs to an organization of this spec's own, so its key list holds only this spec's keys.
 */

let admin: Account;
let manager: Account;
const suffix = uniqueSuffix();
const MCP_URL = `${E2E_BASE_URL}/mcp`;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const superAdmin = await adminHeaders(request);
  const organization = await createOrganization(request, superAdmin, { name: `MCP access ${suffix}` });
  const email = `mcp-admin-${suffix}@example.com`;
  await createUserIn(request, superAdmin, organization.id, { email, first_name: 'Mia', last_name: 'Keys', role: 'admin' });
  admin = { email, password: 'Member-Passw0rd!', first_name: 'Mia', last_name: 'Keys', role: 'admin', name: 'Mia Keys' };
  manager = await createThrowawayUser(request, { role: 'manager', first_name: 'Manu' });
  await request.dispose();
});

const panel = (page: Page) => page.getByRole('region', { name: 'MCP access' });
const keyRow = (page: Page, name: string) => page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: name });

/** An MCP initialize request, as a client sends it first. */
async function mcpInitialize(request: APIRequestContext, key: string) {
  return request.post('/mcp', {
    headers: { Authorization: `Bearer ${key}`, Accept: 'application/json, text/event-stream' },
    data: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'e2e', version: '1.0.0' } },
    },
  });
}

test('an administrator copies the endpoint, creates a key shown once, sees it used, and revokes it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_BASE_URL });
  await openSignedIn(page, admin, '/tools');

  // The endpoint, copied with a visible confirmation.
  await expect(panel(page).getByLabel('Endpoint URL')).toHaveValue(MCP_URL);
  await expect(panel(page)).toContainText('Streamable HTTP');
  await panel(page).getByRole('button', { name: 'Copy endpoint URL' }).click();
  await expect(panel(page).getByRole('button', { name: 'Copied endpoint URL' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MCP_URL);
  // How to connect: a client configuration with the URL and a bearer key.
  const config = panel(page).getByLabel('MCP client configuration');
  await expect(config).toContainText(`"url": "${MCP_URL}"`);
  await expect(config).toContainText('"Authorization": "Bearer <API key>"');
  await expect(page.getByRole('table', { name: 'API keys' })).toContainText('No API keys yet');

  // Create: the form checks the name first.
  await panel(page).getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create API key' });
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Support assistant');
  await dialog.getByRole('checkbox', { name: /Intake API/ }).check();
  await dialog.getByLabel('Environment').selectOption('staging');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  // The whole key, once, with a plain warning and a copy button.
  const created = page.getByRole('dialog', { name: 'API key created' });
  await expect(created).toContainText('Copy this key now: it won’t be shown again.');
  const key = await created.getByLabel('Support assistant').inputValue();
  expect(key).toMatch(/^apk_[A-Za-z0-9_-]{30,}$/);
  await created.getByRole('button', { name: 'Copy API key' }).click();
  await expect(created.getByRole('button', { name: 'Copied API key' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const { blocking, report } = await axeScan(page);
  expect(blocking, report).toEqual([]);
  await created.getByRole('button', { name: 'Done' }).click();
  await expect(created).toBeHidden();

  // Listed masked, with its scopes and environment.
  const row = keyRow(page, 'Support assistant');
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText('MCP endpoint');
  await expect(row).toContainText('Intake API');
  await expect(row).toContainText('Staging');
  await expect(row).toContainText(admin.email);
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');

  // The key works at the MCP endpoint, and the list then says when it was last used; the key itself is gone.
  const used = await mcpInitialize(page.request, key);
  expect(used.status(), await used.text()).toBe(200);
  await page.reload();
  await expect(keyRow(page, 'Support assistant')).not.toContainText('Never');
  await expect(page.getByText(key)).toHaveCount(0);

  // Revoke, after a confirmation: the key stops working at once.
  await keyRow(page, 'Support assistant').getByRole('button', { name: 'Revoke Support assistant' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(keyRow(page, 'Support assistant')).toContainText('Revoked');
  await expect(keyRow(page, 'Support assistant').getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  expect((await mcpInitialize(page.request, key)).status()).toBe(401);
});

test('a manager sees the endpoint and who creates keys; without a clipboard the text is selected to copy by hand', async ({ page }) => {
  // An insecure context has no asynchronous clipboard.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true }));
  await openSignedIn(page, manager, '/tools');

  await expect(panel(page).getByLabel('Endpoint URL')).toHaveValue(MCP_URL);
  await expect(panel(page)).toContainText('an administrator of your organization creates the keys');
  await expect(panel(page).getByRole('button', { name: 'Create API key' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'API keys' })).toHaveCount(0);

  await panel(page).getByRole('button', { name: 'Copy endpoint URL' }).click();
  await expect(panel(page).getByText('Selected: press Ctrl+C (⌘C) to copy')).toBeVisible();
  const selected = await panel(page)
    .getByLabel('Endpoint URL')
    .evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0));
  expect(selected).toBe(MCP_URL);
});

async function axeScan(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return { blocking, report: blocking.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`).join('\n') };
}
