import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Dashboard } from '@admin-portal/contract/analytics/api';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { adminHeaders, createOrganization, createUserIn, guessFromManyAddresses, uniqueSuffix } from './admin-api.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { activeWorkflow, intakeKey, nameJoinerTool, submit, decide } from './cases.ts';
import { apiLogin, openSignedIn } from './throwaway-users.ts';

/**
 * The dashboard (issue 15) in Chromium against the real server, in an organization of this spec's own: three
 * applications sent through the public intake API (one approved, one rejected, one waiting for the operator's review),
 * so every figure is known. An operator and a viewer see those figures and nothing an administrator alone may see; an
 * administrator sees what waits for them and the tools' health; the chart's data table holds the API's numbers; an
 * overdue case opens in the monitor, filtered; another organization with no application says what to do next; axe
 * finds nothing serious at 1024 px in either theme.
 */

test.use({ timezoneId: 'UTC', locale: 'en-US' });

const PASSWORD = 'Member-Passw0rd!';

interface Person {
  email: string;
  password: string;
  name: string;
}

interface World {
  org: string;
  workflowName: string;
  operator: Person;
  viewer: Person;
  admin: Person;
  /** An administrator of another organization that has no application at all. */
  emptyAdmin: Person;
  /** The case still waiting for the operator's review. */
  waiting: { id: string; name: string };
  toolName: string;
  toolId: string;
}

async function person(
  request: APIRequestContext,
  headers: Record<string, string>,
  org: string,
  role: 'operator' | 'viewer' | 'admin',
  first: string,
  tag: string,
): Promise<Person> {
  const email = `dashboard-${first.toLowerCase()}-${role}-${tag}@example.com`;
  await createUserIn(request, headers, org, { email, first_name: first, last_name: `Dash${tag}`, role });
  return { email, password: PASSWORD, name: `${first} Dash${tag}` };
}

