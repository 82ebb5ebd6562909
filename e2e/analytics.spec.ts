import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ApplicationsAnalytics, WorkflowAnalytics } from '@admin-portal/contract/analytics/api';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { activeWorkflow, approvalGraph, decide, intakeKey, submit } from './cases.ts';
import { apiLogin, openSignedIn } from './throwaway-users.ts';

/**
 * The analytics pages (issue 15) in Chromium against the real server: an organization of this spec's own gets a
 * known set of cases through the public intake API (four on an approval workflow: two approved, one rejected, one
 * still waiting; one on a workflow whose notification fails), then Applications Analytics shows the figures the API
 * answers, a chart's data table holds the API's numbers, the filters survive a reload, a workflow's funnel shows each
 * step's reach, Export CSV downloads the table, and axe finds nothing serious in either theme.
 */

const PASSWORD = 'Member-Passw0rd!';
const TZ = 'Europe/Berlin';

// The page counts days in the browser's time zone (the user has none in Settings): the API is asked in the same.
test.use({ timezoneId: TZ, viewport: { width: 1440, height: 1000 } });

interface Person {
  email: string;
  password: string;
  name: string;
}

interface World {
  org: string;
  reviewed: { id: string; name: string };
  failing: { id: string; name: string };
  admin: Person;
  viewer: Person;
}

/** Its notification names nobody in the organization: every case fails there. */
const failingGraph = () => ({
  steps: [
    { id: 'start', type: 'start', name: 'Received', config: { trigger: 'api', required_fields: [] }, position: { x: 0, y: 0 } },
    {
      id: 'tell',
      type: 'notification',
      name: 'Tell nobody',
      config: { channel: 'internal', to: 'nobody@example.com', subject: 'x', message: 'x' },
      position: { x: 280, y: 0 },
    },
    { id: 'done', type: 'end', name: 'Done', config: { outcome: 'completed' }, position: { x: 560, y: 0 } },
  ],
  connections: [
    { source: 'start', target: 'tell', condition: null },
    { source: 'tell', target: 'done', condition: null },
  ],
});

async function setUp(request: APIRequestContext): Promise<World> {
  const superAdmin = await adminHeaders(request);
  const tag = uniqueSuffix();
  const org = (await createOrganization(request, superAdmin, { name: `Analytics ${tag}` })).id;
  const person = async (role: 'admin' | 'viewer', first: string): Promise<Person> => {
    const email = `analytics-${role}-${tag}@example.com`;
    await createUserIn(request, superAdmin, org, { email, first_name: first, last_name: `Figures${tag}`, role });
    return { email, password: PASSWORD, name: `${first} Figures${tag}` };
  };
  const admin = await person('admin', 'Ada');
  const viewer = await person('viewer', 'Vic');
  const reviewed = { name: `Onboarding ${tag}`, id: '' };
  reviewed.id = await activeWorkflow(request, superAdmin, org, reviewed.name, approvalGraph());
  const failing = { name: `Notify ${tag}`, id: '' };
  failing.id = await activeWorkflow(request, superAdmin, org, failing.name, failingGraph());
  const key = await intakeKey(request, superAdmin, org);

  const { access_token } = await apiLogin(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${access_token}` };
  const cases = [];
  for (const name of ['Ann Approved', 'Abe Approved', 'Rex Rejected', 'Wes Waiting']) cases.push(await submit(request, key, reviewed.id, name));
  await decide(request, headers, cases[0]!, 'approve');
  await decide(request, headers, cases[1]!, 'approve');
  await decide(request, headers, cases[2]!, 'reject');
  await submit(request, key, failing.id, 'Fay Failing');

  // The rollups follow the runtime within about a second: wait until the API counts every case.
  await expect
    .poll(
      async () => {
        const figures = await analytics(request, headers, { range: '7d' });
        return [figures.totals.started, figures.totals.approved, figures.totals.rejected, figures.totals.failed, figures.open_now.total];
      },
      { timeout: 20_000 },
    )
    .toEqual([5, 2, 1, 1, 1]);
  return { org, reviewed, failing, admin, viewer };
}

async function analytics(request: APIRequestContext, headers: Record<string, string>, query: Record<string, string>): Promise<ApplicationsAnalytics> {
  const res = await request.get(`/api/admin/analytics/applications?${new URLSearchParams({ tz: TZ, ...query })}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ApplicationsAnalytics;
}

async function headersOf(request: APIRequestContext, person: Person) {
  const { access_token } = await apiLogin(request, person.email, person.password);
  return { Authorization: `Bearer ${access_token}` };
}

/** Signs in and opens a path with its query (openSignedIn checks a plain path). */
async function openAt(page: Page, person: Person, path: string) {
  const [pathname] = path.split('?');
  await openSignedIn(page, person, pathname);
  if (path !== pathname) await page.goto(path);
}

const card = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
/** The cells of a table's body rows, as text. */
/** Each body row's cells, every column's own text (a cell's fold, the figures of columns a narrow table hides, left out). */
const bodyRows = async (page: Page, table: ReturnType<Page['getByRole']>) =>
  table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((r) =>
      [...r.querySelectorAll(':scope > th, :scope > td')].map((c) => {
        const own = c.cloneNode(true) as Element;
        own.querySelectorAll('.dt-fold').forEach((fold) => fold.remove());
        return (own.textContent ?? '').trim();
      }),
    ),
  );

