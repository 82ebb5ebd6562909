import { expect, test, type Page } from '@playwright/test';
import { adminHeaders, createOrganization, createUserIn, uniqueSuffix } from './admin-api.ts';
import { activeWorkflow, approvalGraph, intakeKey, submit } from './cases.ts';
import { apiLogin, openSignedIn } from './throwaway-users.ts';

/**
 * Case work for review teams (issue 35): two operators in two browsers — one claims a review and the other sees it
 * taken live and cannot decide it (the server refuses too); a lead (a manager, manage_reviews by default) sees one
 * person's queue and reassigns the review; the new holder is told, and decides it.
 */

const PASSWORD = 'Member-Passw0rd!';

interface Person {
  id: string;
  email: string;
  password: string;
  name: string;
}

let world: {
  workflow: string;
  escalating: string;
  fourEyes: string;
  key: string;
  olive: Person;
  otto: Person;
  mia: Person;
  cora: Person;
  ada: Person;
};

const escalatingGraph = () => {
  const graph = approvalGraph('operator', 'Sanctions check');
  const [start, review, ...ends] = graph.steps;
  const config = { ...review!.config, sla_minutes: 1, escalate: true, escalate_to_role: 'compliance_officer' };
  return { steps: [start!, { ...review!, config }, ...ends], connections: graph.connections };
};

const fourEyesGraph = () => {
  const graph = approvalGraph('operator', 'Payout review');
  const [start, review, ...ends] = graph.steps;
  const config = { ...review!.config, second_decision: 'always', second_role: 'compliance_officer' };
  return { steps: [start!, { ...review!, config }, ...ends], connections: graph.connections };
};

test.beforeAll(async ({ request }) => {
  const headers = await adminHeaders(request);
  const tag = uniqueSuffix();
  const org = (await createOrganization(request, headers, { name: `Claims ${tag}` })).id;
  const person = async (first: string, role: 'operator' | 'manager' | 'compliance_officer' | 'admin'): Promise<Person> => {
    const email = `claims-${first.toLowerCase()}-${tag}@example.com`;
    const user = await createUserIn(request, headers, org, { email, first_name: first, last_name: `Claims${tag}`, role });
    return { id: user.id, email, password: PASSWORD, name: `${first} Claims${tag}` };
  };
  world = {
    workflow: await activeWorkflow(request, headers, org, `Claims onboarding ${tag}`, approvalGraph('operator', 'Operator review')),
    // A sanctions check on a 1-minute deadline that escalates to the compliance officers.
    escalating: await activeWorkflow(request, headers, org, `Sanctions ${tag}`, escalatingGraph()),
    // Payouts need two decisions: an operator's, then a compliance officer's.
    fourEyes: await activeWorkflow(request, headers, org, `Payouts ${tag}`, fourEyesGraph()),
    key: await intakeKey(request, headers, org),
    olive: await person('Olive', 'operator'),
    otto: await person('Otto', 'operator'),
    mia: await person('Mia', 'manager'),
    cora: await person('Cora', 'compliance_officer'),
    ada: await person('Ada', 'admin'),
  };
});

/** Picks a view of the review queue as a person does: its button (the label of a visually hidden radio). */
const pickView = (page: Page, view: string) => page.getByRole('group', { name: 'Which reviews' }).locator('label', { hasText: view }).click();
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const queueRow = (page: Page, id: string) => page.getByRole('table', { name: 'Review queue' }).locator(`tr[data-application-id="${id}"]`);

