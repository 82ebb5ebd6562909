/**
 * What the Real-time Monitor reads besides the list: the counters (per organization, per workflow) and the staff
 * notifications of `internal` notification steps, which reach only the role or user they are addressed to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { approvalGraph, chainGraph, openReviewTask, startTestCase } from '../../test/applications.factory.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';

let ctx: TestContext;
let org: { id: string };
let other: { id: string };
let operator: TestUser;
let manager: TestUser;
let otherOperator: TestUser;

describe('monitor counters and staff notifications', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    org = await ctx.createOrg('Monitor A');
    other = await ctx.createOrg('Monitor B');
    operator = await ctx.createUser('operator', org.id);
    manager = await ctx.createUser('manager', org.id);
    otherOperator = await ctx.createUser('operator', other.id);
  });
  afterAll(() => ctx?.close());

  it('counts in progress, waiting for review, overdue, completed today and failed, for the caller’s organization only', async () => {
    const review = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph: approvalGraph('operator') });
    const straight = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph: chainGraph([]) });
    const waiting = [await startTestCase(ctx, review.id, org.id), await startTestCase(ctx, review.id, org.id)];
    await ctx.db.query(`update review_tasks set due_at = now() - interval '1 hour' where id = $1`, [await openReviewTask(ctx.db, waiting[0]!)]);
    await startTestCase(ctx, straight.id, org.id);
    const failed = await startTestCase(ctx, straight.id, org.id);
    await ctx.db.query(`update applications set status = 'failed', outcome = null, error = 'Broken for the test' where id = $1`, [failed]);
    await startTestCase(ctx, (await createTestWorkflow(ctx.db, other.id, { status: 'active', graph: approvalGraph('operator') })).id, other.id);

    const res = await ctx.as(operator, { method: 'GET', url: '/api/admin/applications/counts' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ in_progress: 2, waiting_for_review: 2, overdue: 1, completed_today: 1, failed: 1 });

    const one = await ctx.as(operator, { method: 'GET', url: `/api/admin/applications/counts?workflow_id=${straight.id}` });
    expect(one.json()).toEqual({ in_progress: 0, waiting_for_review: 0, overdue: 0, completed_today: 1, failed: 1 });
    // "Today" is the caller's: a day that begins after the case ended counts none.
    const tomorrow = new Date(Date.now() + 60_000).toISOString();
    const later = await ctx.as(operator, { method: 'GET', url: `/api/admin/applications/counts?today_from=${encodeURIComponent(tomorrow)}` });
    expect(later.json()).toMatchObject({ completed_today: 0 });
    // Naming another organization is refused.
    const refused = await ctx.as(operator, { method: 'GET', url: `/api/admin/applications/counts?organization_id=${other.id}` });
    expect(refused.statusCode).toBe(403);
  });

  it('delivers an internal notification to the role it names, in its organization, and lets each reader mark it read', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: chainGraph([['tell', 'notification', { channel: 'internal', to: 'operator', subject: 'Case for {{applicant.name}}', message: 'Please look' }]]),
    });
    const id = await startTestCase(ctx, wf.id, org.id);
    await startTestCase(
      ctx,
      (
        await createTestWorkflow(ctx.db, other.id, {
          status: 'active',
          graph: chainGraph([['tell', 'notification', { channel: 'internal', to: 'operator', subject: 'Elsewhere', message: 'x' }]]),
        })
      ).id,
      other.id,
    );

    const mine = await ctx.as(operator, { method: 'GET', url: '/api/admin/applications/notifications' });
    expect(mine.statusCode).toBe(200);
    const body = mine.json() as {
      items: { id: string; application_id: string; title: string; read: boolean; applicant_name: string }[];
      unread: number;
      total: number;
    };
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      application_id: id,
      title: 'Case for Test Applicant',
      body: 'Please look',
      read: false,
      applicant_name: 'Test Applicant',
      recipient_role: 'operator',
    });
    expect(body.unread).toBe(1);
    // The case's history says so too, just before the step completed (the monitor refreshes its list from this event).
    const events = await ctx.db.query<{ type: string; payload: Record<string, unknown> }>(
      'select type, payload from application_events where application_id = $1 order by seq',
      [id],
    );
    const sent = events.rows.findIndex((e) => e.type === 'notification_sent');
    expect(events.rows[sent]!.payload).toMatchObject({
      channel: 'internal',
      to: 'operator',
      recipient_role: 'operator',
      subject: 'Case for Test Applicant',
      delivered: true,
    });
    expect(events.rows[sent + 1]).toMatchObject({ type: 'step_completed' });

    // A manager of the same organization and an operator of another one do not get it.
    expect((await ctx.as(manager, { method: 'GET', url: '/api/admin/applications/notifications' })).json()).toMatchObject({ items: [], unread: 0 });
    const elsewhere = (await ctx.as(otherOperator, { method: 'GET', url: '/api/admin/applications/notifications' })).json() as { items: { title: string }[] };
    expect(elsewhere.items.map((n) => n.title)).toEqual(['Elsewhere']);
    // Nor can they mark it read.
    expect((await ctx.as(manager, { method: 'POST', url: `/api/admin/applications/notifications/${body.items[0]!.id}/read` })).statusCode).toBe(404);

    expect((await ctx.as(operator, { method: 'POST', url: `/api/admin/applications/notifications/${body.items[0]!.id}/read` })).statusCode).toBe(200);
    const after = (await ctx.as(operator, { method: 'GET', url: '/api/admin/applications/notifications?unread=true' })).json() as {
      items: unknown[];
      unread: number;
      total: number;
    };
    expect(after).toMatchObject({ items: [], unread: 0, total: 0 });
    const all = (await ctx.as(operator, { method: 'GET', url: '/api/admin/applications/notifications' })).json() as {
      items: { read: boolean }[];
      total: number;
    };
    expect(all.items.map((n) => n.read)).toEqual([true]);
    // Reading twice is harmless.
    expect((await ctx.as(operator, { method: 'POST', url: `/api/admin/applications/notifications/${body.items[0]!.id}/read` })).statusCode).toBe(200);
  });
});
