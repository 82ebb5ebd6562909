/**
 * The analytics calls over a known history: every figure equals the value worked out by hand below (durations read
 * from histograms, so within 12.5 %), each caller sees their own organization only, and what a role may not read
 * is left out.
 *
 * The history (UTC, period 2026-01-05 … 2026-01-11, the previous period 2025-12-29 … 2026-01-04):
 *   Onboarding (start → details form → review approval → ok / no):
 *     A1 Jan 5 10:00  details 30 min, review 2 h approved (in SLA)          → approved, decision 2 h 30
 *     A2 Jan 6 09:00  details 60 min, review 30 h approved (SLA 24 h: late) → approved Jan 7 16:00, decision 31 h
 *     A3 Jan 6 12:00  details 120 min, review 4 h rejected                  → rejected, decision 6 h
 *     A4 Jan 7 08:00  details: still open (the applicant never came back)
 *     A5 Jan 8 08:00  details 10 min, review open (due Jan 9 08:10: overdue now)
 *     A6 Jan 9 08:00  cancelled by staff at details after 5 h
 *     P1 Dec 30       details 60 min, review 60 min approved               (previous period)
 *     P2 Jan 2        details 60 min, review 60 min rejected               (previous period)
 *   Lookup (start → lookup tool → end):
 *     T1 Jan 5 10:00  tool 200 ms ok → completed
 *     T2 Jan 6 10:00  tool error "Upstream answered 503" → failed
 *     T3 Jan 7 10:00  tool timeout "Timed out after 5000 ms" → failed
 *     T4 Jan 8 10:00  tool timeout "Timed out after 5012 ms" → failed
 *   plus one MCP call of the tool (50 ms, ok) on Jan 6, and another organization's case on Jan 6.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_MESSAGES } from '@admin-portal/contract/analytics/api';
import { chainGraph } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { foldRollups, writeHistory, type CaseScript } from '../../test/history.factory.ts';
import { createTestWorkflow, insertTool, type TestWorkflow } from '../../test/workflows.factory.ts';
import { openCases, stepFigures } from './analytics.queries.ts';
import { refreshOpenCaseCounts } from './open-case-snapshot.ts';

let ctx: TestContext;
let org: { id: string };
let other: { id: string };
let admin: TestUser;
let viewer: TestUser;
let operator: TestUser;
let superAdmin: TestUser;
let onboarding: TestWorkflow;
let lookup: TestWorkflow;
let toolId: string;

const PERIOD = 'range=custom&from=2026-01-05&to=2026-01-11&tz=UTC';
const at = (text: string) => new Date(`${text}Z`);
const HOUR = 3_600_000;
const MIN = 60_000;
/** Within the histograms' 12.5 %. */
const near = (value: number | null, expected: number) => {
  expect(value).not.toBeNull();
  expect(Math.abs(value! - expected) / expected).toBeLessThan(0.125);
};