test('one reviewer claims, the other sees it taken live; the lead reassigns it and the new holder decides', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const name = `Hamilton Claims ${uniqueSuffix()}`;
  const id = await submit(request, world.key, world.workflow, name);

  // Otto watches the unclaimed reviews of his role.
  const ottoContext = await browser.newContext();
  const otto = await ottoContext.newPage();
  await openSignedIn(otto, world.otto, '/applications?view=queue&queue=unclaimed');
  await expect(otto.getByRole('radio', { name: /Unclaimed/ })).toBeChecked();
  await expect(queueRow(otto, id)).toContainText('Operator review');

  // Olive claims it from her queue.
  await openSignedIn(page, world.olive, '/applications?view=queue');
  await queueRow(page, id).getByRole('button', { name: 'Claim', exact: true }).click();
  await expect(toast(page, 'Review claimed')).toBeVisible();
  await expect(queueRow(page, id).getByRole('cell', { name: 'You', exact: true })).toBeVisible();

  // Otto's view loses it without a reload; under "All my roles" it says who has it.
  await expect(queueRow(otto, id)).toHaveCount(0);
  await pickView(otto, 'All my roles');
  await expect(otto).toHaveURL(/view=queue(?!.*queue=)/);
  await expect(queueRow(otto, id)).toContainText(world.olive.name);
  await queueRow(otto, id).getByRole('button', { name, exact: true }).click();
  const ottoDrawer = otto.getByRole('dialog', { name });
  await expect(ottoDrawer.getByTestId('review-holder')).toHaveText(`${world.olive.name} has this review`);
  await expect(ottoDrawer.getByText(`Only ${world.olive.name} can decide it while they have it.`)).toBeVisible();
  await expect(ottoDrawer.getByRole('button', { name: /^(Approve|Reject|Claim)$/ })).toHaveCount(0);

  // The server says the same to Otto: claiming or deciding it is refused, naming Olive.
  const token = (await apiLogin(request, world.otto.email, world.otto.password)).access_token;
  const detail = await request.get(`/api/admin/applications/${id}`, { headers: { authorization: `Bearer ${token}` } });
  const task = ((await detail.json()) as { review_tasks: { id: string; status: string }[] }).review_tasks.find((t) => t.status === 'open')!;
  for (const action of ['claim', 'decision']) {
    const refused = await request.post(`/api/admin/applications/review-tasks/${task.id}/${action}`, {
      headers: { authorization: `Bearer ${token}` },
      data: action === 'decision' ? { decision: 'approve' } : {},
    });
    expect(refused.status()).toBe(action === 'claim' ? 409 : 403);
    expect(((await refused.json()) as { detail: string }).detail).toBe(`This review is claimed by ${world.olive.name}`);
  }

  // Mia, the lead, looks at Olive's queue and gives the review to Otto.
  const miaContext = await browser.newContext();
  const mia = await miaContext.newPage();
  await openSignedIn(mia, world.mia, `/applications?view=queue&queue=${world.olive.id}`);
  await expect(mia.getByLabel('Reviews of one person')).toHaveValue(world.olive.id);
  await queueRow(mia, id).getByRole('button', { name, exact: true }).click();
  const miaDrawer = mia.getByRole('dialog', { name });
  await miaDrawer.getByRole('button', { name: 'Reassign…' }).click();
  const dialog = mia.getByRole('dialog', { name: 'Reassign review' });
  await dialog.getByLabel('Give it to').selectOption({ label: `${world.otto.name} · Operator · 0 open` });
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(toast(mia, 'Review assigned')).toBeVisible();
  await expect(miaDrawer.getByTestId('review-holder')).toContainText(`${world.otto.name} has this review · assigned by ${world.mia.email}`);
  await miaContext.close();

  // Otto's open drawer follows: the review is his, and he decides it.
  await expect(ottoDrawer.getByTestId('review-holder')).toHaveText(`You have this review · assigned by ${world.mia.email}`);
  await expect(otto.getByRole('tab', { name: /Notifications/ })).toContainText('1');
  await ottoDrawer.getByRole('button', { name: 'Approve' }).click();
  await otto.getByRole('dialog', { name: 'Approve application' }).getByRole('button', { name: 'Approve' }).click();
  await expect(toast(otto, 'Application approved')).toBeVisible();
  await expect(ottoDrawer.getByText('Completed · Approved', { exact: true })).toBeVisible();
  await ottoContext.close();

  // Olive's "Mine" is empty again.
  await pickView(page, 'Mine');
  await expect(page.getByText('You have no reviews')).toBeVisible();
});

