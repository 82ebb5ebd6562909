import fs from 'node:fs';
import net from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../apps/web/src/shared/storage/storage-keys.ts';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { activeWorkflow, approvalGraph, intakeKey, submit } from './cases.ts';
import { apiLogin, openSignedIn } from './throwaway-users.ts';

/**
 * The Real-time Monitor (issue 14) in Chromium against the real server: cases sent through the public intake API
 * appear live, move, land in the review queue and are decided from the drawer by their assignee role; another role
 * sees no decide buttons and the server refuses it; a dropped connection loses no event; another organization's
 * cases never appear. Each run works in organizations of its own, so other specs' traffic never mixes in.
 */

const PASSWORD = 'Member-Passw0rd!';

interface World {
  orgA: string;
  orgB: string;
  workflowA: string;
  workflowB: string;
  /** Waits two seconds on a timer before the operator's review, so the case is seen moving through its steps. */
  stagedWorkflow: string;
  /** Reviewed by compliance officers: an operator may watch it but not decide it. */
  complianceWorkflow: string;
  keyA: string;
  keyB: string;
  operator: { email: string; password: string; name: string };
  admin: { email: string; password: string; name: string };
  compliance: { email: string; password: string; name: string };
  viewer: { email: string; password: string; name: string };
}

/** Start → a two-second timer → the operator's review → approved or rejected. */
const stagedGraph = () => {
  const graph = approvalGraph();
  const [start, review, ...ends] = graph.steps;
  return {
    steps: [start!, { id: 'cool', type: 'delay', name: 'Cooling off', config: { amount: 2, unit: 'seconds' }, position: { x: 140, y: 0 } }, review!, ...ends],
    connections: [{ source: 'start', target: 'cool', condition: null }, { source: 'cool', target: 'review', condition: null }, ...graph.connections.slice(1)],
  };
};

async function setUp(request: APIRequestContext): Promise<World> {
  const headers = await adminHeaders(request);
  const tag = uniqueSuffix();
  const orgA = (await createOrganization(request, headers, { name: `Monitor A ${tag}` })).id;
  const orgB = (await createOrganization(request, headers, { name: `Monitor B ${tag}` })).id;
  const person = async () => {
    const email = `monitor-operator-${tag}@example.com`;
    await createUserIn(request, headers, orgA, { email, first_name: 'Olive', last_name: `Monitor${tag}`, role: 'operator' });
    return { email, password: PASSWORD, name: `Olive Monitor${tag}` };
  };
  const member = async (role: 'admin' | 'compliance_officer' | 'viewer', firstName: string) => {
    const email = `monitor-${role}-${tag}@example.com`;
    await createUserIn(request, headers, orgA, { email, first_name: firstName, last_name: `Monitor${tag}`, role });
    return { email, password: PASSWORD, name: `${firstName} Monitor${tag}` };
  };
  return {
    orgA,
    orgB,
    workflowA: await activeWorkflow(request, headers, orgA, `Onboarding A ${tag}`),
    workflowB: await activeWorkflow(request, headers, orgB, `Onboarding B ${tag}`),
    stagedWorkflow: await activeWorkflow(request, headers, orgA, `Staged A ${tag}`, stagedGraph()),
    complianceWorkflow: await activeWorkflow(request, headers, orgA, `Compliance A ${tag}`, approvalGraph('compliance_officer', 'Compliance review')),
    keyA: await intakeKey(request, headers, orgA),
    keyB: await intakeKey(request, headers, orgB),
    operator: await person(),
    admin: await member('admin', 'Ada'),
    compliance: await member('compliance_officer', 'Cora'),
    viewer: await member('viewer', 'Vito'),
  };
}

const row = (page: Page, id: string) => page.locator(`tr[data-application-id="${id}"]`);
const liveStatus = (page: Page) => page.getByTestId('live-status');

let world: World;
test.beforeAll(async ({ request }) => {
  world = await setUp(request);
});