async function dashboardAs(request: APIRequestContext, who: Person, query = 'range=7d&tz=UTC'): Promise<Dashboard> {
  const { access_token } = await apiLogin(request, who.email, who.password);
  const res = await request.get(`/api/admin/analytics/dashboard?${query}`, { headers: { Authorization: `Bearer ${access_token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Dashboard;
}

async function setUp(request: APIRequestContext): Promise<World> {
  const headers = await adminHeaders(request);
  const tag = uniqueSuffix();
  const org = (await createOrganization(request, headers, { name: `Dashboard ${tag}` })).id;
  const emptyOrg = (await createOrganization(request, headers, { name: `Quiet ${tag}` })).id;
  const operator = await person(request, headers, org, 'operator', 'Opal', tag);
  const viewer = await person(request, headers, org, 'viewer', 'Vera', tag);
  const admin = await person(request, headers, org, 'admin', 'Adele', tag);
  const emptyAdmin = await person(request, headers, emptyOrg, 'admin', 'Quinn', tag);
  // A member whose account gets locked by wrong passwords from many addresses: one thing waiting for an administrator.
  const locked = await person(request, headers, org, 'viewer', 'Lockie', `${tag}l`);
  await guessFromManyAddresses(request, locked.email, locked.password);

  const workflowName = `Onboarding ${tag}`;
  const workflowId = await activeWorkflow(request, headers, org, workflowName);
  const key = await intakeKey(request, headers, org);

  const operatorAuth = { Authorization: `Bearer ${(await apiLogin(request, operator.email, operator.password)).access_token}` };
  const approved = await submit(request, key, workflowId, 'Ada Approved');
  const rejected = await submit(request, key, workflowId, 'Rex Rejected');
  const waitingName = 'Wanda Waiting';
  const waiting = await submit(request, key, workflowId, waitingName);
  await decide(request, operatorAuth, approved, 'approve');
  await decide(request, operatorAuth, rejected, 'reject');

  // A tool of the organization's administrator, run once and submitted for approval.
  const adminAuth = { Authorization: `Bearer ${(await apiLogin(request, admin.email, admin.password)).access_token}` };
  const toolName = `name_joiner_${tag}`;
  const toolId = await nameJoinerTool(request, adminAuth, toolName);
  const run = await request.post(`/api/admin/tools/${toolId}/test`, {
    headers: adminAuth,
    data: { input: { first_name: 'Ada', last_name: 'Lovelace' }, environment: 'development' },
  });
  expect(run.status(), await run.text()).toBe(200);
  const submitted = await request.put(`/api/admin/tools/${toolId}`, { headers: adminAuth, data: { status: 'pending_approval' } });
  expect(submitted.status(), await submitted.text()).toBe(200);

  const world: World = { org, workflowName, operator, viewer, admin, emptyAdmin, waiting: { id: waiting, name: waitingName }, toolName, toolId };
  // The rollups fold the events in within about a second: wait until the figures are all there.
  await expect
    .poll(async () => {
      const d = await dashboardAs(request, admin);
      return [d.totals.started, d.totals.approved, d.totals.rejected, d.open_now.waiting_review, d.tools?.calls ?? 0];
    })
    .toEqual([3, 1, 1, 1, 1]);
  return world;
}

let world: World;
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  world = await setUp(request);
  await request.dispose();
});

const card = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function expectOrganizationFigures(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(page.getByTestId('dashboard-started-value')).toHaveText('3');
  // The previous period had none: the trend says so in words.
  await expect(card(page, 'Applications started')).toContainText('up from 0 in the previous period');
  await expect(page.getByTestId('dashboard-completed-value')).toHaveText('2');
  await expect(card(page, 'Completed')).toContainText('1 approved · 1 rejected');
  await expect(page.getByTestId('dashboard-approval-value')).toHaveText('50%');
  await expect(page.getByTestId('dashboard-failed-value')).toHaveText('0');
  await expect(page.getByTestId('dashboard-open-value')).toHaveText('1');
  await expect(card(page, 'Open now')).toContainText('1 waiting for a review');
  await expect(page.getByTestId('reviews-open')).toHaveText('1');
  await expect(page.getByTestId('reviews-overdue')).toHaveText('0');
  await expect(page.getByRole('table', { name: 'Open reviews by assignee role' })).toContainText('Operator');
  // The busiest workflow's funnel, and the latest events.
  await expect(page.getByRole('img', { name: new RegExp(`^${world.workflowName} over 4 steps: 3 reached Received`) })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText('Ada Approved');
  await expect(page.getByRole('list', { name: 'Recent activity' })).toContainText('Wanda Waiting');
  // Nothing that only an administrator may see.
  await expect(region(page, 'Needs your attention')).toHaveCount(0);
  await expect(region(page, 'Tool health')).toHaveCount(0);
  await expect(page.getByText(world.toolName)).toHaveCount(0);
}

test('an operator sees the organization’s figures, the reviews waiting for them, and links into the monitor', async ({ page }) => {
  await openSignedIn(page, world.operator);
  await expectOrganizationFigures(page);
  await expect(page.getByTestId('reviews-mine')).toContainText('1 waiting for you');
  await expect(page.getByRole('link', { name: 'Open your review queue' })).toHaveAttribute('href', '/applications?view=queue');
  const event = page
    .getByRole('list', { name: 'Recent activity' })
    .getByRole('link', { name: /Wanda Waiting/ })
    .first();
  await expect(event).toHaveAttribute('href', `/applications?case=${world.waiting.id}`);
  await expect(page.getByRole('region', { name: 'Your account' })).toContainText('Operator');
});

test('a viewer sees the same figures, nothing waiting for them, and follows a case into the monitor to watch it', async ({ page }) => {
  await openSignedIn(page, world.viewer);
  await expectOrganizationFigures(page);
  await expect(page.getByTestId('reviews-mine')).toHaveText('Nothing waits for you.');
  await expect(page.getByRole('link', { name: 'Open your review queue' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your account' })).toContainText('Viewer');
  const event = page
    .getByRole('list', { name: 'Recent activity' })
    .getByRole('link', { name: /Wanda Waiting/ })
    .first();
  await expect(event).toHaveAttribute('href', `/applications?case=${world.waiting.id}`);
  await event.click();
  const drawer = page.getByRole('dialog', { name: world.waiting.name });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: /^(Approve|Reject|Cancel application)$/ })).toHaveCount(0);
});

test('an administrator sees what waits for them and the tools’ health', async ({ page }) => {
  await openSignedIn(page, world.admin);
  await expect(page.getByTestId('dashboard-started-value')).toHaveText('3');
  const attention = page.getByRole('list', { name: 'Needs your attention' });
  await expect(attention.locator('[data-attention="tools"]')).toContainText('1 tool waits for approval');
  await expect(attention.locator('[data-attention="tools"]').getByRole('link', { name: 'Open Tool Registry' })).toHaveAttribute(
    'href',
    '/tools?status=pending_approval',
  );
  await expect(attention.locator('[data-attention="users"]')).toContainText('1 account is locked');
  await expect(attention.locator('[data-attention="users"]').getByRole('link', { name: 'Open User Management' })).toHaveAttribute(
    'href',
    '/users?status=locked',
  );
  await expect(attention.locator('[data-attention="workflows"]')).toContainText('No active workflow fails its checks');

  const tools = page.getByRole('table', { name: 'Tool health' });
  const row = tools.getByRole('row').filter({ hasText: world.toolName });
  await expect(row).toContainText('0%');
  await expect(row.getByRole('link', { name: world.toolName })).toHaveAttribute('href', `/tools/analytics?tool=${world.toolId}`);
  await row.getByRole('link', { name: world.toolName }).click();
  await expect(page).toHaveURL(new RegExp(`/tools/analytics\\?tool=${world.toolId}`));
});

test('the chart’s data table holds the API’s applications over time, and the period lives in the URL', async ({ page }) => {
  await openSignedIn(page, world.operator);
  await expect(page.getByTestId('dashboard-started-value')).toHaveText('3');
  // What the page asked for on a fresh load, with the figures all folded in.
  const answer = page.waitForResponse((r) => r.url().includes('/api/admin/analytics/dashboard?') && r.status() === 200);
  await page.reload();
  const api = (await (await answer).json()) as Dashboard;
  expect(api.period).toMatchObject({ range: '7d', bucket: 'day', tz: 'UTC' });
  expect(api.over_time.reduce((n, p) => n + p.started, 0)).toBe(3);

  await expect(
    page.getByRole('img', { name: /^Applications per day over the last 7 days: 3 started, 2 completed \(1 approved, 1 rejected\), 0 failed\./ }),
  ).toBeVisible();
  await page.getByText('Applications per day: data table').click();
  const table = page.getByRole('region', { name: 'Applications per day, data' });
  await expect(table.getByRole('columnheader')).toHaveText(['Day', 'Started', 'Completed', 'Approved', 'Rejected', 'Failed']);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(api.over_time.length);
  for (const [i, p] of api.over_time.entries()) {
    await expect(rows.nth(i).getByRole('cell')).toHaveText([p.started, p.completed, p.approved, p.rejected, p.failed].map(String));
  }

  // Another period: in the URL, kept on reload; the default (7 days) leaves the address bare.
  await page.getByText('30 days', { exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\?range=30d$/);
  await expect(page.getByRole('img', { name: /^Applications per day over the last 30 days: 3 started/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
  await expect(page.getByTestId('dashboard-started-value')).toHaveText('3');
  await page.getByText('Today', { exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\?range=today$/);
  await expect(page.getByRole('img', { name: /^Applications per hour today: 3 started/ })).toBeVisible();
  await page.getByText('7 days', { exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a review due first opens in the monitor’s review queue with the case open', async ({ page }) => {
  // The waiting case's review is due in a day (its SLA): listed, not overdue.
  await openSignedIn(page, world.operator);
  const due = page.getByRole('list', { name: 'Reviews due first' });
  await expect(due).toContainText(`${world.workflowName} · Operator review · Operator`);
  await expect(due.getByRole('listitem').filter({ hasText: world.waiting.name })).toContainText(/due in 2[34](\.\d)? h/);
  await due.getByRole('link', { name: world.waiting.name }).click();
  await expect(page).toHaveURL(new RegExp(`/applications\\?view=queue&case=${world.waiting.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Real-time Monitor' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: world.waiting.name })).toBeVisible();
});

test('a failed load says so and offers Retry', async ({ page }) => {
  let fail = true;
  await page.route('**/api/admin/analytics/dashboard?*', (route) =>
    fail ? route.fulfill({ status: 500, json: { detail: 'The figures are resting' } }) : route.fallback(),
  );
  await openSignedIn(page, world.viewer);
  const alert = page.getByRole('alert').filter({ hasText: 'The dashboard could not be loaded' });
  await expect(alert).toContainText('The figures are resting');
  fail = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('dashboard-started-value')).toHaveText('3');
  await expect(alert).toHaveCount(0);
});

test('an organization without applications is told how they arrive', async ({ page }) => {
  await openSignedIn(page, world.emptyAdmin);
  const empty = page.getByTestId('dashboard-empty');
  await expect(empty.getByRole('heading', { name: 'No applications yet' })).toBeVisible();
  await expect(empty).toContainText('POST /api/public/v1/applications');
  await expect(empty).toContainText('Demo traffic');
  await expect(empty.getByRole('link', { name: 'Real-time Monitor' })).toHaveAttribute('href', '/applications');
  await expect(page.getByRole('region', { name: 'Your account' })).toContainText(`Quiet`);
});

for (const theme of ['light', 'dark'] as const) {
  test(`has no serious or critical axe violations at 1024 px in the ${theme} theme`, async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [STORAGE_KEYS.theme, theme]);
    await openSignedIn(page, world.admin);
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
    await expect(page.getByTestId('dashboard-started-value')).toHaveText('3');
    await expect(page.getByRole('table', { name: 'Tool health' })).toBeVisible();
    await page.getByText('Applications per day: data table').click();
    await page.getByText(`${world.workflowName}: data table`).click();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking, blocking.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`).join('\n')).toEqual(
      [],
    );
    // Nothing is cut off or scrolls sideways at 1024 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  });
}