const get = async (user: TestUser, url: string, headers: Record<string, string> = {}) => {
  const res = await ctx.as(user, { method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  ctx = await createTestContext({ runtimeWorker: false });
  org = await ctx.createOrg('Analytics Co');
  other = await ctx.createOrg('Elsewhere');
  admin = await ctx.createUser('admin', org.id);
  viewer = await ctx.createUser('viewer', org.id);
  operator = await ctx.createUser('operator', org.id);
  superAdmin = await ctx.createUser('super_admin', other.id);
  onboarding = await createTestWorkflow(ctx.db, org.id, { name: 'Onboarding', status: 'active' });
  toolId = await insertTool(ctx.db, org.id, 'crm_lookup');
  lookup = await createTestWorkflow(ctx.db, org.id, {
    name: 'Lookup',
    status: 'active',
    graph: chainGraph([['lookup', 'tool', { tool_name: 'crm_lookup', input_mapping: {}, output_field: 'crm' }]]),
  });
  const elsewhere = await createTestWorkflow(ctx.db, other.id, { name: 'Elsewhere onboarding', status: 'active' });

  const review = (hours: number, decision?: 'approved' | 'rejected') => ({
    step: 'review',
    minutes: hours * 60,
    branch: decision,
    review: { role: 'operator', slaHours: 24, ...(decision ? { decision } : {}) },
  });
  const approved = { kind: 'completed', outcome: 'approved' } as const;
  const rejected = { kind: 'completed', outcome: 'rejected' } as const;
  const ok = { step: 'ok', minutes: 0 };
  const no = { step: 'no', minutes: 0 };
  const details = (minutes: number) => ({ step: 'details', minutes });
  const tool = (status: 'success' | 'error' | 'timeout', latencyMs: number, error?: string) => ({
    step: 'lookup',
    minutes: 0,
    tool: { id: toolId, status, latencyMs, ...(error ? { error } : {}) },
  });
  const end = { step: 'end', minutes: 0 };
  const scripts: CaseScript[] = [
    { workflow: onboarding, applicant: 'A1', at: at('2026-01-05T10:00:00'), visits: [details(30), review(2, 'approved'), ok], end: approved },
    { workflow: onboarding, applicant: 'A2', at: at('2026-01-06T09:00:00'), visits: [details(60), review(30, 'approved'), ok], end: approved },
    { workflow: onboarding, applicant: 'A3', at: at('2026-01-06T12:00:00'), visits: [details(120), review(4, 'rejected'), no], end: rejected },
    { workflow: onboarding, applicant: 'A4', at: at('2026-01-07T08:00:00'), visits: [details(0)], end: { kind: 'open' } },
    { workflow: onboarding, applicant: 'A5', at: at('2026-01-08T08:00:00'), visits: [details(10), review(0)], end: { kind: 'open' } },
    { workflow: onboarding, applicant: 'A6', at: at('2026-01-09T08:00:00'), visits: [details(300)], end: { kind: 'cancelled' } },
    { workflow: onboarding, applicant: 'P1', at: at('2025-12-30T10:00:00'), visits: [details(60), review(1, 'approved'), ok], end: approved },
    { workflow: onboarding, applicant: 'P2', at: at('2026-01-02T10:00:00'), visits: [details(60), review(1, 'rejected'), no], end: rejected },
    { workflow: lookup, applicant: 'T1', at: at('2026-01-05T10:00:00'), visits: [tool('success', 200), end], end: { kind: 'completed', outcome: 'completed' } },
    {
      workflow: lookup,
      applicant: 'T2',
      at: at('2026-01-06T10:00:00'),
      visits: [tool('error', 100, 'Upstream answered 503')],
      end: { kind: 'failed', error: 'Upstream answered 503' },
    },
    {
      workflow: lookup,
      applicant: 'T3',
      at: at('2026-01-07T10:00:00'),
      visits: [tool('timeout', 5000, 'Timed out after 5000 ms')],
      end: { kind: 'failed', error: 'Timed out after 5000 ms' },
    },
    {
      workflow: lookup,
      applicant: 'T4',
      at: at('2026-01-08T10:00:00'),
      visits: [tool('timeout', 5012, 'Timed out after 5012 ms')],
      end: { kind: 'failed', error: 'Timed out after 5012 ms' },
    },
    { workflow: elsewhere, applicant: 'X1', at: at('2026-01-06T10:00:00'), visits: [details(60), review(1, 'approved'), ok], end: approved },
  ];
  await writeHistory(ctx.db, scripts);
  await ctx.db.query(
    `insert into tool_executions (tool_id, organization_id, caller_type, caller_id, status, latency_ms, created_at) values ($1, $2, 'mcp', 'key-1', 'success', 50, $3)`,
    [toolId, org.id, at('2026-01-06T11:00:00')],
  );
  await foldRollups(ctx.db);
});
afterAll(() => ctx?.close());

describe('GET /api/admin/analytics/applications', () => {
  it('counts the period and the one before, by hand', async () => {
    const body = await get(admin, `/api/admin/analytics/applications?${PERIOD}`);
    expect(body.organization_id).toBe(org.id);
    expect(body.period).toMatchObject({
      range: 'custom',
      from: '2026-01-05T00:00:00.000Z',
      to: '2026-01-12T00:00:00.000Z',
      bucket: 'day',
      days: 7,
      previous_from: '2025-12-29T00:00:00.000Z',
      previous_to: '2026-01-05T00:00:00.000Z',
    });
    expect(body.totals).toMatchObject({
      started: 10,
      completed: 4,
      approved: 2,
      rejected: 1,
      failed: 3,
      cancelled: 1,
      approval_rate: 0.6667,
      failure_rate: 0.375,
    });
    // Decisions took 2 h 30, 6 h and 31 h.
    near(body.totals.decision_p50_ms, 6 * HOUR);
    near(body.totals.decision_p90_ms, 31 * HOUR);
    expect(body.previous).toMatchObject({ started: 2, completed: 2, approved: 1, rejected: 1, failed: 0, cancelled: 0, approval_rate: 0.5 });
    expect(body.decision_time.map((b: { count: number }) => b.count)).toEqual([0, 1, 1, 1, 0, 0]);
  });

  it('lays out every day of the period with what happened on it', async () => {
    const body = await get(admin, `/api/admin/analytics/applications?${PERIOD}`);
    const days = body.over_time.map((p: Record<string, unknown>) => [
      String(p.at).slice(0, 10),
      p.started,
      p.completed,
      p.approved,
      p.rejected,
      p.failed,
      p.cancelled,
    ]);
    expect(days).toEqual([
      ['2026-01-05', 2, 2, 1, 0, 0, 0],
      ['2026-01-06', 3, 1, 0, 1, 1, 0],
      ['2026-01-07', 2, 1, 1, 0, 1, 0],
      ['2026-01-08', 2, 0, 0, 0, 1, 0],
      ['2026-01-09', 1, 0, 0, 0, 0, 1],
      ['2026-01-10', 0, 0, 0, 0, 0, 0],
      ['2026-01-11', 0, 0, 0, 0, 0, 0],
    ]);
    // In another time zone the days cut elsewhere: at UTC+14, A1's 10:00 is already Jan 6.
    const kiribati = await get(admin, '/api/admin/analytics/applications?range=custom&from=2026-01-05&to=2026-01-11&tz=Pacific/Kiritimati');
    expect(kiribati.period.from).toBe('2026-01-04T10:00:00.000Z');
    expect(kiribati.over_time[0]).toMatchObject({ at: '2026-01-04T10:00:00.000Z', started: 0 });
    expect(kiribati.over_time[1]).toMatchObject({ at: '2026-01-05T10:00:00.000Z', started: 3 });
    // Its period is whole UTC days (read from the daily rollups) plus 10 and 14 hours at the edges (hourly ones): nothing
    // is counted twice or missed.
    expect(kiribati.totals).toMatchObject({ started: 10, completed: 4, approved: 2, rejected: 1, failed: 3, cancelled: 1 });
    expect(kiribati.previous).toMatchObject({ started: 2, completed: 2 });
  });

  it('adds up whole weeks, the days beside them and the period before without counting anything twice', async () => {
    // Wed Dec 31 … Tue Jan 13: the week of Jan 5 from the weekly rollups, Dec 31 – Jan 4 and Jan 12 – 13 from the
    // daily ones; the previous 14 days (Dec 17 – 30) hold P1 only.
    const body = await get(admin, '/api/admin/analytics/applications?range=custom&from=2025-12-31&to=2026-01-13&tz=UTC&bucket=week');
    expect(body.totals).toMatchObject({ started: 11, completed: 5, approved: 2, rejected: 2, failed: 3, cancelled: 1 });
    expect(body.previous).toMatchObject({ started: 1, completed: 1, approved: 1, rejected: 0 });
    const weeks = body.over_time.map((p: Record<string, unknown>) => [String(p.at).slice(0, 10), p.started, p.completed, p.rejected]);
    expect(weeks).toEqual([
      ['2025-12-29', 1, 1, 1],
      ['2026-01-05', 10, 4, 1],
      ['2026-01-12', 0, 0, 0],
    ]);
    // Decisions: P2's 2 h beside the week's 2 h 30, 6 h and 31 h.
    near(body.totals.decision_p50_ms, 2.5 * HOUR);
    // The steps of A1 – A6 and P2: details took 30, 60, 120, 10 and 60 minutes (mean 56).
    const wf = await get(admin, `/api/admin/workflows/${onboarding.id}/analytics?range=custom&from=2025-12-31&to=2026-01-13&tz=UTC`);
    const details = wf.steps.find((s: { name: string }) => s.name === 'details');
    expect(details).toMatchObject({ entered: 7, completed: 5, cancelled: 1, time_mean_ms: 56 * MIN });
    near(details.time_p50_ms, 60 * MIN);
    expect(wf.review).toEqual([expect.objectContaining({ decided: 4, breached: 1 })]);
  });

  it('gives each workflow its figures, and narrows to a workflow or a status', async () => {
    const body = await get(admin, `/api/admin/analytics/applications?${PERIOD}`);
    const byName = Object.fromEntries(body.per_workflow.map((w: { name: string }) => [w.name, w]));
    expect(byName.Onboarding).toMatchObject({
      started: 6,
      completed: 3,
      approved: 2,
      rejected: 1,
      cancelled: 1,
      failed: 0,
      conversion: 0.5,
      approval_rate: 0.6667,
      open_now: 2,
      previous_started: 2,
    });
    expect(byName.Lookup).toMatchObject({ started: 4, completed: 1, failed: 3, failure_rate: 0.75, conversion: 0.25, open_now: 0 });
    expect(body.open_now).toEqual({ total: 2, running: 0, waiting_form: 1, waiting_review: 1, waiting_delay: 0, waiting_retry: 0 });

    const one = await get(admin, `/api/admin/analytics/applications?${PERIOD}&workflow_id=${lookup.id}`);
    expect(one.totals).toMatchObject({ started: 4, failed: 3 });
    expect(one.per_workflow.map((w: { name: string }) => w.name)).toEqual(['Lookup']);

    const failed = await get(admin, `/api/admin/analytics/applications?${PERIOD}&status=failed`);
    expect(failed.filters).toEqual({ workflow_id: null, status: 'failed' });
    expect(failed.over_time.map((p: { failed: number }) => p.failed)).toEqual([0, 1, 1, 1, 0, 0, 0]);
    expect(failed.over_time.every((p: { started: number }) => p.started === 0)).toBe(true);
    expect(failed.per_workflow.map((w: { name: string }) => w.name)).toEqual(['Lookup']);
  });

  it('refuses a bad period with field errors, and another organization’s workflow as not found', async () => {
    const bad = await ctx.as(admin, { method: 'GET', url: '/api/admin/analytics/applications?range=custom&from=2026-01-10&to=2026-01-05' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validation_errors).toEqual([{ field: 'to', message: ANALYTICS_MESSAGES.endBeforeStart }]);
    const missing = await ctx.as(admin, { method: 'GET', url: '/api/admin/analytics/applications?range=custom&from=2026-01-10' });
    expect(missing.json().validation_errors).toEqual([{ field: 'to', message: ANALYTICS_MESSAGES.customNeedsDates }]);
    const hourly = await ctx.as(admin, { method: 'GET', url: '/api/admin/analytics/applications?range=90d&bucket=hour' });
    expect(hourly.json().validation_errors).toEqual([{ field: 'bucket', message: ANALYTICS_MESSAGES.hourlyTooLong }]);
    const zone = await ctx.as(admin, { method: 'GET', url: '/api/admin/analytics/applications?tz=Mars%2FOlympus' });
    expect(zone.json().validation_errors).toEqual([{ field: 'tz', message: ANALYTICS_MESSAGES.unknownTimeZone }]);
    const future = await ctx.as(admin, { method: 'GET', url: '/api/admin/analytics/applications?range=custom&from=2099-01-01&to=2099-01-02' });
    expect(future.statusCode).toBe(422);
    expect(future.json().validation_errors).toEqual([{ field: 'from', message: ANALYTICS_MESSAGES.inFuture }]);
    const foreign = await createTestWorkflow(ctx.db, other.id, { status: 'active' });
    const hidden = await ctx.as(admin, { method: 'GET', url: `/api/admin/analytics/applications?workflow_id=${foreign.id}` });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('GET /api/admin/analytics/', () => {
  it('reports reviews against their SLA by role, tool health, failure reasons and the slowest steps', async () => {
    const body = await get(admin, `/api/admin/analytics/?${PERIOD}`);
    expect(body.review).toMatchObject({ open: 1, overdue: 1, decided: 3, breached: 1, breach_rate: 0.3333, previous_decided: 2, previous_breached: 0 });
    // Reviews took 2 h, 4 h and 30 h.
    near(body.review.wait_p50_ms, 4 * HOUR);
    near(body.review.wait_p90_ms, 30 * HOUR);
    expect(body.review.by_role).toEqual([expect.objectContaining({ assignee_role: 'operator', open: 1, overdue: 1, decided: 3, breached: 1 })]);

    expect(body.tools).toMatchObject({ calls: 5, errors: 3, error_rate: 0.6 });
    expect(body.tools.tools).toEqual([
      expect.objectContaining({
        tool_id: toolId,
        name: 'crm_lookup',
        calls: 5,
        errors: 3,
        error_rate: 0.6,
        workflow_calls: 4,
        failed_cases: 3,
        previous_calls: 0,
      }),
    ]);
    near(body.tools.tools[0].p50_ms, 200);

    expect(body.failure_reasons.map((r: { reason: string; count: number; step_name: string }) => [r.reason, r.count, r.step_name])).toEqual([
      ['Timed out after <n> ms', 2, 'lookup'],
      ['Upstream answered 503', 1, 'lookup'],
    ]);
    // The details form: 10, 30, 60 and 120 minutes; its slowest visitor took 2 hours.
    const details = body.slowest_steps.find((s: { step_id: string }) => s.step_id === onboarding.steps.details);
    near(details.p50_ms, 30 * MIN);
    near(details.p90_ms, 120 * MIN);
    expect(body.slowest_steps[0].step_id).toBe(onboarding.steps.review);
  });

  it('narrows tool health to the calls of one workflow’s cases', async () => {
    const body = await get(admin, `/api/admin/analytics/?${PERIOD}&workflow_id=${lookup.id}`);
    expect(body.tools).toMatchObject({ calls: 4, errors: 3 });
    expect(body.tools.tools[0]).toMatchObject({ workflow_calls: 4, failed_cases: 3 });
    const none = await get(admin, `/api/admin/analytics/?${PERIOD}&workflow_id=${onboarding.id}`);
    expect(none.tools).toMatchObject({ calls: 0, tools: [] });
    expect(none.failure_reasons).toEqual([]);
  });

  it('leaves tools out for a role that may not read them', async () => {
    const body = await get(viewer, `/api/admin/analytics/?${PERIOD}`);
    expect(body.tools).toBeNull();
    expect(body.totals.started).toBe(10);
  });
});

describe('GET /api/admin/workflows/{id}/analytics', () => {
  it('draws the funnel over the steps: reach, completions, drop-off, time in step, open now', async () => {
    const body = await get(admin, `/api/admin/workflows/${onboarding.id}/analytics?${PERIOD}`);
    const steps = Object.fromEntries(body.steps.map((s: { name: string }) => [s.name, s]));
    expect(body.steps.map((s: { name: string; depth: number }) => [s.name, s.depth])).toEqual([
      ['start', 0],
      ['details', 1],
      ['review', 2],
      ['ok', 3],
      ['no', 3],
    ]);
    expect(steps.start).toMatchObject({ entered: 6, completed: 6, dropped: 0 });
    expect(steps.details).toMatchObject({
      entered: 6,
      completed: 4,
      failed: 0,
      cancelled: 1,
      dropped: 2,
      drop_off_rate: 0.3333,
      open_now: 1,
      previous_entered: 2,
    });
    near(steps.details.time_p50_ms, 30 * MIN);
    near(steps.details.time_p90_ms, 120 * MIN);
    expect(steps.details.time_mean_ms).toBe(55 * MIN);
    expect(steps.review).toMatchObject({ entered: 4, completed: 3, dropped: 1, drop_off_rate: 0.25, open_now: 1 });
    expect(steps.ok).toMatchObject({ entered: 2, completed: 2 });
    expect(steps.no).toMatchObject({ entered: 1, completed: 1 });
    expect(body.slowest_step_ids.slice(0, 2)).toEqual([onboarding.steps.review, onboarding.steps.details]);
    expect(body.review).toEqual([
      expect.objectContaining({
        step_id: onboarding.steps.review,
        step_name: 'review',
        assignee_role: 'operator',
        decided: 3,
        breached: 1,
        open: 1,
        overdue: 1,
      }),
    ]);
    expect(body.totals).toMatchObject({ started: 6, completed: 3, cancelled: 1 });
  });

  it('shows another organization’s workflow to nobody but a super admin, with that organization’s figures', async () => {
    const res = await ctx.as(admin, { method: 'GET', url: `/api/admin/workflows/${(await createTestWorkflow(ctx.db, other.id)).id}/analytics` });
    expect(res.statusCode).toBe(404);
    const body = await get(superAdmin, `/api/admin/workflows/${onboarding.id}/analytics?${PERIOD}`, { 'x-organization-id': other.id });
    expect(body.totals.started).toBe(6);
  });
});

describe('GET /api/admin/workflows/analytics', () => {
  it('lists every workflow with its figures, busiest first', async () => {
    const body = await get(admin, `/api/admin/workflows/analytics?${PERIOD}`);
    expect(body.workflows.by_status.active).toBeGreaterThanOrEqual(2);
    expect(body.per_workflow.slice(0, 2).map((w: { name: string; started: number }) => [w.name, w.started])).toEqual([
      ['Onboarding', 6],
      ['Lookup', 4],
    ]);
    expect(body.totals.started).toBe(10);
    expect(body.previous.started).toBe(2);
  });
});

describe('GET /api/admin/workflows/insights', () => {
  it('finds the failing tool, the failure rate, the missed SLA and the drop-off, with their evidence and links', async () => {
    const body = await get(admin, `/api/admin/workflows/insights?${PERIOD}`);
    const kinds = body.insights.map((i: { kind: string }) => i.kind);
    const of = (kind: string) => body.insights.find((i: { kind: string }) => i.kind === kind);
    expect(of('failing_tool')).toMatchObject({
      severity: 'critical',
      tool_id: toolId,
      title: 'Errors of “crm_lookup” failed 3 cases',
      link: { path: `/tools/analytics?tool=${toolId}` },
    });
    expect(of('failing_tool').evidence).toContainEqual({ label: 'Error rate', value: '60 %' });
    expect(of('failure_rate')).toMatchObject({
      severity: 'critical',
      workflow_id: lookup.id,
      link: { path: `/applications?workflow=${lookup.id}&status=failed` },
    });
    expect(of('sla_breaches')).toMatchObject({
      severity: 'warning',
      step_id: onboarding.steps.review,
      link: { path: `/applications?workflow=${onboarding.id}&overdue=1` },
    });
    expect(of('sla_breaches').evidence).toEqual([
      { label: 'Decided late', value: '1' },
      { label: 'Decided', value: '3' },
      { label: 'Breach rate', value: '33.3 %' },
      { label: 'Overdue now', value: '1' },
    ]);
    expect(of('drop_off')).toMatchObject({
      step_id: onboarding.steps.details,
      value: 2,
      link: { path: `/workflows/analytics?workflow=${onboarding.id}&range=custom&from=2026-01-05&to=2026-01-11` },
    });
    // The open cases, by the step they wait at: A5's review (a day and more: staff can act) and A4's form.
    const waits = body.insights.filter((i: { kind: string }) => i.kind === 'longest_wait');
    const waitAt = (step: string) => waits.find((i: { step_id: string }) => i.step_id === step);
    expect(waits).toHaveLength(2);
    expect(waitAt(onboarding.steps.review!)).toMatchObject({
      severity: 'warning',
      workflow_id: onboarding.id,
      link: { path: `/applications?workflow=${onboarding.id}&step=${onboarding.steps.review}` },
    });
    expect(waitAt(onboarding.steps.review!).title).toMatch(/^1 case waiting at “.+” in “Onboarding”$/);
    expect(waitAt(onboarding.steps.details!)).toMatchObject({ severity: 'info', workflow_id: onboarding.id });
    // Ranked: critical before warning before info, then by the cases they touch.
    const scores = body.insights.map((i: { score: number }) => i.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(kinds.indexOf('failing_tool')).toBeLessThan(kinds.indexOf('sla_breaches'));
  });

  it('tells of an active workflow with no traffic by when it was activated, whatever was edited since', async () => {
    const quiet = await ctx.createOrg('Quiet Co');
    const quietAdmin = await ctx.createUser('admin', quiet.id);
    const idle = await createTestWorkflow(ctx.db, quiet.id, { name: 'Idle intake', status: 'active' });
    const fresh = await createTestWorkflow(ctx.db, quiet.id, { name: 'Fresh intake', status: 'draft' });
    // Idle was switched on long before the period and renamed during it; Fresh is switched on during the period.
    await ctx.db.query(`update workflows set activated_at = '2025-11-01T00:00:00Z' where id = $1`, [idle.id]);
    await ctx.db.query(`update workflows set name = 'Idle intake (renamed)', updated_at = '2026-01-08T00:00:00Z' where id = $1`, [idle.id]);
    await ctx.db.query(`update workflows set status = 'active' where id = $1`, [fresh.id]);
    await ctx.db.query(`update workflows set activated_at = '2026-01-07T00:00:00Z' where id = $1`, [fresh.id]);
    const body = await get(quietAdmin, `/api/admin/workflows/insights?${PERIOD}`);
    const idleOnes = body.insights.filter((i: { kind: string }) => i.kind === 'no_traffic').map((i: { workflow_id: string }) => i.workflow_id);
    expect(idleOnes).toEqual([idle.id]);
  });

  it('keeps when a workflow last became active: on creation active, on a switch to active, not on other edits', async () => {
    const activatedAt = async (id: string) =>
      (await ctx.db.query<{ activated_at: Date | null }>('select activated_at from workflows where id = $1', [id])).rows[0]!.activated_at;
    const draft = await createTestWorkflow(ctx.db, org.id, { name: 'Switched on later', status: 'draft' });
    expect(await activatedAt(draft.id)).toBeNull();
    await ctx.db.query(`update workflows set status = 'active' where id = $1`, [draft.id]);
    const switched = await activatedAt(draft.id);
    expect(switched).toBeInstanceOf(Date);
    await ctx.db.query(`update workflows set activated_at = '2025-06-01T00:00:00Z' where id = $1`, [draft.id]);
    await ctx.db.query(`update workflows set name = 'Renamed', status = 'active' where id = $1`, [draft.id]);
    expect((await activatedAt(draft.id))!.toISOString()).toBe('2025-06-01T00:00:00.000Z');
    expect(await activatedAt(onboarding.id)).toBeInstanceOf(Date);
    await ctx.db.query(`delete from workflows where id = $1`, [draft.id]);
  });

  it('never tells of another organization', async () => {
    const body = await get(superAdmin, `/api/admin/workflows/insights?${PERIOD}`, { 'x-organization-id': other.id });
    expect(body.insights.every((i: { workflow_id: string | null }) => i.workflow_id !== onboarding.id && i.workflow_id !== lookup.id)).toBe(true);
  });
});

describe('GET /api/admin/analytics/dashboard', () => {
  it('puts together the figures, the queue, the funnels, tool health, activity and insights for the period', async () => {
    const body = await get(admin, `/api/admin/analytics/dashboard?${PERIOD}`);
    expect(body.totals).toMatchObject({ started: 10, failed: 3 });
    expect(body.review).toMatchObject({ open: 1, overdue: 1, mine: 1 });
    expect(body.review.urgent_cases).toEqual([
      expect.objectContaining({ applicant_name: 'A5', workflow_name: 'Onboarding', assignee_role: 'operator', overdue: true }),
    ]);
    expect(body.funnels.map((f: { name: string }) => f.name)).toEqual(['Onboarding', 'Lookup']);
    expect(body.funnels[0].steps.map((s: { name: string; entered: number; completed: number }) => [s.name, s.entered, s.completed])).toEqual([
      ['start', 6, 6],
      ['details', 6, 4],
      ['review', 4, 3],
      ['ok', 2, 2],
      ['no', 1, 1],
    ]);
    expect(body.tools.tools[0]).toMatchObject({ name: 'crm_lookup', failed_cases: 3 });
    expect(body.activity).toHaveLength(10);
    expect(body.activity[0]).toMatchObject({ type: 'application_cancelled', applicant_name: 'A6', summary: 'A6’s application was cancelled in Onboarding' });
    expect(body.insights.length).toBeGreaterThan(0);
    expect(body.attention).toEqual({ tools_pending_approval: 0, pending_sign_ups: 0, locked_users: 0, invalid_active_workflows: 0 });
  });

  it('shows a viewer the figures without tools or administration, and an operator the reviews they may decide', async () => {
    const seen = await get(viewer, `/api/admin/analytics/dashboard?${PERIOD}`);
    expect(seen.totals.started).toBe(10);
    expect(seen.tools).toBeNull();
    expect(seen.attention).toBeNull();
    expect(seen.review.mine).toBe(0);
    const op = await get(operator, `/api/admin/analytics/dashboard?${PERIOD}`);
    expect(op.review.mine).toBe(1);
    expect(op.tools).toBeNull();
  });

  it('keeps organizations apart; a super admin sees all of them or the one chosen', async () => {
    const all = await get(superAdmin, `/api/admin/analytics/dashboard?${PERIOD}`);
    expect(all.organization_id).toBeNull();
    expect(all.totals.started).toBe(11);
    const chosen = await get(superAdmin, `/api/admin/analytics/dashboard?${PERIOD}`, { 'x-organization-id': other.id });
    expect(chosen.totals.started).toBe(1);
    expect(chosen.activity.every((a: { applicant_name: string }) => a.applicant_name === 'X1')).toBe(true);
    const own = await get(admin, `/api/admin/analytics/dashboard?${PERIOD}`);
    expect(own.activity.some((a: { applicant_name: string }) => a.applicant_name === 'X1')).toBe(false);
  });

  it('covers the last 7 days by default', async () => {
    const body = await get(admin, '/api/admin/analytics/dashboard');
    expect(body.period).toMatchObject({ range: '7d', bucket: 'day', days: 7, tz: 'UTC' });
    expect(body.over_time).toHaveLength(7);
  });
});

describe('periods that run to now', () => {
  it('count today from the day’s rollup as it stands, and lay out the last days by UTC day', async () => {
    const org = await ctx.createOrg('Today Co');
    const admin = await ctx.createUser('admin', org.id);
    const workflow = await createTestWorkflow(ctx.db, org.id, { name: 'Today', status: 'active' });
    const now = Date.now();
    const midnight = Math.floor(now / 86_400_000) * 86_400_000;
    const recent = new Date(now - 20 * MIN);
    const yesterday = new Date(now - 25 * HOUR);
    const path = [
      { step: 'details', minutes: 1 },
      { step: 'review', minutes: 5, branch: 'approved', review: { role: 'operator', slaHours: 24, decision: 'approved' as const } },
      { step: 'ok', minutes: 0 },
    ];
    await writeHistory(ctx.db, [
      { workflow, applicant: 'Recent', at: recent, visits: path, end: { kind: 'completed', outcome: 'approved' } },
      { workflow, applicant: 'Yesterday', at: yesterday, visits: path, end: { kind: 'completed', outcome: 'approved' } },
    ]);
    await foldRollups(ctx.db);

    const today = await get(admin, '/api/admin/analytics/applications?range=today&tz=UTC');
    const startedToday = recent.getTime() >= midnight ? 1 : 0;
    expect(today.totals).toMatchObject({ started: startedToday });
    const week = await get(admin, '/api/admin/analytics/applications?range=7d&tz=UTC');
    expect(week.totals).toMatchObject({ started: 2, completed: 2, approved: 2 });
    const byDay = week.over_time.map((p: { started: number }) => p.started);
    expect(byDay).toHaveLength(7);
    expect(byDay.reduce((a: number, b: number) => a + b, 0)).toBe(2);
    expect(byDay.at(-1)).toBe(startedToday);
    // The same week in a zone whose days are not UTC days reads the hourly rows: the same totals.
    const berlin = await get(admin, '/api/admin/analytics/applications?range=7d&tz=Europe/Berlin');
    expect(berlin.over_time.reduce((a: number, p: { started: number }) => a + p.started, 0)).toBe(2);
  });
});

describe('stepFigures', () => {
  it('reads the time histogram only of the steps whose mean could make a slow p90', async () => {
    const span = {
      scope: org.id,
      from: at('2026-01-05T00:00:00'),
      to: at('2026-01-12T00:00:00'),
      previousFrom: at('2025-12-29T00:00:00'),
      previousTo: at('2026-01-05T00:00:00'),
    };
    const rows = await stepFigures(ctx.db, span, { histMinMeanMs: HOUR });
    const of = (id: string) => rows.find((r) => r.step_id === id)!;
    // The details form took 30, 60, 120 and 10 minutes (mean 55 min); the review 2, 30 and 4 hours.
    expect(of(onboarding.steps.details!)).toMatchObject({ completed: 4, duration_ms_sum: 220 * MIN, hist: [] });
    expect(of(onboarding.steps.review!).hist.reduce((a, b) => a + b, 0)).toBe(3);
  });
});

describe('open cases', () => {
  it('come from the snapshot taken after the last fold, or are counted live when it is old', async () => {
    const org = await ctx.createOrg('Open Co');
    const workflow = await createTestWorkflow(ctx.db, org.id, { name: 'Open', status: 'active' });
    await writeHistory(ctx.db, [
      { workflow, applicant: 'O1', at: new Date(Date.now() - 3 * HOUR), visits: [{ step: 'details', minutes: 0 }], end: { kind: 'open' } },
    ]);
    await foldRollups(ctx.db);
    const first = await openCases(ctx.db, org.id);
    expect(first).toMatchObject([{ workflow_id: workflow.id, current_step_id: workflow.steps.details, status: 'waiting', waiting_for: 'form', n: 1 }]);
    expect(first[0]!.max_wait_seconds).toBeGreaterThan(3 * 3600 - 60);

    // A second case, not yet counted: the snapshot still says one, until it is old (then live) or taken again.
    await writeHistory(ctx.db, [
      { workflow, applicant: 'O2', at: new Date(Date.now() - HOUR), visits: [{ step: 'details', minutes: 0 }], end: { kind: 'open' } },
    ]);
    expect((await openCases(ctx.db, org.id))[0]!.n).toBe(1);
    await ctx.db.query(`update open_case_snapshot set taken_at = now() - interval '2 minutes'`);
    const live = await openCases(ctx.db, org.id);
    expect(live[0]).toMatchObject({ n: 2 });
    await refreshOpenCaseCounts(ctx.db);
    const again = await openCases(ctx.db, org.id);
    expect(again[0]).toMatchObject({ n: 2 });
    // The same waits either way (within the second between the reads).
    expect(Math.abs(again[0]!.wait_seconds_sum - live[0]!.wait_seconds_sum)).toBeLessThan(5);
    expect(Math.abs(again[0]!.wait_seconds_sum - 4 * 3600)).toBeLessThan(120);
  });
});