test('a case sent through the public API appears live, waits in the review queue, and is approved from the drawer by its assignee role', async ({
  page,
  request,
}) => {
  await openSignedIn(page, world.operator, '/applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Real-time Monitor' })).toBeVisible();
  await expect(liveStatus(page)).toHaveText('Live');
  // Nothing yet in this organization: the empty state says how to send the first one.
  await expect(page.getByText('No applications yet')).toBeVisible();
  await expect(page.getByLabel('Example request')).toContainText('/api/public/v1/applications');

  const sentAt = Date.now();
  const id = await submit(request, world.keyA, world.stagedWorkflow, 'Grace Live');
  await expect(row(page, id)).toBeVisible();
  test.info().annotations.push({ type: 'appeared after', description: `${Date.now() - sentAt} ms` });
  // It waits on its timer, then moves on by itself to the operator's review, without a reload.
  await expect(row(page, id)).toContainText('Cooling off');
  await expect(row(page, id)).toContainText('Waiting for a timer');
  await expect(row(page, id)).toContainText('Waiting for review');
  await expect(row(page, id)).toContainText('Operator review');
  await expect(page.getByTestId('counter-waiting_for_review')).toHaveText('1');

  await page.getByRole('tab', { name: /Review queue/ }).click();
  await expect(page).toHaveURL(/view=queue/);
  // Tabs as a screen reader knows them: the chosen one selected, its panel named by it.
  await expect(page.getByRole('tab', { name: /Review queue/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('tabpanel', { name: /Review queue/ })).toBeVisible();
  const queued = page.getByRole('table', { name: 'Review queue' }).locator(`tr[data-application-id="${id}"]`);
  await expect(queued).toContainText('Operator review');
  await queued.getByRole('button', { name: 'Grace Live', exact: true }).click();

  const drawer = page.getByRole('dialog', { name: 'Grace Live' });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`case=${id}`));
  await expect(drawer.getByRole('img', { name: /The path of this case/ })).toBeVisible();
  await expect(drawer.getByRole('region', { name: 'Timeline' })).toContainText('Application received');
  await expect(drawer.getByRole('list', { name: 'Steps passed' })).toContainText('Cooling off');
  await drawer.getByRole('button', { name: 'Reject' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reject application' });
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await expect(confirm.getByText('Say why the application is rejected')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  await drawer.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve application' });
  await approve.getByLabel('Comment (optional)').fill('Documents in order');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Application approved')).toBeVisible();
  await expect(approve).toBeHidden();
  await expect(drawer.getByText('Completed · Approved', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('region', { name: 'Timeline' })).toContainText('Documents in order');
  await expect(drawer.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The drawer is linkable; closing it leaves the queue, now empty.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByText('Nothing waits for you')).toBeVisible();
  await page.getByRole('tablist', { name: 'Monitor views' }).getByRole('tab', { name: 'Applications' }).click();
  await expect(row(page, id)).toContainText('Completed · Approved');
});

test('a role the review is not assigned to sees no decide buttons, and the server refuses its decision', async ({ page, request }) => {
  const id = await submit(request, world.keyA, world.complianceWorkflow, 'Alan Waiting');
  await openSignedIn(page, world.operator, '/applications');
  await expect(row(page, id)).toContainText('Waiting for review');
  await row(page, id).getByRole('button', { name: 'Alan Waiting' }).click();
  const drawer = page.getByRole('dialog', { name: 'Alan Waiting' });
  await expect(drawer.locator('.review-box')).toContainText('Compliance review');
  await expect(drawer.getByText('Only the Compliance Officer role or an administrator can decide this review.')).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  // The review queue shows only what this user may decide.
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: /Review queue/ }).click();
  await expect(page.getByRole('table', { name: 'Review queue' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Review queue' }).locator(`tr[data-application-id="${id}"]`)).toHaveCount(0);

  const login = await request.post('/api/auth/login', { data: { email: world.operator.email, password: world.operator.password } });
  const { access_token } = (await login.json()) as { access_token: string };
  const detail = await request.get(`/api/admin/applications/${id}`, { headers: { Authorization: `Bearer ${access_token}` } });
  const task = ((await detail.json()) as { review_tasks: { id: string; status: string }[] }).review_tasks.find((t) => t.status === 'open')!;
  const refused = await request.post(`/api/admin/applications/review-tasks/${task.id}/decision`, {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { decision: 'approve' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { detail: string }).detail).toBe('This review is assigned to another role');
});

test('a compliance officer goes from the dashboard to their review queue and decides; a viewer watches the case read-only', async ({
  page,
  browser,
  request,
}) => {
  const name = `Clara Compliance ${uniqueSuffix()}`;
  const id = await submit(request, world.keyA, world.complianceWorkflow, name);

  // A viewer opens the monitor from the menu and the case, but may not work it.
  const viewerContext = await browser.newContext();
  const watcher = await viewerContext.newPage();
  await openSignedIn(watcher, world.viewer, '/dashboard');
  const menu = watcher.getByRole('navigation', { name: 'Main navigation' });
  const monitorLink = menu.getByRole('link', { name: 'Real-time Monitor' });
  if (!(await monitorLink.isVisible())) await menu.getByRole('button', { name: 'Applications' }).click();
  await monitorLink.click();
  await expect(watcher.getByRole('heading', { level: 1, name: 'Real-time Monitor' })).toBeVisible();
  await expect(row(watcher, id)).toContainText('Waiting for review');
  await row(watcher, id).getByRole('button', { name }).click();
  const watched = watcher.getByRole('dialog', { name });
  await expect(watched.getByText('Only the Compliance Officer role or an administrator can decide this review.')).toBeVisible();
  await expect(watched.getByRole('button', { name: /^(Approve|Reject|Retry|Cancel application|Delete)$/ })).toHaveCount(0);
  await viewerContext.close();

  // The compliance officer's dashboard leads to their queue, where the review is decided.
  await openSignedIn(page, world.compliance, '/dashboard');
  await expect(page.getByTestId('reviews-mine')).toContainText('waiting for you');
  await page.getByRole('link', { name: 'Open your review queue' }).click();
  await expect(page).toHaveURL(/\/applications\?view=queue/);
  const queued = page.getByRole('table', { name: 'Review queue' }).locator(`tr[data-application-id="${id}"]`);
  await expect(queued).toContainText('Compliance review');
  await queued.getByRole('button', { name, exact: true }).click();
  const drawer = page.getByRole('dialog', { name });
  await drawer.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve application' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Application approved')).toBeVisible();
  await expect(drawer.getByText('Completed · Approved', { exact: true })).toBeVisible();
});

test('the demo traffic line counts the applicants it sends as they arrive, without a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  const headers = await adminHeaders(request);
  const tag = uniqueSuffix();
  const org = (await createOrganization(request, headers, { name: `Demo ${tag}` })).id;
  await activeWorkflow(request, headers, org, `Demo onboarding ${tag}`);
  const email = `monitor-demo-${tag}@example.com`;
  await createUserIn(request, headers, org, { email, first_name: 'Dora', last_name: `Demo${tag}`, role: 'admin' });
  await openSignedIn(page, { email, password: PASSWORD, name: `Dora Demo${tag}` }, '/applications');
  const reloads: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads.push(frame.url());
  });
  const demoSwitch = page.getByLabel('Demo traffic: send made-up applicants through the active workflows');
  await demoSwitch.click();
  await expect(demoSwitch).toBeChecked();
  try {
    // Once the first applicant is there, the switch and its line sit under "Demo traffic" below the table.
    await page.locator('summary', { hasText: 'Demo traffic' }).click({ timeout: 30_000 });
    const line = page.getByText(/^\d+ started, \d+ forms answered so far\.$/);
    await expect(line).toBeVisible();
    const startedNow = async () => Number(/^(\d+) started/.exec((await line.textContent()) ?? '')?.[1] ?? -1);
    await expect.poll(startedNow).toBeGreaterThan(0);
    const first = await startedNow();
    // And it goes on counting while it stays open.
    await expect.poll(startedNow, { timeout: 30_000 }).toBeGreaterThan(first);
    expect(reloads).toEqual([]);
  } finally {
    const { access_token } = await apiLogin(request, email, PASSWORD);
    await request.put('/api/admin/applications/demo-traffic', { headers: { Authorization: `Bearer ${access_token}` }, data: { enabled: false } });
  }
});

