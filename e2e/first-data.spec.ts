import { expect, test, type Page, type Request } from '@playwright/test';
import { E2E_ADMIN } from './e2e-env.ts';
import { openSignedIn } from './throwaway-users.ts';

/**
 * On a page load, the dashboard, the analytics pages and the workflows', tools' and users' lists ask for their figures as soon as the session and the user's
 * time zone are known, not once the signed-in layout and the page have been drawn (issue 32 item 19): the request
 * travels while the page's code is still being drawn. The page's own query finds that request under its key and asks
 * nothing again. Held here: the signed-in layout's script, so the page cannot be drawn until the test lets it.
 */

/** Holds the signed-in layout's script (sidebar, header, footer) until the returned function is called. */
async function holdLayout(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-layout-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every request the page sends to `path` (the API's, without its query) from now on, those `keep` accepts. */
function requestsTo(page: Page, path: string, keep: (query: URLSearchParams) => boolean = () => true): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === path && keep(url.searchParams)) seen.push(request);
  });
  return seen;
}

test('the dashboard asks for its figures before the layout is drawn, and once', async ({ page }) => {
  await openSignedIn(page, E2E_ADMIN, '/settings');
  const release = await holdLayout(page);
  const figures = requestsTo(page, '/api/admin/analytics/dashboard');

  await page.goto('/dashboard?range=30d', { waitUntil: 'commit' });
  await expect.poll(() => figures.length).toBe(1);
  // Asked while nothing of the app is drawn: the layout (and so the page) is still held back.
  await expect(page.locator('#root main')).toHaveCount(0);
  const query = new URL(figures[0]!.url()).searchParams;
  expect(query.get('range')).toBe('30d');
  expect(query.get('tz')).toBeTruthy();

  release();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
  await expect(page.getByTestId('dashboard-updated')).toBeVisible();
  // The page took that answer: it asked for nothing more.
  expect(figures).toHaveLength(1);
});

test('Applications Analytics asks for its figures before the layout is drawn, each once', async ({ page }) => {
  await openSignedIn(page, E2E_ADMIN, '/settings');
  const release = await holdLayout(page);
  const calls = ['/api/admin/analytics/applications', '/api/admin/analytics', '/api/admin/workflows/insights', '/api/admin/workflows'].map((path) =>
    requestsTo(page, path),
  );

  await page.goto('/applications/analytics?range=7d', { waitUntil: 'commit' });
  for (const seen of calls) await expect.poll(() => seen.length).toBe(1);
  await expect(page.locator('#root main')).toHaveCount(0);
  expect(new URL(calls[0]![0]!.url()).searchParams.get('range')).toBe('7d');

  release();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Applications Analytics' })).toBeVisible();
  // Its figures, or that the period had none: either way drawn from the answers already asked for.
  const main = page.getByRole('main');
  await expect(
    main.getByRole('group', { name: 'Open now', exact: true }).or(main.getByRole('heading', { level: 2, name: 'No applications in the last 7 days' })),
  ).toBeVisible();
  expect(calls.map((seen) => seen.length)).toEqual([1, 1, 1, 1]);
});

test('going to the dashboard within the app asks for its figures once, for the dashboard’s own period', async ({ page }) => {
  await openSignedIn(page, E2E_ADMIN, '/workflows/analytics?range=90d');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Workflow Analytics' })).toBeVisible();
  const figures = requestsTo(page, '/api/admin/analytics/dashboard');

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-updated')).toBeVisible();
  // The 90 days of the page being left are not the dashboard's period (7 days when its address names none).
  expect(figures.map((request) => new URL(request.url()).searchParams.get('range'))).toEqual(['7d']);
});

const LISTS = [
  { path: '/workflows?size=25', api: '/api/admin/workflows', heading: 'All Workflows', table: 'Workflows' },
  { path: '/tools?size=25', api: '/api/admin/tools', heading: 'Tool Registry', table: 'Tools' },
  // Not the count of sign-ups waiting for a decision, which an administrator's page asks for beside the list.
  { path: '/users?size=25', api: '/api/admin/users', heading: 'User Management', table: 'Users', keep: (q: URLSearchParams) => !q.has('pending') },
];

for (const list of LISTS) {
  test(`${list.heading} asks for its first page before the layout is drawn, once, at the address’s size`, async ({ page }) => {
    await openSignedIn(page, E2E_ADMIN, '/settings');
    const release = await holdLayout(page);
    const pages = requestsTo(page, list.api, list.keep);

    await page.goto(list.path, { waitUntil: 'commit' });
    await expect.poll(() => pages.length).toBe(1);
    await expect(page.locator('#root main')).toHaveCount(0);
    expect(new URL(pages[0]!.url()).searchParams.get('limit')).toBe('25');

    release();
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: list.heading })).toBeVisible();
    await expect(page.getByRole('table', { name: list.table }).getByRole('row').nth(1)).toBeVisible();
    expect(pages).toHaveLength(1);
  });
}

test('Tool Analytics asks for its window’s figures before the layout is drawn, once', async ({ page }) => {
  await openSignedIn(page, E2E_ADMIN, '/settings');
  const release = await holdLayout(page);
  const figures = requestsTo(page, '/api/admin/tools/analytics');

  await page.goto('/tools/analytics?days=30', { waitUntil: 'commit' });
  await expect.poll(() => figures.length).toBe(1);
  await expect(page.locator('#root main')).toHaveCount(0);
  expect(new URL(figures[0]!.url()).searchParams.get('days')).toBe('30');

  release();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Tool Analytics' })).toBeVisible();
  // Its figures, or that the window had no calls: either way drawn from the answer already asked for.
  const main = page.getByRole('main');
  await expect(main.getByTestId('summary-calls-value').or(main.getByRole('heading', { level: 2, name: 'No tool calls in this period' }))).toBeVisible();
  expect(figures).toHaveLength(1);
});
