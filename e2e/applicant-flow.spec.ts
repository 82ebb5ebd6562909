import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { activeWorkflow, decide, intakeKey, nameJoinerTool } from './cases.ts';
import { E2E_BASE_URL } from './e2e-env.ts';
import { mailTo } from './mailbox.ts';
import { apiLogin, openSignedIn } from './throwaway-users.ts';

/**
 * The applicant's hosted flow (issue 34) in Chromium at a phone's size, against the real server and a real SMTP
 * server: a workflow with two forms, a tool and a review; the applicant starts on its start link, fills the first
 * form, leaves, comes back by the e-mailed link and finds their answers, uploads a file (its progress seen),
 * finishes; the case is live on the monitor, an operator approves it, and the applicant's page shows the outcome.
 * Another case's link never shows this case.
 */

const PASSWORD = 'Member-Passw0rd!';
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
test.use(PHONE);

interface World {
  workflowName: string;
  /** Set by the first test, which turns the start link on as a member of staff would. */
  startPath: string;
  key: string;
  workflowId: string;
  operator: { email: string; password: string; name: string };
  admin: { email: string; password: string; name: string };
}

const graph = (toolName: string) => ({
  steps: [
    { id: 'start', type: 'start', name: 'Received', config: { trigger: 'api', required_fields: [] }, position: { x: 0, y: 0 } },
    {
      id: 'about',
      type: 'form',
      name: 'About you',
      config: {
        title: 'About you',
        instructions: 'As written in your passport.',
        fields: [
          { key: 'first_name', label: 'First name', type: 'text', required: true, options: [] },
          { key: 'last_name', label: 'Last name', type: 'text', required: true, options: [] },
          { key: 'birth_date', label: 'Date of birth', type: 'date', required: true, options: [] },
          { key: 'country', label: 'Country of residence', type: 'select', required: true, options: ['Germany', 'France', 'Spain'] },
        ],
      },
      position: { x: 280, y: 0 },
    },
    {
      id: 'docs',
      type: 'form',
      name: 'Documents',
      config: {
        title: 'Your documents',
        instructions: '',
        fields: [
          { key: 'id_document', label: 'Passport or ID card', type: 'file', required: true, options: [] },
          { key: 'consent', label: 'I agree to the identity check', type: 'checkbox', required: true, options: [] },
        ],
      },
      position: { x: 560, y: 0 },
    },
    {
      id: 'join',
      type: 'tool',
      name: 'Full name',
      config: {
        tool_name: toolName,
        input_mapping: { first_name: 'data.first_name', last_name: 'data.last_name' },
        output_field: 'full_name_check',
        on_error: 'fail',
        retries: 0,
      },
      position: { x: 840, y: 0 },
    },
    {
      id: 'review',
      type: 'approval',
      name: 'Identity review',
      config: { assignee_role: 'operator', sla_hours: 24, instructions: 'Internal: compare the photo' },
      position: { x: 1120, y: 0 },
    },
    { id: 'ok', type: 'end', name: 'Approved', config: { outcome: 'approved' }, position: { x: 1400, y: -80 } },
    { id: 'no', type: 'end', name: 'Rejected', config: { outcome: 'rejected' }, position: { x: 1400, y: 80 } },
  ],
  connections: [
    { source: 'start', target: 'about', condition: null },
    { source: 'about', target: 'docs', condition: null },
    { source: 'docs', target: 'join', condition: null },
    { source: 'join', target: 'review', condition: null },
    { source: 'review', target: 'ok', condition: 'approved' },
    { source: 'review', target: 'no', condition: 'rejected' },
  ],
});

