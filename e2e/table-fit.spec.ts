import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { adminHeaders, createUserIn, uniqueSuffix } from './admin-api.ts';
import { activeWorkflow, decide, intakeKey, openReviewOf, submit } from './cases.ts';
import { E2E_ADMIN, E2E_BASE_URL } from './e2e-env.ts';
import { apiLogin, openSignedIn } from './throwaway-users.ts';

/**
 * The portal's list tables fit their page (issue 32 item 8): at 1440 and 1024 px, sidebar in its default place, no
 * table is wider than its frame, the first row's buttons and links lie inside the window, and the monitor's live
 * table scrolls with the page, not in a box of its own. The data is made long on purpose (names, steps, e-mail
 * addresses, descriptions), as a real organization's is.
 */

const tag = uniqueSuffix();
const LONG = 'with enhanced due diligence and document verification';
const world = { workflow: '', tool: '' };

/** Start → an approval step with a long name → approved / rejected. */
const longGraph = () => ({
  steps: [
    {
      id: 'start',
      type: 'start',
      name: 'Application received from the partner portal',
      config: { trigger: 'api', required_fields: [] },
      position: { x: 0, y: 0 },
    },
    {
      id: 'review',
      type: 'approval',
      name: 'Compliance officer review of identity documents and source of funds',
      config: {
        assignee_role: 'operator',
        sla_hours: 24,
        instructions: 'Compare the selfie with the passport photo, then check the address against the utility bill',
      },
      position: { x: 280, y: 0 },
    },
    { id: 'ok', type: 'end', name: 'Approved and account opened', config: { outcome: 'approved' }, position: { x: 560, y: -80 } },
    { id: 'no', type: 'end', name: 'Rejected after compliance review', config: { outcome: 'rejected' }, position: { x: 560, y: 80 } },
  ],
  connections: [
    { source: 'start', target: 'review', condition: null },
    { source: 'review', target: 'ok', condition: 'approved' },
    { source: 'review', target: 'no', condition: 'rejected' },
  ],
});