test('a bulk approve of 50 reviews gives 50 results, naming the ones not allowed and why', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tag = uniqueSuffix();
  const ids: string[] = [];
  for (let i = 1; i <= 50; i++) ids.push(await submit(request, world.key, world.workflow, `Bulk ${String(i).padStart(2, '0')} ${tag}`));
  const auth = async (who: Person) => ({ authorization: `Bearer ${(await apiLogin(request, who.email, who.password)).access_token}` });
  const olive = await auth(world.olive);
  const taskOf = async (id: string) => {
    await expect
      .poll(
        async () =>
          ((await (await request.get(`/api/admin/applications/${id}`, { headers: olive })).json()) as { review_tasks: unknown[] }).review_tasks.length,
      )
      .toBe(1);
    const detail = (await (await request.get(`/api/admin/applications/${id}`, { headers: olive })).json()) as { review_tasks: { id: string }[] };
    return detail.review_tasks[0]!.id;
  };
  // Olive has two of them: Otto may not decide those.
  for (const id of [ids[4]!, ids[9]!])
    expect((await request.post(`/api/admin/applications/review-tasks/${await taskOf(id)}/claim`, { headers: olive })).status()).toBe(200);
  const otto = await auth(world.otto);
  await expect
    .poll(async () => ((await (await request.get('/api/admin/applications/review-tasks/counts', { headers: otto })).json()) as { roles: number }).roles)
    .toBe(50);

  await openSignedIn(page, world.otto, '/applications?view=queue');
  const table = page.getByRole('table', { name: 'Review queue' });
  await expect(table.locator('tbody tr:not([aria-hidden])')).toHaveCount(50);
  await table.getByRole('checkbox', { name: 'Select all reviews on this page' }).check();
  await expect(page.getByTestId('review-selection-count')).toHaveText('50 selected');
  await page.getByRole('region', { name: 'Selected reviews' }).getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve reviews' });
  await dialog.getByLabel('Comment (optional)').fill('Checked in one sitting');
  await dialog.getByRole('button', { name: 'Approve 50' }).click();
  await expect(dialog.getByTestId('bulk-review-result')).toContainText('48 of 50 reviews done; 2 not done:');
  const refused = dialog.getByRole('list', { name: 'Reviews not done' }).getByRole('listitem');
  await expect(refused).toHaveText([
    `Bulk 05 ${tag} · Operator review: This review is claimed by ${world.olive.name}`,
    `Bulk 10 ${tag} · Operator review: This review is claimed by ${world.olive.name}`,
  ]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  // The queue keeps the two Olive has, still selected for another go.
  await expect(table.locator('tbody tr:not([aria-hidden])')).toHaveCount(2);
  await expect(page.getByTestId('review-selection-count')).toHaveText('2 selected');
});

test('a review on a 1-minute deadline is escalated to the compliance officers, who are told and find it under Escalated', async ({ page, request }) => {
  test.setTimeout(180_000);
  const name = `Sanctions Hit ${uniqueSuffix()}`;
  const id = await submit(request, world.key, world.escalating, name);

  await openSignedIn(page, world.cora, '/applications?view=notifications');
  // The deadline passes a minute after the review opened; the portal notification arrives live.
  const notice = page.getByRole('list', { name: 'Notifications' }).getByText('Review escalated: Sanctions check');
  await expect(notice).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('tab', { name: /Notifications/ })).toContainText('1');

  // The review is now the compliance officers': in Cora's queue, marked escalated.
  await page.getByRole('tab', { name: /Review queue/ }).click();
  const queued = queueRow(page, id);
  await expect(queued).toContainText('Escalated');
  await expect(queued).toContainText('Compliance Officer');

  // The monitor's Escalated filter finds the case; the drawer shows the escalation.
  await page.getByRole('tab', { name: 'Applications' }).click();
  // The switch follows the address it writes (a click, then the state read back from the URL).
  await page.getByLabel('Escalated').click();
  await expect(page).toHaveURL(/escalated=1/);
  await expect(page.getByLabel('Escalated')).toBeChecked();
  await expect(page.locator(`tr[data-application-id="${id}"]`)).toBeVisible();
  await page.locator(`tr[data-application-id="${id}"]`).getByRole('button', { name }).click();
  const drawer = page.getByRole('dialog', { name });
  await expect(drawer.locator('.review-box')).toContainText('Decided by Compliance Officer');
  await expect(drawer.locator('.review-box')).toContainText('Escalated');
  await expect(drawer.getByRole('region', { name: 'Timeline' })).toContainText('Review escalated');
  await expect(drawer.getByRole('button', { name: 'Approve' })).toBeVisible();
});