test('a dropped connection reconnects and catches up: no event is lost', async ({ page, request }) => {
  // The browser reaches the server through a real TCP proxy that the test can cut, as a flaky network would.
  const proxy = await startCuttableProxy(new URL(E2E_BASE_URL));
  try {
    const tokens = await apiLogin(request, world.operator.email, world.operator.password);
    await page.goto(`${proxy.origin}/login`);
    await page.evaluate(
      ([a, r, ka, kr]) => {
        localStorage.setItem(ka!, a!);
        localStorage.setItem(kr!, r!);
      },
      [tokens.access_token, tokens.refresh_token, STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken],
    );
    await page.goto(`${proxy.origin}/applications`);
    await expect(liveStatus(page)).toHaveText('Live');
    const warmUp = await submit(request, world.keyA, world.workflowA, 'Before The Cut');
    await expect(row(page, warmUp)).toContainText('Waiting for review');
    const before = Number(await liveStatus(page).getAttribute('data-applied'));

    proxy.cut();
    await expect(liveStatus(page)).not.toHaveText('Live');
    const names = ['Offline One', 'Offline Two', 'Offline Three'];
    const ids: string[] = [];
    for (const name of names) ids.push(await submit(request, world.keyA, world.workflowA, name));
    proxy.restore();

    await expect(liveStatus(page)).toHaveText('Live', { timeout: 20_000 });
    for (const id of ids) await expect(row(page, id)).toContainText('Waiting for review');
    // Each case wrote five events (received, start entered and done, review entered, waiting): all arrived, once.
    await expect(liveStatus(page)).toHaveAttribute('data-applied', String(before + names.length * 5));
  } finally {
    await proxy.close();
  }
});