/** Its notification names nobody: every case fails there, so the analytics list a failure reason. */
const failingGraph = () => ({
  steps: [
    { id: 'start', type: 'start', name: 'Received', config: { trigger: 'api', required_fields: [] }, position: { x: 0, y: 0 } },
    {
      id: 'tell',
      type: 'notification',
      name: 'Tell the relationship manager about the new applicant',
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

async function makeTool(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const res = await request.post('/api/admin/tools', {
    headers,
    data: {
      name: `customer_full_name_formatter_${tag}`,
      description: 'Joins the first and last name of the applicant',
      tool_type: 'transform',
      config: { mapping: { full_name: 'input.first_name + " " + input.last_name' } },
      input_schema: { type: 'object', properties: { first_name: { type: 'string' }, last_name: { type: 'string' } }, required: ['first_name', 'last_name'] },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  const run = await request.post(`/api/admin/tools/${id}/test`, {
    headers,
    data: { input: { first_name: 'Ada', last_name: 'Lovelace' }, environment: 'development' },
  });
  expect(run.status(), await run.text()).toBe(200);
  return id;
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  const headers = await adminHeaders(request);
  const { user } = await apiLogin(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const org = user.organization_id;

  // Every table gets rows with long texts: a workflow (with a description) and its cases, a user, tool calls.
  const created = await request.post('/api/admin/workflows/complete', {
    headers: { ...headers, 'x-organization-id': org },
    data: {
      name: `Small business onboarding ${LONG} ${tag}`,
      description: `Opens business accounts for sole traders and limited companies, ${LONG}, for the retail bank`,
      category: 'kyb',
      status: 'active',
      graph: longGraph(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  world.workflow = ((await created.json()) as { id: string }).id;
  const failing = await activeWorkflow(request, headers, org, `Relationship manager notification ${tag}`, failingGraph());
  const key = await intakeKey(request, headers, org);
  const cases: string[] = [];
  // More cases than the monitor's old 600 px box held, so a box of its own would scroll.
  const names = ['Maximilian Alexander Featherstonehaugh-Worthington', 'Anna-Katharina von Hohenzollern-Sigmaringen', 'Bartholomew Christopher Montgomery III'];
  for (let i = 0; i < 14; i += 1) cases.push(await submit(request, key, world.workflow, `${names[i % names.length]} ${i + 1} ${tag}`));
  await decide(request, headers, cases[0]!, 'approve');
  await submit(request, key, failing, `Fay Failing ${tag}`);
  await createUserIn(request, headers, org, {
    email: `maximilian.featherstonehaugh-worthington.${tag}@subsidiary.example-enterprise.com`,
    first_name: 'Maximilian Alexander',
    last_name: `Featherstonehaugh-Worthington ${tag}`,
    role: 'compliance_officer',
  });
  // The review queue says who has a review: one held by a person with a long name, as the case-work specs leave them.
  const holder = await createUserIn(request, headers, org, {
    email: `bartholomew.montgomery-featherstonehaugh.${tag}@subsidiary.example-enterprise.com`,
    first_name: 'Bartholomew Christopher',
    last_name: `Montgomery-Featherstonehaugh ${tag}`,
    role: 'operator',
  });
  const assigned = await request.put(`/api/admin/applications/review-tasks/${await openReviewOf(request, headers, cases[1]!)}/assignee`, {
    headers,
    data: { user_id: holder.id },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  world.tool = await makeTool(request, headers);
  await request.dispose();
});

interface Target {
  path: () => string;
  /** The tables the page must show with rows. */
  tables: string[];
  /** The first row's action (its menu, its Details, or the button opening the case), which must be in the window. */
  action?: RegExp;
}

/**
 * The button that opens a case, named by its applicant: any applicant's, since other specs' cases in the same
 * organization may come first in the full run (this spec's long names make the widest rows, checked by the fit).
 */
const APPLICANT = /^\S+ \S/;

const TARGETS: Target[] = [
  { path: () => '/applications', tables: ['Applications'], action: APPLICANT },
  { path: () => '/applications?view=queue', tables: ['Review queue'], action: APPLICANT },
  { path: () => '/audit-log', tables: ['Audit log'], action: /^Details of / },
  { path: () => '/workflows', tables: ['Workflows'], action: /^Actions for / },
  { path: () => '/users', tables: ['Users'], action: /^Actions for / },
  { path: () => '/applications/analytics', tables: ['Figures per workflow', 'Reviews by assignee role', 'Tool health', 'Failure reasons', 'Slowest steps'] },
  { path: () => '/workflows/analytics', tables: ['Figures per workflow'] },
  { path: () => `/workflows/analytics?workflow=${world.workflow}`, tables: ['Figures per step', 'Reviews by approval step'] },
  { path: () => '/tools/analytics', tables: ['Calls per tool', 'Recent executions'] },
];

/** The table's frame (the box that would scroll sideways) and how it fits. */
async function fit(table: Locator) {
  return table.evaluate((t) => {
    const frame = t.parentElement!;
    return { frame: frame.clientWidth, table: t.scrollWidth, frameScroll: frame.scrollWidth };
  });
}

/** Every visible button and link of the table's first body row, with where it lies. */
async function firstRowControls(table: Locator) {
  return table.evaluate((t) => {
    const row = t.querySelector('tbody tr:not([aria-hidden="true"])');
    if (!row) return [];
    return [...row.querySelectorAll<HTMLElement>('button, a[href]')]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => {
        const box = el.getBoundingClientRect();
        return { name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60), left: box.left, right: box.right };
      });
  });
}

async function expectFits(page: Page, name: string, action?: RegExp) {
  const table = page.getByRole('table', { name, exact: true }).first();
  await expect(table.locator('tbody tr:not([aria-hidden="true"])').first()).toBeVisible();
  const sizes = await fit(table);
  expect.soft(sizes.table, `${name}: the table (${sizes.table} px) is no wider than its frame (${sizes.frame} px)`).toBeLessThanOrEqual(sizes.frame + 1);
  expect.soft(sizes.frameScroll, `${name}: its frame does not scroll sideways`).toBeLessThanOrEqual(sizes.frame + 1);
  await expectControlsInWindow(page, table, name, action);
}

/** The first row's buttons and links lie inside the window, the row's action among them. */
async function expectControlsInWindow(page: Page, table: Locator, name: string, action?: RegExp) {
  const width = page.viewportSize()!.width;
  const controls = await firstRowControls(table);
  if (action)
    expect
      .soft(
        controls.some((c) => action.test(c.name)),
        `${name}: the first row has its action (${action}) among ${controls.map((c) => c.name).join(', ')}`,
      )
      .toBe(true);
  for (const control of controls) {
    expect.soft(control.left, `${name}: "${control.name}" starts inside the window`).toBeGreaterThanOrEqual(0);
    expect.soft(control.right, `${name}: "${control.name}" ends inside the window`).toBeLessThanOrEqual(width);
  }
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('every table fits its frame and shows its first row’s buttons and links', async ({ page }) => {
      test.setTimeout(120_000);
      await page.addInitScript(([key]) => localStorage.removeItem(key!), [STORAGE_KEYS.sidebarOpen]);
      await openSignedIn(page, E2E_ADMIN, '/dashboard');
      for (const target of TARGETS) {
        await page.goto(target.path());
        for (const name of target.tables) await test.step(`${target.path()}: ${name}`, () => expectFits(page, name, target.action));
        expect
          .soft(
            await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
            `${target.path()}: the page does not scroll sideways`,
          )
          .toBe(true);
      }
    });

    test('the live table scrolls with the page, not in a box of its own', async ({ page }) => {
      await openSignedIn(page, E2E_ADMIN, '/applications');
      const table = page.getByRole('table', { name: 'Applications', exact: true });
      await expect(table.locator('tbody tr[data-application-id]').first()).toBeVisible();
      const scrollers = await table.evaluate((t) => {
        const found: string[] = [];
        for (let el = t.parentElement; el && el !== document.documentElement && el !== document.body; el = el.parentElement) {
          const overflowY = getComputedStyle(el).overflowY;
          if (el.scrollHeight > el.clientHeight + 1 && (overflowY === 'auto' || overflowY === 'scroll'))
            found.push(`${el.tagName.toLowerCase()}.${el.className}`);
        }
        return found;
      });
      expect(scrollers, 'no box around the table scrolls vertically').toEqual([]);
      const frame = await table.evaluate((t) => ({ scrollHeight: t.parentElement!.scrollHeight, clientHeight: t.parentElement!.clientHeight }));
      expect(frame.scrollHeight).toBeLessThanOrEqual(frame.clientHeight + 1);
    });
  });
}

test.describe('at 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a row’s actions stay in the window, and the table’s frame too', async ({ page }) => {
    await openSignedIn(page, E2E_ADMIN, '/dashboard');
    for (const target of TARGETS.filter((t) => t.action)) {
      await page.goto(target.path());
      const name = target.tables[0]!;
      const table = page.getByRole('table', { name, exact: true });
      await expect(table.locator('tbody tr:not([aria-hidden="true"])').first()).toBeVisible();
      await test.step(`${target.path()}: ${name}`, () => expectControlsInWindow(page, table, name, target.action));
      // The table's frame stays inside the window (the header's own width at 390 px is not this spec's concern).
      const right = await table.evaluate((t) => t.parentElement!.getBoundingClientRect().right);
      expect.soft(right, `${name}: its frame ends inside the window`).toBeLessThanOrEqual(390);
    }
  });
});