let world: World;
test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  world = await setUp(request);
});

test('Applications Analytics shows the figures the API answers for a known set of cases', async ({ page, request }) => {
  const api = await analytics(request, await headersOf(request, world.admin), { range: '7d' });
  await openAt(page, world.admin, '/applications/analytics?range=7d');
  await expect(page.getByRole('heading', { level: 1, name: 'Applications Analytics' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Analytics');

  // Four cases on the approval workflow (two approved, one rejected, one waiting) and one that failed.
  await expect(card(page, 'Started').getByTestId('headline-started-value')).toHaveText(String(api.totals.started));
  expect(api.totals.started).toBe(5);
  await expect(card(page, 'Completed').getByTestId('headline-completed-value')).toHaveText('3');
  await expect(card(page, 'Completed')).toContainText('2 approved · 1 rejected');
  await expect(card(page, 'Approval rate').getByTestId('headline-approval-value')).toHaveText('66.7%');
  // failed ÷ (completed + failed + cancelled) = 1 ÷ 4
  await expect(card(page, 'Failure rate').getByTestId('headline-failure-value')).toHaveText('25%');
  await expect(card(page, 'Open now').getByTestId('headline-open-value')).toHaveText('1');
  await expect(card(page, 'Open now')).toContainText('1 waiting for review');
  // Nothing happened in the previous seven days: each figure says it grew from zero, in words too.
  await expect(card(page, 'Started')).toContainText('up from 0 in the previous period');

  const perWorkflow = page.getByRole('table', { name: 'Figures per workflow' });
  const reviewedRow = perWorkflow.getByRole('row').filter({ hasText: world.reviewed.name });
  await expect(reviewedRow).toContainText('Active');
  const byName = new Map((await bodyRows(page, perWorkflow)).map((cells) => [cells[0], cells]));
  const apiReviewed = api.per_workflow.find((w) => w.workflow_id === world.reviewed.id)!;
  // Workflow, status, started, completed, conversion, approval rate, failed, decision p50, decision p90, open now.
  expect(byName.get(world.reviewed.name)!.slice(2, 7)).toEqual([String(apiReviewed.started), String(apiReviewed.completed), '75%', '66.7%', '0']);
  expect(apiReviewed.started).toBe(4);
  expect(byName.get(world.reviewed.name)![9]).toBe('1');
  expect(byName.get(world.failing.name)!.slice(2, 7)).toEqual(['1', '0', '0%', '—', '1']);
  // Each workflow leads to its own analytics for the same period.
  await expect(reviewedRow.getByRole('link', { name: `${world.reviewed.name}: workflow analytics` })).toHaveAttribute(
    'href',
    `/workflows/analytics?workflow=${world.reviewed.id}&range=7d`,
  );

  // Reviews by assignee role: the operator's four reviews, three decided and one open.
  const reviews = page.getByRole('table', { name: 'Reviews by assignee role' });
  await expect(reviews.getByRole('row').filter({ hasText: 'Operator' })).toContainText('Operator');
  const [operator] = await bodyRows(page, reviews);
  expect(operator!.slice(0, 5)).toEqual(['Operator', '1', '0', '3', '0']);

  // The failure and where it happened, with the way into the monitor's failed cases.
  const failures = page.getByRole('table', { name: 'Failure reasons' });
  const failure = failures.getByRole('row').filter({ hasText: world.failing.name });
  await expect(failure).toContainText('Tell nobody');
  await expect(failure.getByRole('link', { name: /Open the failed cases/ })).toHaveAttribute(
    'href',
    `/applications?status=failed&workflow=${world.failing.id}`,
  );

  // The time to decision: all three decisions took well under an hour.
  await section(page, 'Over time').getByText('Time to decision: data table').click();
  await expect(page.getByRole('region', { name: 'Time to decision, data' }).getByRole('row').filter({ hasText: 'Under 1 hour' })).toContainText('3');
  await expect(section(page, 'Insights')).toBeVisible();
});

test('the applications chart’s data table holds the API’s numbers, bucket by bucket', async ({ page, request }) => {
  const api = await analytics(request, await headersOf(request, world.admin), { range: '7d' });
  await openAt(page, world.admin, '/applications/analytics?range=7d');
  const chart = page.getByRole('figure', { name: 'Applications over time' });
  await expect(chart.getByRole('img')).toHaveAttribute(
    'aria-label',
    /Applications per day over the last 7 days: 5 started, 3 completed \(2 approved, 1 rejected\), 1 failed\./,
  );
  await chart.getByText('Applications over time: data table').click();
  const table = page.getByRole('region', { name: 'Applications over time, data' }).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Day', 'Started', 'Completed', 'Approved', 'Rejected', 'Failed']);
  const rows = await bodyRows(page, table);
  expect(rows).toHaveLength(api.over_time.length);
  expect(rows.map((cells) => cells.slice(1).map(Number))).toEqual(api.over_time.map((p) => [p.started, p.completed, p.approved, p.rejected, p.failed]));
});

test('the period, the workflow and the status live in the URL and survive a reload', async ({ page }) => {
  await openSignedIn(page, world.admin, '/applications/analytics');
  const preset = (name: string) => page.getByRole('group', { name: 'Period preset' }).getByText(name, { exact: true });
  await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
  await preset('7 days').click();
  await expect(page).toHaveURL(/range=7d/);
  await page.getByLabel('Group by').selectOption('hour');
  await page.getByLabel('Workflow', { exact: true }).selectOption({ label: world.reviewed.name });
  await page.getByLabel('Status', { exact: true }).selectOption('approved');
  await expect(page).toHaveURL(new RegExp(`range=7d&bucket=hour&workflow=${world.reviewed.id}&status=approved$`));
  // The approved line is drawn over the others, and the chart says what it shows.
  await expect(page.getByRole('figure', { name: 'Applications over time' }).getByRole('img')).toHaveAttribute(
    'aria-label',
    /^Applications approved per hour over the last 7 days: 2 applications\./,
  );

  await page.reload();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(page.getByLabel('Group by')).toHaveValue('hour');
  await expect(page.getByLabel('Workflow', { exact: true })).toHaveValue(world.reviewed.id);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('approved');
  await expect(card(page, 'Started').getByTestId('headline-started-value')).toHaveText('4');

  // Hours are for periods of up to 14 days: a longer preset drops them.
  await preset('90 days').click();
  await expect(page.getByLabel('Group by')).toHaveValue('week');
  await expect(page.getByLabel('Group by').locator('option[value="hour"]')).toBeDisabled();
});

test('custom days are checked before the server is asked, and survive a reload', async ({ page }) => {
  await openAt(page, world.admin, `/applications/analytics?workflow=${world.reviewed.id}`);
  const preset = (name: string) => page.getByRole('group', { name: 'Period preset' }).getByText(name, { exact: true });
  await preset('Custom').click();
  // Custom starts from the days the preset covered (the last 30).
  await expect(page).toHaveURL(/range=custom&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await page.getByLabel('From', { exact: true }).fill('2099-01-01');
  await expect(page.getByRole('alert').filter({ hasText: 'The period cannot start in the future' })).toBeVisible();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date());
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  await expect(page).toHaveURL(new RegExp(`range=custom&from=${today}&to=${today}`));
  await page.reload();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(today);
  await expect(page.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(card(page, 'Started').getByTestId('headline-started-value')).toHaveText('4');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByLabel('Workflow', { exact: true })).toHaveValue('');
  await expect(card(page, 'Started').getByTestId('headline-started-value')).toHaveText('5');
});

test('a workflow’s funnel, reached from All Workflows and the builder, shows each step’s reach', async ({ page, request }) => {
  const res = await request.get(`/api/admin/workflows/${world.reviewed.id}/analytics?range=7d&tz=${encodeURIComponent(TZ)}`, {
    headers: await headersOf(request, world.admin),
  });
  const api = (await res.json()) as WorkflowAnalytics;

  // All Workflows: a workflow's application count leads to its analytics.
  await openSignedIn(page, world.admin, '/workflows');
  await page.getByRole('row').filter({ hasText: world.reviewed.name }).getByRole('link', { name: '4 applications: workflow analytics' }).click();
  await expect(page).toHaveURL(`/workflows/analytics?workflow=${world.reviewed.id}`);
  await expect(page.getByRole('heading', { level: 2, name: world.reviewed.name })).toBeVisible();

  const funnel = page.getByRole('figure', { name: `${world.reviewed.name}: reach per step` });
  await expect(funnel.getByRole('img')).toHaveAttribute('aria-label', new RegExp(`over 4 steps: 4 reached Received`));
  await funnel.getByText('data table').click();
  const rows = await bodyRows(page, page.getByRole('region', { name: `${world.reviewed.name}: reach per step, data` }).getByRole('table'));
  // Step, reached, completed, dropped, drop-off: in order from the start.
  expect(rows.map((r) => [r[0]!.replace('Slowest', '').trim(), ...r.slice(1, 4)])).toEqual([
    ['Received', '4', '4', '0'],
    ['Operator review', '4', '3', '1'],
    ['Approved', '2', '2', '0'],
    ['Rejected', '1', '1', '0'],
  ]);
  const review = api.steps.find((s) => s.name === 'Operator review')!;
  expect([review.entered, review.completed, review.dropped]).toEqual([4, 3, 1]);

  // The steps table: the open case waits at the review, and links into the monitor filtered by that step.
  const steps = page.getByRole('table', { name: 'Figures per step' });
  await expect(steps.getByRole('link', { name: '1 open at Operator review: open in the monitor' })).toHaveAttribute(
    'href',
    `/applications?workflow=${world.reviewed.id}&step=${review.step_id}`,
  );
  await expect(page.getByRole('table', { name: 'Reviews by approval step' }).getByRole('row').filter({ hasText: 'Operator review' })).toContainText('Operator');

  // The Visual Builder links to the same page (under its toolbar's More).
  await page.goto(`/workflows/builder?id=${world.reviewed.id}`);
  const toolbar = page.getByRole('toolbar', { name: 'Workflow builder' });
  await toolbar.getByRole('button', { name: 'More' }).click();
  await expect(toolbar.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', `/workflows/analytics?workflow=${world.reviewed.id}`);

  // Without a workflow the page lists every one, each leading to its funnel.
  await page.goto('/workflows/analytics');
  await expect(
    page.getByRole('table', { name: 'Figures per workflow' }).getByRole('link', { name: `${world.failing.name}: workflow analytics` }),
  ).toBeVisible();
});

test('Export CSV downloads a table’s rows', async ({ page }) => {
  await openAt(page, world.admin, '/applications/analytics?range=7d');
  const downloading = page.waitForEvent('download');
  await section(page, 'Per workflow').getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^applications-per-workflow-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Workflow,Status,Started,Completed,Conversion,Approval rate,Failed,Decision p50,Decision p90,Open now');
  expect(lines.find((l) => l.startsWith(world.reviewed.name))).toMatch(
    new RegExp(`^${world.reviewed.name},active,4,3,0.75,0.6667,0,\\d+(\\.\\d+)?,\\d+(\\.\\d+)?,1$`),
  );
  await expect(page.getByText('Export ready')).toBeVisible();
});

test('a viewer sees the figures and the links into the monitor, which they may watch', async ({ page }) => {
  await openAt(page, world.viewer, '/applications/analytics?range=7d');
  await expect(card(page, 'Started').getByTestId('headline-started-value')).toHaveText('5');
  await expect(page.getByRole('table', { name: 'Figures per workflow' })).toBeVisible();
  // (The first one shown: a narrow table also keeps a hidden copy of a link under the row's name.)
  await expect(page.locator('main a[href^="/applications?"]').filter({ visible: true }).first()).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Real-time Monitor' })).toHaveAttribute('href', '/applications');
  // Tool health is for those who may read tools.
  await expect(section(page, 'Tool health')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Analytics', exact: true })).toBeVisible();
});

const SCANNED = [
  { name: 'Applications Analytics', path: () => '/applications/analytics?range=7d', table: 'Figures per workflow' },
  { name: 'one workflow’s analytics', path: () => `/workflows/analytics?workflow=${world.reviewed.id}&range=7d`, table: 'Figures per step' },
  { name: 'every workflow’s analytics', path: () => '/workflows/analytics?range=7d', table: 'Figures per workflow' },
];

for (const theme of ['light', 'dark'] as const) {
  for (const target of SCANNED) {
    test(`${target.name} with figures has no serious or critical axe violations (${theme} theme)`, async ({ page }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.theme, theme]);
      await openAt(page, world.admin, target.path());
      await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
      await expect(page.getByRole('table', { name: target.table })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The charts' data tables open too, so their markup is scanned.
      for (const disclosure of await page.locator('details.time-chart-data summary').all()) await disclosure.click();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking, blocking.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`).join('\n')).toEqual(
        [],
      );
    });
  }
}
