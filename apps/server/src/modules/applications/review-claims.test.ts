/**
 * Who has a review (issue 35, ADR 0057): claim (one of two at once wins, the other is told who), release (the holder
 * or a lead), a lead's assignment to a person who may decide it, the queue's views and counts, decisions by the
 * holder only, and the events, audit entries and notification each leaves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '@admin-portal/contract/applications/api';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { approvalGraph, openReviewTask, startTestCase } from '../../test/applications.factory.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';

let ctx: TestContext;
let org: string;
let otherOrg: string;
let workflow: string;
let ada: TestUser; // operator
let ben: TestUser; // operator
let lead: TestUser; // manager: manage_reviews by default
let officer: TestUser; // compliance officer: not an operator review's role
let admin: TestUser;
let stranger: TestUser; // operator of another organization

const base = '/api/admin/applications/review-tasks';
const claim = (u: TestUser, id: string) => ctx.as(u, { method: 'POST', url: `${base}/${id}/claim` });
const release = (u: TestUser, id: string) => ctx.as(u, { method: 'POST', url: `${base}/${id}/release` });
const assign = (u: TestUser, id: string, userId: string) => ctx.as(u, { method: 'PUT', url: `${base}/${id}/assignee`, payload: { user_id: userId } });
const decide = (u: TestUser, id: string) => ctx.as(u, { method: 'POST', url: `${base}/${id}/decision`, payload: { decision: 'approve' } });
const queue = async (u: TestUser, query: string) =>
  (await ctx.as(u, { method: 'GET', url: `${base}?${query}` })).json() as { items: { id: string }[]; total: number };
const counts = async (u: TestUser) => (await ctx.as(u, { method: 'GET', url: `${base}/counts` })).json();

async function newTask(): Promise<{ caseId: string; taskId: string }> {
  const caseId = await startTestCase(ctx, workflow, org);
  return { caseId, taskId: await openReviewTask(ctx.db, caseId) };
}

const eventsOf = async (caseId: string) =>
  (
    await ctx.db.query<{ type: string; payload: Record<string, unknown>; actor_id: string | null }>(
      `select type, payload, actor_id from application_events where application_id = $1 and type like 'review_%' order by seq`,
      [caseId],
    )
  ).rows;

describe('claiming, releasing and assigning reviews', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    org = (await ctx.createOrg('Claims')).id;
    otherOrg = (await ctx.createOrg('Claims elsewhere')).id;
    workflow = (await createTestWorkflow(ctx.db, org, { status: 'active', graph: approvalGraph('operator') })).id;
    ada = await ctx.createUser('operator', org);
    ben = await ctx.createUser('operator', org);
    lead = await ctx.createUser('manager', org);
    officer = await ctx.createUser('compliance_officer', org);
    admin = await ctx.createUser('admin', org);
    stranger = await ctx.createUser('operator', otherOrg);
  });
  afterAll(() => ctx?.close());

  it('claims a review: it shows who has it, leaves the unclaimed view, and a second claimant is told who', async () => {
    const { caseId, taskId } = await newTask();
    expect((await queue(ben, 'mine=true&claimed_by=nobody')).items.map((t) => t.id)).toContain(taskId);

    const res = await claim(ada, taskId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: taskId,
      claimed_by: ada.id,
      claimed_by_email: ada.email,
      claimed_by_name: 'Test operator',
      assigned_by_email: null,
    });
    expect(res.json().claimed_at).toEqual(expect.any(String));

    expect((await queue(ben, 'mine=true&claimed_by=nobody')).items.map((t) => t.id)).not.toContain(taskId);
    expect((await queue(ada, 'claimed_by=me')).items.map((t) => t.id)).toContain(taskId);
    expect((await queue(lead, `claimed_by=${ada.id}`)).items.map((t) => t.id)).toEqual([taskId]);

    const second = await claim(ben, taskId);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(APPLICATION_MESSAGES.reviewClaimedBy('Test operator'));
    // Claiming one's own again changes nothing and records nothing more.
    expect((await claim(ada, taskId)).statusCode).toBe(200);
    expect(await eventsOf(caseId)).toEqual([
      { type: 'review_claimed', actor_id: ada.id, payload: expect.objectContaining({ review_task_id: taskId, holder: ada.email }) },
    ]);
    const audit = await ctx.db.query(`select action from audit_logs where target_id = $1 and action like 'application.review.%'`, [caseId]);
    expect(audit.rows).toEqual([{ action: 'application.review.claimed' }]);
  });

  it('lets exactly one of two simultaneous claims win', async () => {
    const { taskId } = await newTask();
    const results = await Promise.all([claim(ada, taskId), claim(ben, taskId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().claimed_by;
    const loser = results.find((r) => r.statusCode === 409)!.json().detail as string;
    expect(loser).toBe(APPLICATION_MESSAGES.reviewClaimedBy('Test operator'));
    expect([ada.id, ben.id]).toContain(winner);
  });

  it('refuses a claim by a role the review is not for, and hides another organization’s review', async () => {
    const { taskId } = await newTask();
    const wrongRole = await claim(officer, taskId);
    expect(wrongRole.statusCode).toBe(403);
    expect(wrongRole.json().detail).toBe(APPLICATION_MESSAGES.notYourReview);
    expect((await claim(stranger, taskId)).statusCode).toBe(404);
    expect((await claim(admin, taskId)).statusCode).toBe(200);
  });

  it('lets only the holder decide a claimed review', async () => {
    const { taskId } = await newTask();
    await claim(ada, taskId);
    const other = await decide(ben, taskId);
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe(APPLICATION_MESSAGES.reviewClaimedBy('Test operator'));
    // Not even an administrator decides over the holder: a lead reassigns first.
    expect((await decide(admin, taskId)).statusCode).toBe(403);
    const mine = await decide(ada, taskId);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ status: 'approved', decided_by: ada.id, claimed_by: ada.id });
    expect((await claim(ben, taskId)).statusCode).toBe(409);
    expect((await claim(ben, taskId)).json().detail).toBe(APPLICATION_MESSAGES.taskClosed);
  });

  it('releases: the holder or a lead; nobody else; not an unclaimed review', async () => {
    const { caseId, taskId } = await newTask();
    expect((await release(ada, taskId)).json().detail).toBe(APPLICATION_MESSAGES.reviewNotClaimed);
    await claim(ada, taskId);
    const byOther = await release(ben, taskId);
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().detail).toBe(APPLICATION_MESSAGES.releaseNotYours);
    const own = await release(ada, taskId);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ claimed_by: null, claimed_at: null, claimed_by_email: null });
    await claim(ben, taskId);
    expect((await release(lead, taskId)).json()).toMatchObject({ claimed_by: null });
    expect((await eventsOf(caseId)).map((e) => e.type)).toEqual(['review_claimed', 'review_released', 'review_claimed', 'review_released']);
    expect((await eventsOf(caseId))[3]).toMatchObject({ actor_id: lead.id, payload: expect.objectContaining({ from: ben.email }) });
  });

  it('assigns to a person who may decide it, who is notified; refuses people who may not, with the field named', async () => {
    const { caseId, taskId } = await newTask();
    await claim(ada, taskId);
    const res = await assign(lead, taskId, ben.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ claimed_by: ben.id, claimed_by_email: ben.email, assigned_by_email: lead.email });
    const notice = await ctx.db.query(`select title, body from staff_notifications where recipient_user_id = $1 and application_id = $2`, [ben.id, caseId]);
    expect(notice.rows).toEqual([{ title: 'Review assigned to you: review', body: `${lead.email} gave you the review "review" of Test Applicant.` }]);
    expect((await eventsOf(caseId)).at(-1)).toMatchObject({ type: 'review_assigned', payload: expect.objectContaining({ to: ben.email, from: ada.email }) });
    // Ada no longer decides it; Ben does.
    expect((await decide(ada, taskId)).statusCode).toBe(403);

    for (const [who, message] of [
      [officer.id, APPLICATION_MESSAGES.assigneeMayNotDecide],
      [stranger.id, APPLICATION_MESSAGES.assigneeUnknown],
      ['00000000-0000-4000-8000-000000000000', APPLICATION_MESSAGES.assigneeUnknown],
    ] as const) {
      const refused = await assign(lead, taskId, who);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ detail: message, validation_errors: [{ field: 'user_id', message }] });
    }
    // An administrator of the organization may be given any of its reviews.
    expect((await assign(lead, taskId, admin.id)).json()).toMatchObject({ claimed_by: admin.id });
    // Whoever lacks manage_reviews cannot assign, even to themselves.
    expect((await assign(ada, taskId, ada.id)).statusCode).toBe(403);
    const bad = await ctx.as(lead, { method: 'PUT', url: `${base}/${taskId}/assignee`, payload: { user_id: 'ben' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validation_errors[0].field).toBe('user_id');
    expect((await ctx.db.query('select claimed_by from review_tasks where id = $1', [taskId])).rows[0]).toEqual({ claimed_by: admin.id });
  });

  it('counts the caller’s views, and lists whom a lead can assign a review to with their open reviews', async () => {
    const fresh = await ctx.createOrg('Counts');
    const wf = (await createTestWorkflow(ctx.db, fresh.id, { status: 'active', graph: approvalGraph('operator') })).id;
    const op = await ctx.createUser('operator', fresh.id);
    const op2 = await ctx.createUser('operator', fresh.id);
    const boss = await ctx.createUser('manager', fresh.id);
    await ctx.createUser('viewer', fresh.id);
    const tasks: string[] = [];
    for (let i = 0; i < 4; i++) tasks.push(await openReviewTask(ctx.db, await startTestCase(ctx, wf, fresh.id)));
    await claim(op, tasks[0]!);
    await claim(op, tasks[1]!);
    await claim(op2, tasks[2]!);
    await ctx.db.query(`update review_tasks set due_at = now() - interval '1 minute' where id = $1`, [tasks[1]]);
    expect(await counts(op)).toEqual({ mine: 2, unclaimed: 1, roles: 4, overdue_mine: 1 });
    expect(await counts(boss)).toEqual({ mine: 0, unclaimed: 0, roles: 0, overdue_mine: 0 });

    const list = await ctx.as(boss, { method: 'GET', url: `${base}/reviewers?role=operator` });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .items.map((r: { id: string; open_reviews: number; role: string }) => [r.role, r.open_reviews])
        .sort(),
    ).toEqual([
      ['operator', 1],
      ['operator', 2],
    ]);
    const all = await ctx.as(boss, { method: 'GET', url: `${base}/reviewers` });
    expect(
      all
        .json()
        .items.map((r: { role: string }) => r.role)
        .sort(),
    ).toEqual(['manager', 'operator', 'operator']);
    expect((await ctx.as(op, { method: 'GET', url: `${base}/reviewers` })).statusCode).toBe(403);
    const badRole = await ctx.as(boss, { method: 'GET', url: `${base}/reviewers?role=chief` });
    expect(badRole.statusCode).toBe(422);
    expect(badRole.json().validation_errors[0].field).toBe('role');
  });

  it('answers "what is on my plate?" and "who has the … case?" from who has each review (the assistant, built-in provider)', async () => {
    const ask = async (u: TestUser, message: string) => {
      const res = await ctx.as(u, { method: 'POST', url: '/api/admin/ai/chat', payload: { message, context: { path: '/applications' } } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { response: string; links: { url: string }[] };
    };
    const fresh = await ctx.createOrg('Plate');
    const wf = (await createTestWorkflow(ctx.db, fresh.id, { status: 'active', graph: approvalGraph('operator') })).id;
    const cleo = await ctx.createUser('operator', fresh.id);
    const empty = await ask(cleo, 'What is on my plate?');
    expect(empty.response).toContain('You have no open review. No review of your role waits unclaimed.');

    const caseId = await startTestCase(ctx, wf, fresh.id);
    await ctx.db.query(`update applications set applicant_name = 'Hamilton Plate' where id = $1`, [caseId]);
    const second = await startTestCase(ctx, wf, fresh.id);
    const taskId = await openReviewTask(ctx.db, caseId);
    expect((await ask(cleo, 'Who has the Hamilton case?')).response).toContain('nobody has claimed it yet');
    await claim(cleo, taskId);
    await ctx.db.query(`update review_tasks set due_at = now() - interval '2 hours' where id = $1`, [taskId]);

    const plate = await ask(cleo, 'What is on my plate?');
    expect(plate.response).toContain('You have **1 open review**, **1** past the deadline');
    expect(plate.response).toContain('**Hamilton Plate**');
    expect(plate.response).toContain('(Operator), **overdue by 2.0 h**');
    expect(plate.response).toContain('**1 review** of your role waits unclaimed.');
    expect(plate.links[0]!.url).toBe(`/applications?view=queue&queue=mine&case=${caseId}`);
    expect((await ask(cleo, 'Who has the Hamilton case?')).response).toContain('**Test operator** has it');
    expect(second).not.toBe(caseId);
  });

  it('does one action on many reviews, each as if alone, with a result each', async () => {
    const bulk = (u: TestUser, payload: object) => ctx.as(u, { method: 'POST', url: `${base}/bulk`, payload });
    const free = [await newTask(), await newTask(), await newTask()].map((t) => t.taskId);
    const held = (await newTask()).taskId;
    await claim(ben, held);
    const officerWorkflow = (await createTestWorkflow(ctx.db, org, { status: 'active', graph: approvalGraph('compliance_officer') })).id;
    const officers = await openReviewTask(ctx.db, await startTestCase(ctx, officerWorkflow, org));
    const elsewhereWorkflow = (await createTestWorkflow(ctx.db, otherOrg, { status: 'active', graph: approvalGraph('operator') })).id;
    const elsewhere = await openReviewTask(ctx.db, await startTestCase(ctx, elsewhereWorkflow, otherOrg));
    const unknown = '00000000-0000-4000-8000-000000000001';

    const res = await bulk(ada, { action: 'approve', task_ids: [...free, held, officers, elsewhere, unknown] });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { results: { task_id: string; ok: boolean; status: number; detail: string | null }[]; succeeded: number; failed: number };
    expect(body).toMatchObject({ succeeded: 3, failed: 4 });
    expect(body.results.map((r) => [r.task_id, r.status, r.detail])).toEqual([
      ...free.map((id) => [id, 200, null]),
      [held, 403, APPLICATION_MESSAGES.reviewClaimedBy('Test operator')],
      [officers, 403, APPLICATION_MESSAGES.notYourReview],
      [elsewhere, 404, 'Review task not found'],
      [unknown, 404, 'Review task not found'],
    ]);
    const statuses = await ctx.db.query<{ id: string; status: string }>('select id, status from review_tasks where id = any($1)', [
      [...free, held, officers, elsewhere],
    ]);
    expect(Object.fromEntries(statuses.rows.map((r) => [r.id, r.status]))).toEqual({
      ...Object.fromEntries(free.map((id) => [id, 'approved'])),
      [held]: 'open',
      [officers]: 'open',
      [elsewhere]: 'open',
    });
    // Done again, each is refused as decided.
    expect((await bulk(ada, { action: 'approve', task_ids: free })).json().results.map((r: { detail: string }) => r.detail)).toEqual(
      free.map(() => APPLICATION_MESSAGES.taskClosed),
    );

    // A lead assigns many at once; a reviewer may not.
    const more = [await newTask(), await newTask()].map((t) => t.taskId);
    expect((await bulk(ada, { action: 'assign', task_ids: more, user_id: ben.id })).statusCode).toBe(403);
    expect((await bulk(lead, { action: 'assign', task_ids: more, user_id: ben.id })).json()).toMatchObject({ succeeded: 2, failed: 0 });
    expect((await bulk(ben, { action: 'release', task_ids: [...more, held] })).json()).toMatchObject({ succeeded: 3, failed: 0 });

    // Bad input changes nothing and names the field.
    for (const [payload, field, message] of [
      [{ action: 'reject', task_ids: more }, 'comment', APPLICATION_MESSAGES.commentRequired],
      [{ action: 'assign', task_ids: more }, 'user_id', APPLICATION_MESSAGES.bulkAssigneeRequired],
      [{ action: 'claim', task_ids: [more[0], more[0]] }, 'task_ids', APPLICATION_MESSAGES.bulkTaskIdsUnique],
      [{ action: 'claim', task_ids: [] }, 'task_ids', undefined],
      [{ action: 'claim', task_ids: Array.from({ length: 501 }, () => unknown) }, 'task_ids', undefined],
      [{ action: 'shred', task_ids: more }, 'action', undefined],
      [{ action: 'assign', task_ids: more, user_id: unknown }, 'user_id', APPLICATION_MESSAGES.assigneeUnknown],
      [{ action: 'approve', task_ids: more, user_id: ben.id }, 'user_id', APPLICATION_MESSAGES.bulkUserOnlyToAssign],
      [{ action: 'claim', task_ids: more, comment: 'why' }, 'comment', APPLICATION_MESSAGES.bulkCommentOnlyToDecide],
      [{ action: 'assign', task_ids: more, user_id: stranger.id }, 'user_id', APPLICATION_MESSAGES.assigneeUnknown],
    ] as const) {
      const refused = await bulk(lead, payload);
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      const errors = refused.json().validation_errors as { field: string; message: string }[];
      expect(errors.map((e) => e.field)).toContain(field);
      if (message) expect(errors.find((e) => e.field === field)!.message).toBe(message);
    }
    expect((await ctx.db.query('select count(*)::int as n from review_tasks where id = any($1) and claimed_by is not null', [more])).rows[0]).toEqual({ n: 0 });
  });

  it('refuses a malformed holder filter with the field named', async () => {
    const res = await ctx.as(ada, { method: 'GET', url: `${base}?claimed_by=someone` });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors[0].field).toBe('claimed_by');
  });
});
