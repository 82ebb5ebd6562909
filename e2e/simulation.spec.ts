import { expect, test } from '@playwright/test';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { lowerAgeCheckInDraft } from './age-check-draft.ts';
import { activeWorkflow, decide, intakeKey } from './cases.ts';
import { openSignedIn } from './throwaway-users.ts';

/**
 * What if (issue 36): a manager lowers the age check of an active Individual KYC workflow from 18 to 16 in a draft
 * beside the live version, replays the last 30 days of its cases on it, sees which outcomes change and how many reviews
 * a day it adds, opens a changed case's two paths, and publishes the draft with the simulation's result in the dialog.
 */

const PASSWORD = 'Member-Passw0rd!';
let world: { workflow: string; name: string; manager: { email: string; password: string; name: string } };

/** Individual KYC's age check and compliance review: 18 or older → a compliance officer's review; else declined. */
const kycGraph = () => ({
  steps: [
    { id: 'start', type: 'start', name: 'Application received', config: { trigger: 'api', required_fields: ['date_of_birth'] }, position: { x: 0, y: 0 } },
    {
      id: 'age_check',
      type: 'condition',
      name: 'Of age?',
      config: { branches: [{ id: 'adult', label: '18 or older', expression: 'years_since(data.date_of_birth) >= 18' }], otherwise: true },
      position: { x: 280, y: 0 },
    },
    {
      id: 'compliance_review',
      type: 'approval',
      name: 'Compliance review',
      config: { assignee_role: 'compliance_officer', sla_hours: 24, instructions: 'Compare the selfie with the document' },
      position: { x: 560, y: -80 },
    },
    { id: 'verified', type: 'end', name: 'Verified', config: { outcome: 'approved' }, position: { x: 840, y: -80 } },
    { id: 'declined', type: 'end', name: 'Declined', config: { outcome: 'rejected' }, position: { x: 840, y: 80 } },
  ],
  connections: [
    { source: 'start', target: 'age_check', condition: null },
    { source: 'age_check', target: 'compliance_review', condition: 'adult' },
    { source: 'age_check', target: 'declined', condition: 'otherwise' },
    { source: 'compliance_review', target: 'verified', condition: 'approved' },
    { source: 'compliance_review', target: 'declined', condition: 'rejected' },
  ],
});

const bornYearsAgo = (years: number) => {
  const d = new Date(Date.now() - years * 365.25 * 86_400_000);
  return d.toISOString().slice(0, 10);
};