test('four eyes: an operator approves, cannot give the second approval (nor can the server be asked to), a compliance officer does', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Payout Four ${uniqueSuffix()}`;
  const id = await submit(request, world.key, world.fourEyes, name);

  await openSignedIn(page, world.olive, `/applications?view=queue&case=${id}`);
  const drawer = page.getByRole('dialog', { name });
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approve application' }).getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Application approved')).toBeVisible();
  // Not ended: the second decision waits, and it is not Olive's to give.
  const second = drawer.locator('.review-box');
  await expect(second.getByTestId('review-first-decision')).toContainText('Second decision');
  await expect(second.getByTestId('review-first-decision')).toContainText(`First: approved by ${world.olive.email}`);
  await expect(second).toContainText('Decided by Compliance Officer');
  await expect(second.getByRole('button', { name: /^(Approve|Reject|Claim)$/ })).toHaveCount(0);
  await expect(drawer.getByText('Completed · Approved', { exact: true })).toHaveCount(0);

  const olive = { authorization: `Bearer ${(await apiLogin(request, world.olive.email, world.olive.password)).access_token}` };
  const detail = (await (await request.get(`/api/admin/applications/${id}`, { headers: olive })).json()) as { review_tasks: { id: string; status: string }[] };
  const open = detail.review_tasks.find((t) => t.status === 'open')!;
  const refused = await request.post(`/api/admin/applications/review-tasks/${open.id}/decision`, { headers: olive, data: { decision: 'approve' } });
  expect(refused.status()).toBe(403);

  // Cora, a compliance officer, gives the second approval: the case ends approved.
  const coraContext = await browser.newContext();
  const cora = await coraContext.newPage();
  await openSignedIn(cora, world.cora, `/applications?view=queue&case=${id}`);
  const coraDrawer = cora.getByRole('dialog', { name });
  await expect(coraDrawer.getByTestId('review-first-decision')).toContainText(`approved by ${world.olive.email}`);
  await coraDrawer.getByRole('button', { name: 'Approve' }).click();
  await cora.getByRole('dialog', { name: 'Approve application' }).getByRole('button', { name: 'Approve' }).click();
  await expect(coraDrawer.getByText('Completed · Approved', { exact: true })).toBeVisible();
  await coraContext.close();
  // Olive's open drawer follows.
  await expect(drawer.getByText('Completed · Approved', { exact: true })).toBeVisible();
});

test('staff notes: markdown, a file, a mention that notifies, an edit within the window, and an administrator’s redaction that leaves a trace', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Noted Case ${uniqueSuffix()}`;
  const id = await submit(request, world.key, world.workflow, name);

  await openSignedIn(page, world.olive, `/applications?case=${id}`);
  const drawer = page.getByRole('dialog', { name });
  const notes = drawer.getByRole('region', { name: 'Notes' });
  await expect(notes).toContainText('No notes yet');
  await notes.getByLabel('Add a note').fill(`Checked the **passport** against the register. @${world.otto.email} please confirm the address.`);
  await notes.getByLabel(/^Attach files/).setInputFiles({ name: 'register-extract.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 extract') });
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(toast(page, 'Note added')).toBeVisible();
  const note = notes.getByRole('list', { name: 'Notes' }).locator(':scope > li');
  await expect(note).toContainText(world.olive.email);
  await expect(note.locator('strong')).toHaveText('passport');
  // Its file downloads under its name, never opened in the page.
  const file = note.getByRole('button', { name: 'Download register-extract.pdf' });
  await expect(file).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
  expect(download.suggestedFilename()).toBe('register-extract.pdf');
  await expect(drawer.getByRole('region', { name: 'Timeline' })).toContainText('Note added');

  // Otto is told he was mentioned.
  const ottoContext = await browser.newContext();
  const otto = await ottoContext.newPage();
  await openSignedIn(otto, world.otto, '/applications?view=notifications');
  await expect(otto.getByRole('list', { name: 'Notifications' })).toContainText(`You were mentioned in a note on ${name}`);
  await ottoContext.close();

  // Within its 5 minutes Olive changes it.
  await note.getByRole('button', { name: 'Edit' }).click();
  await note.getByLabel('Change the note').fill('Checked the passport and the address.');
  await note.getByRole('button', { name: 'Save' }).click();
  await expect(note).toContainText('Checked the passport and the address.');
  await expect(note).toContainText('edited');

  // An administrator redacts it: the text goes, the trace stays.
  const adaContext = await browser.newContext();
  const ada = await adaContext.newPage();
  await openSignedIn(ada, world.ada, `/applications?case=${id}`);
  const adaNote = ada.getByRole('dialog', { name }).getByRole('region', { name: 'Notes' }).getByRole('list', { name: 'Notes' }).locator(':scope > li');
  await expect(adaNote.getByRole('button', { name: 'Download register-extract.pdf' })).toBeVisible();
  await adaNote.getByRole('button', { name: 'Redact' }).click();
  await ada.getByRole('dialog', { name: 'Redact note' }).getByRole('button', { name: 'Redact' }).click();
  await expect(toast(ada, 'Note redacted')).toBeVisible();
  await expect(adaNote).toContainText(`Redacted by ${world.ada.email}`);
  await expect(adaNote).not.toContainText('passport');
  await expect(adaNote).not.toContainText('register-extract.pdf');
  await adaContext.close();
  // Olive's open drawer follows.
  await expect(note).toContainText(`Redacted by ${world.ada.email}`);
});
