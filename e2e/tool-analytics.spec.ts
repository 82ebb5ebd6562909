import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Tool, ToolExecution } from '@admin-portal/contract/tools/api';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { apiLogin, openSignedIn, type Account } from './throwaway-users.ts';

/**
 * Tool Analytics as an administrator reads it: tools run through the API (three transform runs, one HTTP call to a
 * loopback server that answers 500), then the totals, the per-tool table, the top errors and callers, the
 * executions and one run's details on /tools/analytics.
 *
 * The administrator belongs to an organization of this spec's own, so runs recorded by other specs at the same
 * time (in the shared e2e organization) never change the totals asserted here.
 */

test.use({ viewport: { width: 1440, height: 1000 } });

let admin: Account;
let upstream: Server;
let upstreamUrl: string;
const suffix = uniqueSuffix();
const transformTool = `full_name_${suffix}`;
const httpTool = `crm_lookup_${suffix}`;
const idleTool = `idle_tool_${suffix}`;
const ids: Record<string, string> = {};

async function createTool(request: APIRequestContext, headers: Record<string, string>, data: Record<string, unknown>): Promise<Tool> {
  const res = await request.post('/api/admin/tools', { headers, data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Tool;
}

async function runTool(request: APIRequestContext, headers: Record<string, string>, id: string, input: Record<string, unknown>): Promise<ToolExecution> {
  const res = await request.post(`/api/admin/tools/${id}/test`, { headers, data: { input, environment: 'development' } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ToolExecution;
}

test.beforeAll(async ({ playwright }) => {
  upstream = createServer((req, res) => {
    req.resume();
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'CRM database unavailable' }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const superAdmin = await adminHeaders(request);
  const organization = await createOrganization(request, superAdmin, { name: `Analytics ${suffix}` });
  const email = `analytics-${suffix}@example.com`;
  await createUserIn(request, superAdmin, organization.id, { email, first_name: 'Ana', last_name: 'Lytics', role: 'admin' });
  admin = { email, password: 'Member-Passw0rd!', first_name: 'Ana', last_name: 'Lytics', role: 'admin', name: 'Ana Lytics' };
  const { access_token } = await apiLogin(request, email, admin.password);
  const headers = { Authorization: `Bearer ${access_token}` };

  const transform = await createTool(request, headers, {
    name: transformTool,
    description: 'Joins first and last name',
    tool_type: 'transform',
    config: { mapping: { full_name: 'input.first_name + " " + input.last_name' } },
    input_schema: {
      type: 'object',
      properties: { first_name: { type: 'string' }, last_name: { type: 'string' } },
      required: ['first_name', 'last_name'],
    },
  });
  const http = await createTool(request, headers, {
    name: httpTool,
    description: 'Looks a customer up in the CRM',
    tool_type: 'http_request',
    config: { method: 'GET', url: `${upstreamUrl}/customers/{{input.id}}` },
    input_schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  });
  const idle = await createTool(request, headers, { name: idleTool, description: 'Never called', tool_type: 'transform' });
  ids.transform = transform.id;
  ids.http = http.id;
  ids.idle = idle.id;

  for (const [first_name, last_name] of [
    ['Ada', 'Lovelace'],
    ['Grace', 'Hopper'],
    ['Alan', 'Turing'],
  ] as const) {
    const run = await runTool(request, headers, transform.id, { first_name, last_name });
    expect(run.status).toBe('success');
  }
  const failed = await runTool(request, headers, http.id, { id: 'c-42' });
  expect(failed.status).toBe('error');
  // Analytics read rollups that fold new calls within about a second: the page is opened once they have.
  await expect
    .poll(async () => ((await (await request.get('/api/admin/tools/analytics?days=7', { headers })).json()) as { calls: number }).calls, { timeout: 15_000 })
    .toBe(4);
  await request.dispose();
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

const card = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });
const executionRows = (page: Page) => page.getByRole('table', { name: 'Recent executions' }).locator('tbody tr');
const perToolRow = (page: Page, tool: string) => page.getByRole('table', { name: 'Calls per tool' }).getByRole('row').filter({ hasText: tool });
const details = (page: Page) => page.getByRole('dialog');

test('shows calls, errors and latency per tool and over time, and the details of a run', async ({ page }) => {
  await openSignedIn(page, admin, '/tools/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Tool Analytics' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Analytics');

  // The totals of the last 7 days (the default window).
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(card(page, 'Calls')).toContainText('4');
  await expect(card(page, 'Calls')).toContainText('3 successful');
  await expect(card(page, 'Success rate')).toContainText('75%');
  await expect(card(page, 'Errors')).toContainText('1');
  await expect(card(page, 'Errors')).toContainText('25% error rate');
  await expect(card(page, 'Latency')).toContainText('p95');

  // The charts are images with a summary, and their numbers are in a table.
  const calls = page.getByRole('img', { name: /^Calls per day over the last 7 days: 4 calls, 1 error \(25%\)/ });
  await expect(calls).toBeVisible();
  await expect(page.getByRole('img', { name: /^Latency per day over the last 7 days: median/ })).toBeVisible();
  await page.getByText('Calls and errors: data table').click();
  const callsData = page.getByRole('region', { name: 'Calls and errors, data' });
  await expect(callsData.getByRole('row').filter({ has: page.getByRole('cell', { name: '4', exact: true }) })).toHaveCount(1);
  await expect(callsData.getByRole('row').filter({ has: page.getByRole('cell', { name: '25%', exact: true }) })).toHaveCount(1);

  // Per tool: the busiest first, with its error rate.
  await expect(perToolRow(page, transformTool)).toContainText('3');
  await expect(perToolRow(page, transformTool)).toContainText('0%');
  await expect(perToolRow(page, httpTool)).toContainText('100%');
  await expect(page.getByRole('table', { name: 'Calls per tool' }).locator('tbody tr').first()).toContainText(transformTool);

  // Top errors and callers.
  await expect(page.getByRole('list', { name: 'Top errors' })).toContainText('HTTP 500 Internal Server Error');
  await expect(page.getByRole('list', { name: 'Top callers' })).toContainText(admin.email);
  await expect(page.getByRole('list', { name: 'Top callers' })).toContainText('4 calls');

  // Executions: newest first, filterable by status.
  await expect(executionRows(page)).toHaveCount(4);
  await expect(executionRows(page).first()).toContainText(httpTool);
  await expect(executionRows(page).first()).toContainText('Error');
  await expect(executionRows(page).first()).toContainText('Development');
  await expect(page.getByTestId('executions-range')).toHaveText('1–4 of 4');
  await page.getByLabel('Filter by status').selectOption('success');
  await expect(page).toHaveURL(/status=success/);
  await expect(executionRows(page)).toHaveCount(3);
  await expect(executionRows(page).filter({ hasText: httpTool })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(executionRows(page)).toHaveCount(4);

  // The failed HTTP call: the request as sent, the response and the error.
  await page.getByRole('button', { name: new RegExp(`^${httpTool}: view details`) }).click();
  await expect(details(page)).toBeVisible();
  await expect(page).toHaveURL(/execution=[0-9a-f-]{36}/);
  await expect(details(page).getByTestId('execution-request-line')).toHaveText(`GET ${upstreamUrl}/customers/c-42`);
  await expect(details(page)).toContainText('HTTP 500 Internal Server Error');
  await expect(details(page).getByRole('region', { name: 'Response' })).toContainText('500');
  await expect(details(page).getByLabel('Response body')).toContainText('"error": "CRM database unavailable"');
  await expect(details(page).getByRole('region', { name: 'Input' })).toContainText('"id": "c-42"');
  await expect(details(page)).toContainText(admin.email);
  // A shared link opens the same run.
  await page.reload();
  await expect(details(page).getByTestId('execution-request-line')).toHaveText(`GET ${upstreamUrl}/customers/c-42`);
  await details(page).getByRole('button', { name: 'Close' }).click();
  await expect(details(page)).toBeHidden();
  await expect(page).not.toHaveURL(/execution=/);

  // A successful transform run: its output, and no HTTP request.
  await executionRows(page).filter({ hasText: transformTool }).last().click();
  await expect(details(page).getByRole('region', { name: 'Output' })).toContainText('"full_name": "Ada Lovelace"');
  await expect(details(page).getByRole('region', { name: 'Input' })).toContainText('"first_name": "Ada"');
  await expect(details(page)).toContainText('No HTTP request');
  await page.keyboard.press('Escape');
  await expect(details(page)).toBeHidden();
});

test('narrows to a window and a tool, kept in the URL, and says when nothing ran', async ({ page }) => {
  await openSignedIn(page, admin, '/tools/analytics');
  await expect(card(page, 'Calls')).toContainText('4');

  await page.getByText('24 hours', { exact: true }).click();
  await expect(page).toHaveURL(/days=1/);
  await expect(page.getByRole('radio', { name: '24 hours' })).toBeChecked();
  await expect(page.getByRole('img', { name: /^Calls per hour over the last 24 hours: 4 calls/ })).toBeVisible();

  // A tool's name in the per-tool table narrows the whole page to it.
  await perToolRow(page, transformTool).getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`tool=${ids.transform}`));
  await expect(page.getByLabel('Filter by tool')).toHaveValue(ids.transform!);
  await expect(card(page, 'Calls')).toContainText('3');
  await expect(card(page, 'Success rate')).toContainText('100%');
  await expect(page.getByRole('table', { name: 'Calls per tool' })).toHaveCount(0);
  await expect(executionRows(page)).toHaveCount(3);
  await expect(page.getByRole('list', { name: 'Top errors' })).toHaveCount(0);
  await expect(page.getByText('No errors in this period.')).toBeVisible();

  // The URL is the state: a reload shows the same view.
  await page.reload();
  await expect(page.getByRole('radio', { name: '24 hours' })).toBeChecked();
  await expect(card(page, 'Calls')).toContainText('3');

  // A tool that never ran: the empty state points to the Tool Registry.
  await page.getByLabel('Filter by tool').selectOption(ids.idle!);
  await expect(page.getByRole('heading', { name: `No calls of ${idleTool} in this period` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Test a tool in the Tool Registry' })).toHaveAttribute('href', '/tools');
  await expect(executionRows(page)).toHaveText(['No executions recorded yet.']);

  await page.getByLabel('Filter by tool').selectOption('');
  await expect(page).not.toHaveURL(/tool=/);
  await expect(card(page, 'Calls')).toContainText('4');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the populated page and a run's details have no serious or critical accessibility violations (${theme} theme)`, async ({ page }) => {
    test.setTimeout(120_000); // two full axe scans
    await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.theme, theme]);
    await openSignedIn(page, admin, '/tools/analytics');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
    await expect(page.getByRole('img', { name: /^Calls per day/ })).toBeVisible();
    await expect(executionRows(page)).toHaveCount(4);
    await page.getByText('Latency: data table').click();

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

    await page.getByRole('button', { name: new RegExp(`^${httpTool}: view details`) }).click();
    await expect(details(page).getByTestId('execution-request-line')).toBeVisible();
    await page.waitForTimeout(400); // the panel's slide-in, so colours are scanned at rest
    ({ blocking, report } = await scan());
    expect(blocking, report).toEqual([]);
  });
}
