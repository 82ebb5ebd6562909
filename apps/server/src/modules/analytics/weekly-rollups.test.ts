/**
 * The weekly rollups (and the daily ones of failures and tool errors): kept by the refresher beside the hours and days,
 * and filled by migration 0008 from what an existing installation already had. Both must give the same rows.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainGraph } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { foldRollups, writeHistory, type CaseScript } from '../../test/history.factory.ts';
import { createTestWorkflow, insertTool } from '../../test/workflows.factory.ts';
import { APPLICATION_STATS, FAILURE_STATS, REVIEW_STATS, rollupTwin, STEP_STATS, TOOL_ERROR_STATS, TOOL_STATS, weekOf } from './rollup-tables.ts';

let ctx: TestContext;
/** What migration 0008 fills: the weeks of every rollup, and the days of failures and tool errors (new there too). */
const FILLED = [
  ...[APPLICATION_STATS, STEP_STATS, REVIEW_STATS, FAILURE_STATS, TOOL_STATS, TOOL_ERROR_STATS].map((t) => rollupTwin(t, 'week')!),
  ...[FAILURE_STATS, TOOL_ERROR_STATS].map((t) => rollupTwin(t, 'day')!),
];

beforeAll(async () => {
  ctx = await createTestContext({ runtimeWorker: false });
  const org = await ctx.createOrg('Weeks Co');
  const onboarding = await createTestWorkflow(ctx.db, org.id, { name: 'Onboarding', status: 'active' });
  const toolId = await insertTool(ctx.db, org.id, 'crm_lookup');
  const lookup = await createTestWorkflow(ctx.db, org.id, {
    name: 'Lookup',
    status: 'active',
    graph: chainGraph([['lookup', 'tool', { tool_name: 'crm_lookup', input_mapping: {}, output_field: 'crm' }]]),
  });
  const scripts: CaseScript[] = [];
  // Three weeks of cases, one every 17 hours, so weeks hold several days and histograms several buckets.
  for (let i = 0; i < 30; i += 1) {
    const at = new Date(Date.UTC(2026, 0, 1, 6) + i * 17 * 3_600_000);
    scripts.push({
      workflow: onboarding,
      applicant: `A${i}`,
      at,
      visits: [
        { step: 'details', minutes: 5 + i * 7 },
        {
          step: 'review',
          minutes: 60 * (1 + (i % 5)),
          branch: i % 3 ? 'approved' : 'rejected',
          review: { role: 'operator', slaHours: 3, decision: i % 3 ? 'approved' : 'rejected' },
        },
        { step: i % 3 ? 'ok' : 'no', minutes: 0 },
      ],
      end: { kind: 'completed', outcome: i % 3 ? 'approved' : 'rejected' },
    });
    const fails = i % 4 === 0;
    const error = `Timed out after ${3000 + i} ms`;
    scripts.push({
      workflow: lookup,
      applicant: `T${i}`,
      at,
      visits: fails
        ? [{ step: 'lookup', minutes: 0, tool: { id: toolId, status: 'timeout', latencyMs: 3000 + i, error } }]
        : [
            { step: 'lookup', minutes: 0, tool: { id: toolId, status: 'success', latencyMs: 40 + i * 90 } },
            { step: 'end', minutes: 0 },
          ],
      end: fails ? { kind: 'failed', error } : { kind: 'completed', outcome: 'completed' },
    });
  }
  await writeHistory(ctx.db, scripts);
  await foldRollups(ctx.db);
});
afterAll(() => ctx?.close());

const rowsOf = async (table: string) => (await ctx.db.query(`select * from ${table} order by 1, 2, 3, 4, 5`)).rows;

describe('weekly rollups', () => {
  it('start on Mondays, as PostgreSQL’s weeks do', () => {
    expect(weekOf(new Date('2026-01-05T00:00:00Z')).toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(weekOf(new Date('2026-01-11T23:59:59Z')).toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(weekOf(new Date('2026-01-01T12:00:00Z')).toISOString()).toBe('2025-12-29T00:00:00.000Z');
    expect(weekOf(new Date('1969-12-31T12:00:00Z')).toISOString()).toBe('1969-12-29T00:00:00.000Z');
  });

  it('add up to the days they hold', async () => {
    const res = await ctx.db.query<{ week: Date; started: number; days: number }>(
      `select w.week, w.started, (select sum(d.started)::int from application_stats_daily d
                                   where d.workflow_id = w.workflow_id and d.day >= w.week and d.day < w.week + interval '7 days') as days
         from application_stats_weekly w order by w.week`,
    );
    expect(res.rows.length).toBeGreaterThanOrEqual(3);
    for (const r of res.rows) expect(r.started).toBe(r.days);
  });

  it('are the same whether kept by the refresher or filled from the days by migration 0008', async () => {
    const kept = Object.fromEntries(await Promise.all(FILLED.map(async (t) => [t.name, await rowsOf(t.name)] as const)));
    for (const t of FILLED) expect(kept[t.name]!.length, t.name).toBeGreaterThan(0);
    const sql = readFileSync(new URL('../../db/migrations/0008_analytics_weekly_rollups.sql', import.meta.url), 'utf8').replace(/--.*$/gm, '');
    const fills = sql
      .split(/;\s*\n/)
      .map((s) => s.trim())
      .filter((s) => s.startsWith('insert into'));
    expect(fills).toHaveLength(FILLED.length);
    await ctx.db.query(`truncate ${FILLED.map((t) => t.name).join(', ')}`);
    for (const fill of fills) await ctx.db.query(fill);
    for (const t of FILLED) expect(await rowsOf(t.name), t.name).toEqual(kept[t.name]);
  });
});
