/**
 * The rollup refresher folds application events into hourly counts per workflow and per step exactly once,
 * whatever the batch size, and keeps counting what an erased application already did; where the runtime works,
 * the rollups follow the events by themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asKey, chainGraph, createTestApiKey, startTestCase, waitForCase } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';
import { percentileOf } from './duration-histogram.ts';
import { refreshAllRollups, refreshRollups } from './rollup-refresher.ts';

let ctx: TestContext;
let org: { id: string };

const totals = async (workflowId: string) =>
  (
    await ctx.db.query<Record<string, number>>(
      `select coalesce(sum(started), 0)::int as started, coalesce(sum(completed), 0)::int as completed, coalesce(sum(approved), 0)::int as approved,
              coalesce(sum(rejected), 0)::int as rejected, coalesce(sum(failed), 0)::int as failed
         from application_stats_hourly where workflow_id = $1`,
      [workflowId],
    )
  ).rows[0]!;

describe('analytics rollups', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    org = await ctx.createOrg('Rollups');
    // Fold whatever other setup wrote, so each test starts from current rollups.
    await refreshAllRollups(ctx.db);
  });
  afterAll(() => ctx?.close());

  it('counts started, completed by outcome and failed cases per workflow, and each step’s visits and time, once', async () => {
    const approving = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: chainGraph([['pause', 'delay', { amount: 1, unit: 'seconds' }]], 'approved'),
    });
    const rejecting = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph: chainGraph([], 'rejected') });
    const failing = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: chainGraph([['tell', 'notification', { channel: 'internal', to: 'nobody@example.com', subject: 'x', message: 'x' }]]),
    });
    const cases = [
      await startTestCase(ctx, approving.id, org.id),
      await startTestCase(ctx, approving.id, org.id),
      await startTestCase(ctx, rejecting.id, org.id),
      await startTestCase(ctx, failing.id, org.id),
    ];
    for (const id of cases) await waitForCase(ctx.db, id, (c) => c.status === 'completed' || c.status === 'failed');

    // The process that runs the runtime folds the events by itself, within about a second.
    await expect.poll(() => totals(rejecting.id), { timeout: 10_000 }).toEqual({ started: 1, completed: 1, approved: 0, rejected: 1, failed: 0 });
    await expect.poll(() => totals(failing.id), { timeout: 10_000 }).toMatchObject({ failed: 1 });
    await expect.poll(() => totals(approving.id), { timeout: 10_000 }).toMatchObject({ completed: 2 });
    // Refreshing again (here, racing the scheduler) counts nothing twice.
    await refreshAllRollups(ctx.db, 3);
    expect(await totals(approving.id)).toEqual({ started: 2, completed: 2, approved: 2, rejected: 0, failed: 0 });
    expect(await totals(rejecting.id)).toEqual({ started: 1, completed: 1, approved: 0, rejected: 1, failed: 0 });
    expect(await totals(failing.id)).toEqual({ started: 1, completed: 0, approved: 0, rejected: 0, failed: 1 });

    const pause = await ctx.db.query<{
      step_type: string;
      entered: number;
      completed: number;
      failed: number;
      duration_ms_sum: string;
      duration_hist: number[];
    }>(
      `select step_type, entered, completed, failed, duration_ms_sum::text, duration_hist from step_stats_hourly s
        where workflow_id = $1 and step_type = 'delay'`,
      [approving.id],
    );
    expect(pause.rows).toHaveLength(1);
    expect(pause.rows[0]).toMatchObject({ step_type: 'delay', entered: 2, completed: 2, failed: 0 });
    // Each case slept about a second there: the median read back from the histogram says so (within 12.5 %).
    const median = percentileOf(pause.rows[0]!.duration_hist, 0.5)!;
    expect(median).toBeGreaterThan(900 * 0.875);
    expect(median).toBeLessThan(2000 * 1.125);
    const steps = await ctx.db.query<{ step_type: string; failed: number }>(
      `select step_type, failed from step_stats_hourly where workflow_id = $1 and failed > 0`,
      [failing.id],
    );
    expect(steps.rows).toEqual([{ step_type: 'notification', failed: 1 }]);
  });

  it('keeps what an erased application did in the counts', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph: chainGraph([], 'approved') });
    const id = await startTestCase(ctx, wf.id, org.id);
    await waitForCase(ctx.db, id, (c) => c.status === 'completed');
    await expect.poll(() => totals(wf.id), { timeout: 10_000 }).toMatchObject({ completed: 1 });
    const admin = await ctx.createUser('admin', org.id);
    expect((await ctx.as(admin, { method: 'DELETE', url: `/api/admin/applications/${id}` })).statusCode).toBe(200);
    await refreshAllRollups(ctx.db);
    expect(await totals(wf.id)).toMatchObject({ started: 1, completed: 1, approved: 1 });
  });
});

describe('analytics rollups in small batches (no runtime in this process)', () => {
  let quiet: TestContext;
  beforeAll(async () => {
    quiet = await createTestContext({ runtimeWorker: false });
  });
  afterAll(() => quiet?.close());

  it('carries the bookmark from batch to batch without losing or repeating an event', async () => {
    const organization = await quiet.createOrg('Rollups, quiet');
    await refreshAllRollups(quiet.db);
    const wf = await createTestWorkflow(quiet.db, organization.id, { status: 'active', graph: chainGraph([], 'approved') });
    // Received through the intake API; with no runtime here they stay pending, each with its events written.
    const key = await createTestApiKey(quiet.db, organization.id);
    const cases: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await asKey(quiet, key, {
        method: 'POST',
        url: '/api/public/v1/applications',
        payload: { workflow_id: wf.id, applicant: { name: `Quiet ${i}` }, data: {} },
      });
      expect(res.statusCode, res.body).toBe(201);
      cases.push(res.json().id as string);
    }
    const pending = (await quiet.db.query<{ n: number }>('select count(*)::int as n from application_events where application_id = any($1::uuid[])', [cases]))
      .rows[0]!.n;
    expect(pending).toBeGreaterThanOrEqual(7);
    let folded = 0;
    for (let n = await refreshRollups(quiet.db, 3); n > 0; n = await refreshRollups(quiet.db, 3)) folded += n;
    expect(folded).toBe(pending);
    expect(await refreshRollups(quiet.db)).toBe(0);
    const started = await quiet.db.query<{ n: number }>('select sum(started)::int as n from application_stats_hourly where workflow_id = $1', [wf.id]);
    expect(started.rows[0]!.n).toBe(7);
  });
});