test.beforeAll(async ({ request }) => {
  const headers = await adminHeaders(request);
  const tag = uniqueSuffix();
  const org = (await createOrganization(request, headers, { name: `Simulating ${tag}` })).id;
  const manager = await createUserIn(request, headers, org, {
    email: `sim-manager-${tag}@example.com`,
    first_name: 'Mona',
    last_name: `Sim${tag}`,
    role: 'manager',
  });
  const officer = await createUserIn(request, headers, org, {
    email: `sim-officer-${tag}@example.com`,
    first_name: 'Cleo',
    last_name: `Sim${tag}`,
    role: 'compliance_officer',
  });
  const name = `Individual KYC ${tag}`;
  const workflow = await activeWorkflow(request, headers, org, name, kycGraph());
  const key = await intakeKey(request, headers, org);
  const ids: Record<number, string> = {};
  // Two adults (one of them verified), two customers of 16 and 17 declined as under age, one of 12.
  for (const age of [34, 52, 17, 16.5, 12]) {
    const res = await request.post('/api/public/v1/applications', {
      headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': `e2e-${uniqueSuffix()}` },
      data: {
        workflow_id: workflow,
        applicant: { name: `Applicant ${age}`, email: `applicant-${age}-${tag}@example.com` },
        data: { date_of_birth: bornYearsAgo(age) },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids[age] = ((await res.json()) as { id: string }).id;
  }
  const officerHeaders = {
    Authorization: `Bearer ${(await (await request.post('/api/auth/login', { data: { email: officer.email, password: PASSWORD } })).json()).access_token}`,
  };
  await decide(request, officerHeaders, ids[34]!, 'approve');
  // Every case has gone as far as it goes on its own.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/admin/applications?workflow_id=${workflow}&limit=10`, { headers: { ...headers, 'x-organization-id': org } });
      const items = ((await res.json()) as { items: { status: string }[] }).items;
      return items.filter((i) => i.status === 'completed').length;
    })
    .toBe(4);
  world = { workflow, name, manager: { email: manager.email, password: PASSWORD, name: `Mona Sim${tag}` } };
});

test('a manager simulates a lower age threshold in a draft beside the live version, compares a changed case, then publishes it', async ({ page }) => {
  await openSignedIn(page, world.manager, `/workflows/builder?id=${world.workflow}`);
  await expect(page.getByLabel('Workflow name')).toHaveValue(world.name);

  // A draft beside the live version: the age check is lowered to 16 and saved as a draft; the workflow stays active
  // and applications keep starting on version 1.
  const banner = await lowerAgeCheckInDraft(page);

  // Simulate the saved draft on the last 30 days.
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('button', { name: 'Simulate…' }).click();
  const dialog = page.getByRole('dialog', { name: /^Simulate version \d+$/ });
  await expect(dialog.getByText(/has not been simulated yet/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Run simulation' }).click();
  await expect(dialog.getByTestId('simulation-headline')).toHaveText('2 outcomes change, reviews per day +0.1');
  await expect(dialog.getByText(/^5 cases replayed on version \d+ over 30 days/)).toBeVisible();
  const reviews = dialog.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Role' }) });
  await expect(reviews.getByRole('row', { name: /Compliance Officer/ }).getByRole('cell')).toHaveText(['Compliance Officer', '2', '4', '+2', '0 → 0']);
  // Time to decision: the four cases that ended, and the two that still end on the draft (the other two would wait).
  await expect(dialog.getByRole('heading', { name: 'Time to decision' })).toBeVisible();
  await expect(dialog.getByText(/before over the 4 cases that ended, after over the 2 cases that end on this version/)).toBeVisible();

  // A changed case: declined as it ran, waiting for a compliance review on the draft.
  await expect(dialog.getByRole('heading', { name: 'Changed cases (2)' })).toBeVisible();
  await dialog
    .getByRole('button', { name: /^Compare the paths of case/ })
    .first()
    .click();
  await expect(dialog.getByRole('list', { name: 'As it ran' })).toHaveText(/Application received.*Of age\? → otherwise.*Declined/s);
  await expect(dialog.getByRole('list', { name: 'On this version' })).toHaveText(/Application received.*Of age\? → adult.*Compliance review/s);
  await expect(dialog.getByLabel('Paths of the case')).toContainText('Rejected → Would wait for a review');

  // The CSV holds every case.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^simulation-individual-kyc-.*-v\d+-\d{4}-\d{2}-\d{2}\.csv$/);

  // On the graph: each step with its cases as they ran → on the draft.
  await dialog.getByRole('button', { name: 'Show on the graph' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Simulation on the graph' })).toContainText('Simulation of version');
  await expect(page.locator('.react-flow__node', { hasText: 'Compliance review' }).locator('.step-node-sim')).toHaveText('2 → 4 cases');
  await expect(page.locator('.react-flow__node', { hasText: 'Declined' }).locator('.step-node-sim')).toHaveText('3 → 1 case');

  // Publishing the draft shows what the simulation found; then version 2 is live.
  await page.getByRole('button', { name: 'Publish' }).click();
  const activation = page.getByRole('dialog', { name: `Publish draft version 2 of ${world.name}?` });
  await expect(activation.getByTestId('activation-simulation')).toHaveText('This change was simulated on 5 cases: 2 outcomes change, reviews per day +0.1.');
  await activation.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Draft published' })).toContainText(`Version 2 of ${world.name} is live`);
  await expect(page.getByTestId('workflow-status')).toHaveText('Active');
  await expect(page.getByRole('toolbar', { name: 'Workflow builder' }).getByText('Version 2', { exact: true })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByLabel('Expression')).toHaveCount(0);
  await page.locator('.react-flow__node', { hasText: 'Of age?' }).locator('.step-node-name').click();
  await expect(page.getByLabel('Expression')).toHaveValue('years_since(data.date_of_birth) >= 16');
});