/** A TCP proxy to `target` whose connections can be cut (and new ones refused) until restored. */
async function startCuttableProxy(target: URL): Promise<{ origin: string; cut: () => void; restore: () => void; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    cut: () => {
      refusing = true;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      refusing = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

test("another organization's cases never appear", async ({ page, request }) => {
  await openSignedIn(page, world.operator, '/applications');
  await expect(liveStatus(page)).toHaveText('Live');
  const other = await submit(request, world.keyB, world.workflowB, 'Elsewhere Person');
  const mine = await submit(request, world.keyA, world.workflowA, 'Homebody Person');
  await expect(row(page, mine)).toContainText('Waiting for review');
  await expect(row(page, other)).toHaveCount(0);
  await expect(page.getByText('Elsewhere Person')).toHaveCount(0);
  // Not by search, not by opening it directly.
  await page.getByLabel('Search applications').fill('Elsewhere');
  await expect(page.getByText('No applications match these filters.')).toBeVisible();
  await page.goto(`/applications?case=${other}`);
  await expect(page.getByRole('dialog').getByText('Application not found')).toBeVisible();
});

test('filters live in the URL and survive a reload', async ({ page, request }) => {
  const id = await submit(request, world.keyA, world.workflowA, 'Filter Target');
  await openSignedIn(page, world.operator, '/applications');
  await page.getByLabel('Search applications').fill('Filter Target');
  await expect(page).toHaveURL(/q=Filter\+Target/);
  // A click, not check(): the switch follows the address, which React Router updates in a transition.
  await page.getByLabel('Waiting for review').click();
  await expect(page).toHaveURL(/review=1/);
  await expect(row(page, id)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Search applications')).toHaveValue('Filter Target');
  await expect(page.getByLabel('Waiting for review')).toBeChecked();
  await expect(row(page, id)).toBeVisible();
  await expect(page.locator('tbody tr[data-application-id]')).toHaveCount(1);
});

test('an internal notification step reaches the role it names in the portal, and is marked read', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const notifying = await activeWorkflow(request, headers, world.orgA, `Notifying A ${uniqueSuffix()}`, {
    steps: [
      { id: 'start', type: 'start', name: 'Received', config: { trigger: 'api', required_fields: [] }, position: { x: 0, y: 0 } },
      {
        id: 'tell',
        type: 'notification',
        name: 'Tell operators',
        config: { channel: 'internal', to: 'operator', subject: 'Large loan to check', message: 'Amount {{data.amount}} needs a second look.' },
        position: { x: 280, y: 0 },
      },
      { id: 'done', type: 'end', name: 'Done', config: { outcome: 'completed' }, position: { x: 560, y: 0 } },
    ],
    connections: [
      { source: 'start', target: 'tell', condition: null },
      { source: 'tell', target: 'done', condition: null },
    ],
  });
  await openSignedIn(page, world.operator, '/applications');
  await expect(liveStatus(page)).toHaveText('Live');
  await page
    .getByRole('tablist', { name: 'Monitor views' })
    .getByRole('tab', { name: /Notifications/ })
    .click();
  const res = await request.post('/api/public/v1/applications', {
    headers: { Authorization: `Bearer ${world.keyA}`, 'Idempotency-Key': `e2e-${uniqueSuffix()}` },
    data: { workflow_id: notifying, applicant: { name: 'Nora Notified', email: 'nora@example.com' }, data: { amount: 250000 } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const list = page.getByRole('list', { name: 'Notifications' });
  const note = list.getByRole('listitem').filter({ hasText: 'Large loan to check' });
  await expect(note).toContainText('Amount 250000 needs a second look.');
  await expect(note).toContainText('to Operator');
  await expect(page.getByRole('tablist', { name: 'Monitor views' }).getByRole('tab', { name: /Notifications/ })).toContainText(/[1-9]/);
  await note.getByRole('button', { name: 'Mark as read' }).click();
  await expect(note.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await note.getByRole('button', { name: /Open case/ }).click();
  await expect(page.getByRole('dialog', { name: 'Nora Notified' })).toBeVisible();
});

test('an administrator retries a failed case, cancels a waiting one and erases one, each after confirming', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  // Its notification names nobody in the organization: the case fails there, and fails again when retried.
  const failing = await activeWorkflow(request, headers, world.orgA, `Failing A ${uniqueSuffix()}`, {
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
  const failed = await submit(request, world.keyA, failing, 'Fay Failing');
  const waiting = await submit(request, world.keyA, world.workflowA, 'Wes Waiting');
  const erased = await submit(request, world.keyA, world.workflowA, 'Eve Erased');
  await openSignedIn(page, world.admin, '/applications');
  await expect(row(page, failed)).toContainText('Failed');

  await row(page, failed).getByRole('button', { name: 'Fay Failing' }).click();
  let drawer = page.getByRole('dialog', { name: 'Fay Failing' });
  await expect(drawer).toContainText('neither a role nor a user of this organization');
  await drawer.getByRole('button', { name: 'Retry' }).click();
  const retrying = page.getByRole('dialog', { name: 'Retry application' });
  await retrying.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Retry started' })).toBeVisible();
  await expect(retrying).toBeHidden();
  await expect(drawer.getByRole('region', { name: 'Timeline' })).toContainText('Application retried');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await expect(row(page, waiting)).toContainText('Waiting for review');
  await row(page, waiting).getByRole('button', { name: 'Wes Waiting' }).click();
  drawer = page.getByRole('dialog', { name: 'Wes Waiting' });
  await drawer.getByRole('button', { name: 'Cancel application' }).click();
  const cancelling = page.getByRole('dialog', { name: 'Cancel application' });
  await cancelling.getByLabel('Reason (optional)').fill('Applicant withdrew');
  await cancelling.getByRole('button', { name: 'Cancel application' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Application cancelled' })).toBeVisible();
  await expect(cancelling).toBeHidden();
  await expect(row(page, waiting)).toContainText('Cancelled');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await row(page, erased).getByRole('button', { name: 'Eve Erased' }).click();
  drawer = page.getByRole('dialog', { name: 'Eve Erased' });
  await drawer.getByRole('button', { name: 'Delete' }).click();
  const deleting = page.getByRole('dialog', { name: 'Delete application' });
  await expect(deleting).toContainText('the applicant’s details and the application data');
  await expect(deleting).toContainText('its event timeline');
  await deleting.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Application deleted' })).toBeVisible();
  await expect(row(page, erased)).toHaveCount(0);
  const login = await apiLogin(request, world.admin.email, world.admin.password);
  expect((await request.get(`/api/admin/applications/${erased}`, { headers: { Authorization: `Bearer ${login.access_token}` } })).status()).toBe(404);
});

test('a file the applicant uploaded is downloaded from the drawer', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const withForm = await activeWorkflow(request, headers, world.orgA, `Documents A ${uniqueSuffix()}`, {
    steps: [
      { id: 'start', type: 'start', name: 'Received', config: { trigger: 'api', required_fields: [] }, position: { x: 0, y: 0 } },
      {
        id: 'docs',
        type: 'form',
        name: 'Documents',
        config: { title: 'Documents', fields: [{ key: 'id_card', label: 'ID card', type: 'file', required: true }] },
        position: { x: 280, y: 0 },
      },
      { id: 'done', type: 'end', name: 'Done', config: { outcome: 'completed' }, position: { x: 560, y: 0 } },
    ],
    connections: [
      { source: 'start', target: 'docs', condition: null },
      { source: 'docs', target: 'done', condition: null },
    ],
  });
  const id = await submit(request, world.keyA, withForm, 'Dora Documents');
  const status = (await (await request.get(`/api/public/v1/applications/${id}`, { headers: { Authorization: `Bearer ${world.keyA}` } })).json()) as {
    required: { submit_url: string };
  };
  const sent = await request.post(status.required.submit_url, {
    headers: { Authorization: `Bearer ${world.keyA}` },
    multipart: { id_card: { name: 'passport scan.txt', mimeType: 'text/plain', buffer: Buffer.from('PASSPORT 1234') } },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  await openSignedIn(page, world.operator, '/applications');
  await expect(row(page, id)).toContainText('Completed');
  await row(page, id).getByRole('button', { name: 'Dora Documents' }).click();
  const drawer = page.getByRole('dialog', { name: 'Dora Documents' });
  const downloading = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'passport scan.txt (download)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('passport scan.txt');
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe('PASSPORT 1234');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the populated monitor, its review queue and an open case pass an accessibility scan at 1024 px (${theme} theme)`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.theme, theme]);
    const id = await submit(request, world.keyA, world.workflowA, `Scanned ${theme}`);
    await openSignedIn(page, world.operator, '/applications');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
    await expect(liveStatus(page)).toHaveText('Live');
    await expect(row(page, id)).toContainText('Waiting for review');
    // The page never scrolls sideways at 1024 px (the table scrolls in its own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await scanned(page);

    await page.getByRole('tab', { name: /Review queue/ }).click();
    await expect(page.getByRole('table', { name: 'Review queue' }).locator(`tr[data-application-id="${id}"]`)).toBeVisible();
    await scanned(page);

    await page
      .getByRole('table', { name: 'Review queue' })
      .getByRole('button', { name: `Scanned ${theme}` })
      .click();
    const drawer = page.getByRole('dialog', { name: `Scanned ${theme}` });
    await expect(drawer.getByRole('button', { name: 'Approve' })).toBeVisible();
    await scanned(page);
  });
}

async function scanned(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking, blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n')).toEqual([]);
}

// Last: it adds cases to organization A, which the first tests expect empty (tests in a file run in order).
test('draws the path of a tall workflow and of a wide one at a readable scale, zoomable, in the drawer', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const tag = uniqueSuffix();
  // One step under another (as the builder lays out a long workflow), and eight side by side.
  const tall = approvalGraph();
  tall.steps.forEach((step, i) => Object.assign(step, { position: { x: 0, y: i * 160 } }));
  const wide = approvalGraph();
  wide.steps.forEach((step, i) => Object.assign(step, { position: { x: i * 900, y: 0 } }));
  const tallId = await activeWorkflow(request, headers, world.orgA, `Tall ${tag}`, tall);
  const wideId = await activeWorkflow(request, headers, world.orgA, `Wide ${tag}`, wide);
  const tallCase = await submit(request, world.keyA, tallId, 'Tess Tall');
  const wideCase = await submit(request, world.keyA, wideId, 'Will Wide');
  await openSignedIn(page, world.admin, '/applications');
  await page.goto(`/applications?case=${tallCase}`);

  const stepBox = async (name: string) => (await page.getByRole('dialog', { name }).locator('[data-step-id] rect').first().boundingBox())!;
  // At the builder's scale at most (a step 56 px high, its border around it), not stretched to the drawer's width.
  let start = await stepBox('Tess Tall');
  expect(start.height).toBeGreaterThan(33);
  expect(start.height).toBeLessThanOrEqual(60);
  await expect(page.getByRole('dialog', { name: 'Tess Tall' }).getByRole('button', { name: /fit to width/ })).toContainText('100 %');

  await page.goto(`/applications?case=${wideCase}`);
  const drawer = page.getByRole('dialog', { name: 'Will Wide' });
  start = await stepBox('Will Wide');
  // Shrunk to fit only down to a readable size (60 %); the rest of the way pans.
  expect(start.height).toBeGreaterThan(33);
  await expect(drawer.getByRole('button', { name: /fit to width/ })).toContainText('60 %');
  await drawer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(drawer.getByRole('button', { name: /fit to width/ })).toContainText('75 %');
  expect((await stepBox('Will Wide')).height).toBeGreaterThan(start.height);
});