async function setUp(request: APIRequestContext): Promise<World> {
  const headers = await adminHeaders(request);
  const tag = uniqueSuffix();
  const org = (await createOrganization(request, headers, { name: `Applicants ${tag}` })).id;
  const operator = { email: `apply-operator-${tag}@example.com`, password: PASSWORD, name: `Olga Apply${tag}` };
  await createUserIn(request, headers, org, { email: operator.email, first_name: 'Olga', last_name: `Apply${tag}`, role: 'operator' });
  const admin = { email: `apply-admin-${tag}@example.com`, password: PASSWORD, name: `Ada Apply${tag}` };
  await createUserIn(request, headers, org, { email: admin.email, first_name: 'Ada', last_name: `Apply${tag}`, role: 'admin' });
  const inOrg = { ...headers, 'x-organization-id': org };
  const toolName = `join_names_${tag}`;
  const toolId = await nameJoinerTool(request, inOrg, toolName);
  expect((await request.put(`/api/admin/tools/${toolId}`, { headers: inOrg, data: { status: 'pending_approval' } })).status()).toBe(200);
  const approved = await request.post(`/api/admin/tools/${toolId}/approve`, { headers: inOrg, data: { action: 'approve' } });
  expect(approved.status(), await approved.text()).toBe(200);
  const workflowName = `Private account ${tag}`;
  // Saved as a draft: the first test activates it as a member of staff would.
  const created = await request.post('/api/admin/workflows/complete', {
    headers: inOrg,
    data: { name: workflowName, status: 'draft', graph: graph(toolName) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workflowId = ((await created.json()) as { id: string }).id;
  return { workflowName, startPath: '', key: await intakeKey(request, headers, org), workflowId, operator, admin };
}

let world: World;
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
  world = await setUp(request);
  await request.dispose();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

// The later tests use the start link the first one turns on.
test.describe.configure({ mode: 'serial' });

test('a member of staff activates the workflow and turns on its start link from All Workflows', async ({ browser }) => {
  const staff = await browser.newPage();
  await openSignedIn(staff, world.admin, '/workflows');
  const row = staff.getByRole('table', { name: 'Workflows' }).getByRole('row').filter({ hasText: world.workflowName });
  await row.getByRole('button', { name: `Actions for ${world.workflowName}` }).click();
  await staff.getByRole('button', { name: 'Activate…' }).click();
  const activate = staff.getByRole('dialog', { name: 'Activate workflow' });
  await activate.getByRole('button', { name: 'Activate' }).click();
  await expect(activate).toBeHidden();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Actions for ${world.workflowName}` }).click();
  await staff.getByRole('button', { name: 'Start link…' }).click();
  const dialog = staff.getByRole('dialog', { name: `Start link: ${world.workflowName}` });
  const toggle = dialog.getByRole('switch', { name: 'Applicants can start by a public link' });
  await expect(toggle).not.toBeChecked();
  // The switch shows the server's answer: on once the link is made.
  await toggle.click();
  await expect(toggle).toBeChecked();
  const field = dialog.getByLabel('The start link');
  await expect(field).toHaveValue(/\/apply\/[A-Za-z0-9_-]{16}$/);
  await expect(dialog).toContainText('It takes applicants while the workflow is active');
  world.startPath = new URL(await field.inputValue()).pathname;
  await expect(dialog.getByRole('button', { name: /Copy start link/ })).toBeVisible();
  await staff.close();
});

test('an applicant starts on the start link, leaves, comes back by e-mail, uploads, finishes, and sees the outcome the reviewer gives', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Grace ${uniqueSuffix()}`;
  const email = `${name.toLowerCase().replace(' ', '.')}@example.com`;

  await page.goto(world.startPath);
  await expect(heading(page)).toHaveText(`Apply: ${world.workflowName}`);
  await page.getByRole('button', { name: 'Start my application' }).click();
  // Checked as a person types, before anything is sent.
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email address').fill('not-an-address');
  await page.getByRole('button', { name: 'Start my application' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Start my application' }).click();

  await expect(page).toHaveURL(/\/apply\/c\/[A-Za-z0-9_-]{43}$/);
  await expect(heading(page)).toHaveText('About you');
  await expect(page.getByText('Step 1', { exact: true })).toBeVisible();
  await expect(page.getByText('As written in your passport.')).toBeVisible();
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  const kept = page.waitForResponse((r) => r.url().endsWith('/api/apply/case/draft') && r.status() === 200);
  await page.getByLabel('Country of residence').selectOption('France');
  await kept;
  await page.close();

  // Back another day, by the e-mailed link, in a new browser.
  const mail = await mailTo(email, /Continue your application/);
  const link = /https?:\/\/\S+\/apply\/c\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
  const context = await browser.newContext(PHONE);
  const again = await context.newPage();
  await again.goto(link);
  await expect(heading(again)).toHaveText('About you');
  await expect(again.getByLabel('First name')).toHaveValue('Grace');
  await expect(again.getByLabel('Last name')).toHaveValue('Hopper');
  await expect(again.getByLabel('Country of residence')).toHaveValue('France');
  await again.getByRole('button', { name: 'Continue' }).click();
  await expect(again.getByText('Please correct 1 answer.')).toBeVisible();
  await expect(again.getByLabel('Date of birth')).toBeFocused();
  await again.getByLabel('Date of birth').fill('1906-12-09');
  await again.getByRole('button', { name: 'Continue' }).click();

  await expect(heading(again)).toHaveText('Your documents');
  await expect(again.getByText('Step 2', { exact: true })).toBeVisible();

  // An operator has the Real-time Monitor open while the applicant finishes: the case moves there live.
  const staff = await browser.newPage();
  await openSignedIn(staff, world.operator, '/applications');
  const row = staff.locator('tr', { hasText: name });
  await expect(row).toContainText('Waiting for a form');
  // A slow upload, so its progress shows.
  const cdp = await context.newCDPSession(again);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
  await again.locator('#id_document').setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: Buffer.alloc(1_200_000, 7) });
  await expect(again.getByText('passport.png (1.1 MB)')).toBeVisible();
  await again.getByLabel('I agree to the identity check').check();
  await again.getByRole('button', { name: 'Continue' }).click();
  await expect(again.getByText(/^Uploading: \d+ %$/)).toBeVisible();
  await expect(heading(again)).toHaveText('Thank you, we are on it', { timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(again.getByRole('status')).toHaveText('A member of our team is looking at your application. We will let you know the outcome.', {
    timeout: 30_000,
  });
  // Nothing of staff on the applicant's page.
  await expect(again.locator('body')).not.toContainText('Internal');
  await expect(again.locator('body')).not.toContainText('Identity review');

  // Without a reload, the monitor shows it waiting for the operator's review; the operator approves it from the drawer.
  await expect(row).toContainText('Waiting for review');
  await row.getByRole('button', { name }).click();
  const drawer = staff.getByRole('dialog', { name });
  await expect(drawer.getByRole('region', { name: 'Timeline' })).toContainText('Applicant opened their page');
  await expect(drawer.getByRole('region', { name: 'Timeline' })).toContainText('Link sent to the applicant');
  // Each link's state: the page's own, and the e-mailed one, opened on another device.
  const links = drawer.getByRole('region', { name: 'Applicant link' });
  await expect(links.getByRole('list', { name: 'Links' }).getByRole('listitem')).toHaveCount(2);
  await expect(links).toContainText(`sent to ${email}`);
  await expect(links).toContainText('by the applicant’s start');
  await links.getByRole('button', { name: 'New link to copy' }).click();
  await expect(links.getByLabel(/The new link, shown only now/)).toHaveValue(/\/apply\/c\/[A-Za-z0-9_-]{43}$/);
  await expect(links.getByRole('list', { name: 'Links' }).getByRole('listitem')).toHaveCount(3);
  await drawer.getByRole('button', { name: 'Approve' }).click();
  const approve = staff.getByRole('dialog', { name: 'Approve application' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(drawer.getByText('Completed · Approved', { exact: true })).toBeVisible();
  await staff.close();

  await expect(heading(again)).toHaveText('Your application is approved', { timeout: 30_000 });
  await expect(again.getByRole('status')).toHaveText('Welcome! There is nothing more for you to do.');
  await context.close();
});

test("another case's link shows only its own case, and a wrong link says it does not work", async ({ page, request }) => {
  const other = await request.post('/api/public/v1/applications', {
    headers: { Authorization: `Bearer ${world.key}` },
    data: { workflow_id: world.workflowId, applicant: { name: 'Alan Other', email: 'alan.other@example.com' }, data: { first_name: 'Alan' } },
  });
  expect(other.status(), await other.text()).toBe(201);
  const url = ((await other.json()) as { applicant_url: string }).applicant_url;
  await page.goto(new URL(url).pathname);
  await expect(heading(page)).toHaveText('About you');
  await expect(page.getByLabel('First name')).toHaveValue('');
  await expect(page.locator('body')).not.toContainText('Grace');

  await page.goto(`/apply/c/${'x'.repeat(43)}`);
  await expect(page.getByText(/This link does not work/)).toBeVisible();
});

/** axe-core over the page as it is: WCAG 2.2 A and AA and best practice, no violation at all. */
async function expectAxeClean(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const report = results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(report, `${what}:\n${report.join('\n')}`).toEqual([]);
}

test('every state of the page passes axe: the start, a form with its errors, a file chosen, the wait, the outcome, a dead link', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto(world.startPath);
  await expect(heading(page)).toHaveText(`Apply: ${world.workflowName}`);
  await expectAxeClean(page, 'the start page');
  await page.getByRole('button', { name: 'Start my application' }).click();
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expectAxeClean(page, 'the start page with errors');
  await page.getByLabel('Full name').fill('Axel Axe');
  await page.getByLabel('Email address').fill(`axel.${uniqueSuffix()}@example.com`);
  await page.getByRole('button', { name: 'Start my application' }).click();
  await expect(heading(page)).toHaveText('About you');
  await expectAxeClean(page, 'the first form');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please correct 4 answers.')).toBeVisible();
  await expectAxeClean(page, 'the first form with errors');
  await page.getByLabel('First name').fill('Axel');
  await page.getByLabel('Last name').fill('Axe');
  await page.getByLabel('Date of birth').fill('1990-01-01');
  await page.getByLabel('Country of residence').selectOption('Spain');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Your documents');
  await page.locator('#id_document').setInputFiles({ name: 'id.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expectAxeClean(page, 'the second form with a file chosen');
  await page.getByLabel('I agree to the identity check').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status')).toContainText('A member of our team', { timeout: 30_000 });
  await expectAxeClean(page, 'the wait for the review');

  const token = new URL(page.url()).pathname.split('/').at(-1)!;
  const operator = { Authorization: `Bearer ${(await apiLogin(request, world.operator.email, world.operator.password)).access_token}` };
  const list = await request.get(`/api/admin/applications?q=${encodeURIComponent('Axel Axe')}`, { headers: operator });
  const id = ((await list.json()) as { items: { id: string }[] }).items[0]!.id;
  await decide(request, operator, id, 'reject');
  await page.goto(`/apply/c/${token}`);
  await expect(heading(page)).toHaveText('We cannot accept your application');
  await expectAxeClean(page, 'the outcome');

  await page.goto(`/apply/c/${'y'.repeat(43)}`);
  await expect(page.getByText(/This link does not work/)).toBeVisible();
  await expectAxeClean(page, 'a dead link');
});

test('a dropped connection keeps the answers, and they go as soon as the phone is back online', async ({ page, context, request }) => {
  const res = await request.post('/api/public/v1/applications', {
    headers: { Authorization: `Bearer ${world.key}` },
    data: { workflow_id: world.workflowId, applicant: { name: 'Olive Offline', email: `olive.${uniqueSuffix()}@example.com` }, data: {} },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto(new URL(((await res.json()) as { applicant_url: string }).applicant_url).pathname);
  await expect(heading(page)).toHaveText('About you');
  await page.getByLabel('First name').fill('Olive');
  await page.getByLabel('Last name').fill('Offline');
  await page.getByLabel('Date of birth').fill('1980-02-29');
  await page.getByLabel('Country of residence').selectOption('Germany');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The connection dropped. Your answers are kept; we try again when you are back online.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Olive');
  await context.setOffline(false);
  await expect(heading(page)).toHaveText('Your documents');
});

test('in another organization’s language and colour, inside its own site, which hears when the application is done', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const tag = uniqueSuffix();
  // The customer's site: another origin (localhost, not 127.0.0.1), with the page in a frame.
  let embedUrl = '';
  const site = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><html lang="en"><title>Bank</title><h1>Open an account</h1><p id="heard">nothing yet</p>
      <iframe src="${embedUrl}" title="Your application" style="width:360px;height:700px;border:0"></iframe>
      <script>window.addEventListener('message', (e) => { if (e.data && e.data.type === 'admin-portal:application') document.getElementById('heard').textContent = e.origin + ' ' + e.data.status + ' ' + e.data.outcome; });</script>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`;
  try {
    const org = (
      await createOrganization(request, headers, {
        name: `Bank ${tag}`,
        settings: { applicant_language: 'de', applicant_embed_origins: [siteOrigin] },
      })
    ).id;
    const color = await request.post('/api/admin/system-config', {
      headers,
      data: { key: 'branding.color', organization_id: org, value_type: 'string', value: '#7a1fa2', description: 'Bank purple' },
    });
    expect(color.status(), await color.text()).toBe(201);
    const oneForm = {
      steps: [
        { id: 'start', type: 'start', name: 'Received', config: { trigger: 'api', required_fields: [] }, position: { x: 0, y: 0 } },
        {
          id: 'city',
          type: 'form',
          name: 'Wohnort',
          config: { title: 'Ihr Wohnort', instructions: '', fields: [{ key: 'city', label: 'Stadt', type: 'text', required: true, options: [] }] },
          position: { x: 280, y: 0 },
        },
        { id: 'end', type: 'end', name: 'Done', config: { outcome: 'completed' }, position: { x: 560, y: 0 } },
      ],
      connections: [
        { source: 'start', target: 'city', condition: null },
        { source: 'city', target: 'end', condition: null },
      ],
    };
    const workflowId = await activeWorkflow(request, headers, org, `Konto ${tag}`, oneForm);
    const key = await intakeKey(request, headers, org);
    const started = await request.post('/api/public/v1/applications', {
      headers: { Authorization: `Bearer ${key}` },
      data: { workflow_id: workflowId, applicant: { name: 'Greta', email: `greta.${tag}@example.com` }, data: {} },
    });
    expect(started.status(), await started.text()).toBe(201);
    embedUrl = ((await started.json()) as { applicant_url: string }).applicant_url;

    await page.goto(siteOrigin);
    const frame = page.frameLocator('iframe[title="Your application"]');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Ihr Wohnort');
    await expect(frame.locator('html')).toHaveAttribute('lang', 'de');
    const send = frame.getByRole('button', { name: 'Weiter' });
    await expect(send).toHaveCSS('background-color', 'rgb(122, 31, 162)');
    await send.click();
    await expect(frame.getByText('Dieses Feld ist erforderlich')).toBeVisible();
    await frame.getByLabel('Stadt').fill('Hamburg');
    await send.click();
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Ihr Antrag ist vollständig');
    await expect(page.locator('#heard')).toHaveText(`${E2E_BASE_URL} completed completed`);
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
});
