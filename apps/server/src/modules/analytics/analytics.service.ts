/**
 * GET /admin/analytics/applications, /admin/analytics/ and /admin/analytics/dashboard: figures for a period and the
 * one before it, read from the hourly rollups, with the live state (open cases and reviews) beside them. Each
 * caller sees their organization (a super admin the chosen one, or all); what a caller may not read (tools, user
 * administration) is left out by the server.
 */
import {
  APPLICATION_FLOWS,
  type Activity,
  type AnalyticsOverview,
  type AnalyticsQuery,
  type ApplicationFlow,
  type ApplicationsAnalytics,
  type Dashboard,
  type FailureReason,
} from '@admin-portal/contract/analytics/api';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { listScope } from '../../http/organization-scope.ts';
import { getVisibleWorkflow } from '../workflows/workflows.service.ts';
import { loadGraphs } from '../workflows/workflow-graph.queries.ts';
import { mayDecide, reviewQueueCounts } from '../applications/review-tasks.service.ts';
import {
  countLockedAndPendingUsers,
  countToolsPendingApproval,
  failureReasons,
  flowSeries,
  flowsPerWorkflow,
  flowTotals,
  openCases,
  escalatedReviews,
  openReviews,
  recentActivity,
  reviewFigures,
  rollupsAsOf,
  stepFigures,
  stepNames,
  urgentReviews,
  workflowNames,
  workflowsInScope,
  type ActivityRow,
  type OpenCaseRow,
  type PerWorkflowRow,
  type SeriesRow,
  type Span,
} from './analytics.queries.ts';
import { applicationTotals, openCaseCounts, percentileMs, rate, reviewByRole, stepsInOrder, sumHistograms, withoutHist, ZERO_FLOW } from './figures.ts';
import { HISTOGRAM_BASE } from './duration-histogram.ts';
import { computeInsights } from './insights.service.ts';
import { presentPeriod, resolvePeriod, type Scoped } from './period.ts';
import { NO_STEP } from './rollup-tables.ts';
import { toolHealth } from './tool-health.service.ts';

const HOUR_MS = 3_600_000;
const FAILURE_REASONS = 10;
const SLOWEST_STEPS = 5;
const FUNNELS = 3;
const DASHBOARD_TOOLS = 5;
const ACTIVITY = 10;
const URGENT_REVIEWS = 5;
const DASHBOARD_INSIGHTS = 5;
const WORKFLOW_LIMIT = 200;

const periodParams = (q: AnalyticsQuery): URLSearchParams => {
  const params = new URLSearchParams({ range: q.range });
  if (q.range === 'custom' && q.from && q.to) {
    params.set('from', q.from);
    params.set('to', q.to);
  }
  if (q.bucket) params.set('bucket', q.bucket);
  return params;
};

/** The caller's scope and period; a named workflow must be one the caller may see. */
export async function scopedPeriod(db: Db, auth: AuthContext, q: AnalyticsQuery, now = new Date()): Promise<Scoped> {
  const scope = listScope(auth);
  if (q.workflow_id) await getVisibleWorkflow(db, auth, q.workflow_id);
  const period = resolvePeriod(q, now);
  return {
    scope,
    period,
    span: { scope, workflowId: q.workflow_id ?? null, from: period.from, to: period.to, previousFrom: period.previousFrom, previousTo: period.previousTo },
    periodParams: periodParams(q),
  };
}

/** Only the chosen flow keeps its counts (the others read 0) when a status filter is set. */
export const narrowSeries = (rows: SeriesRow[], status?: ApplicationFlow) =>
  rows.map((r) => {
    const point = {
      at: r.at.toISOString(),
      started: r.started,
      completed: r.completed,
      approved: r.approved,
      rejected: r.rejected,
      failed: r.failed,
      cancelled: r.cancelled,
    };
    if (status) for (const f of APPLICATION_FLOWS) if (f !== status) point[f] = 0;
    return point;
  });

/** Bands of time to decision, counted from the histogram (a bucket belongs to the band of its middle). */
const DECISION_BANDS: { label: string; up_to_ms: number | null }[] = [
  { label: 'Under 1 hour', up_to_ms: HOUR_MS },
  { label: '1–4 hours', up_to_ms: 4 * HOUR_MS },
  { label: '4–24 hours', up_to_ms: 24 * HOUR_MS },
  { label: '1–3 days', up_to_ms: 72 * HOUR_MS },
  { label: '3–7 days', up_to_ms: 168 * HOUR_MS },
  { label: 'Over 7 days', up_to_ms: null },
];

export function decisionBands(hist: readonly number[]) {
  const counts = DECISION_BANDS.map((b) => ({ ...b, count: 0 }));
  hist.forEach((n, i) => {
    if (!n) return;
    const middle = i === 0 ? 0.5 : HISTOGRAM_BASE ** (i - 0.5);
    const band = counts.find((b) => b.up_to_ms === null || middle < b.up_to_ms)!;
    band.count += n;
  });
  return counts;
}

/** Figures per workflow for the period, with the open cases now; workflows with nothing in either period are left out unless `all`. */
export async function perWorkflowFigures(
  db: Db,
  scoped: Scoped,
  options: { all?: boolean; status?: ApplicationFlow | undefined; open?: Promise<OpenCaseRow[]> } = {},
) {
  const [flows, open, workflows] = await Promise.all([
    flowsPerWorkflow(db, scoped.span),
    options.open ?? openCases(db, scoped.scope, scoped.span.workflowId),
    options.all ? workflowsInScope(db, scoped.scope, WORKFLOW_LIMIT) : Promise.resolve([]),
  ]);
  const openBy = new Map<string, number>();
  for (const o of open) openBy.set(o.workflow_id, (openBy.get(o.workflow_id) ?? 0) + o.n);
  const flowBy = new Map<string, PerWorkflowRow>(flows.map((f) => [f.workflow_id, f]));
  const ids = new Set([...flowBy.keys(), ...openBy.keys(), ...workflows.map((w) => w.id)]);
  if (scoped.span.workflowId) for (const id of ids) if (id !== scoped.span.workflowId) ids.delete(id);
  const names = await workflowNames(db, [...ids]);
  const rows = [...ids]
    .filter((id) => names.has(id))
    .map((id) => {
      const f = flowBy.get(id) ?? { ...ZERO_FLOW, workflow_id: id, prev_started: 0, prev_completed: 0, hist: [] };
      const w = names.get(id)!;
      const flow = { started: f.started, completed: f.completed, approved: f.approved, rejected: f.rejected, failed: f.failed, cancelled: f.cancelled };
      return {
        workflow_id: id,
        name: w.name,
        status: w.status,
        ...applicationTotals(flow, f.hist),
        open_now: openBy.get(id) ?? 0,
        conversion: rate(f.completed, f.started),
        previous_started: f.prev_started,
        previous_completed: f.prev_completed,
      };
    });
  const status = options.status;
  const shown = status ? rows.filter((r) => r[status] > 0) : rows;
  return shown.sort((a, b) => (status ? b[status] - a[status] : 0) || b.started - a.started || b.open_now - a.open_now || a.name.localeCompare(b.name));
}

export async function applicationsAnalytics(db: Db, auth: AuthContext, q: AnalyticsQuery): Promise<ApplicationsAnalytics> {
  const scoped = await scopedPeriod(db, auth, q);
  const { span, period } = scoped;
  // The open cases are counted once, for the totals and per workflow.
  const openNow = openCases(db, scoped.scope, span.workflowId);
  const [totals, series, perWorkflow, open, at] = await Promise.all([
    flowTotals(db, span),
    flowSeries(db, span, period.bucket, period.tz),
    perWorkflowFigures(db, scoped, { status: q.status, open: openNow }),
    openNow,
    rollupsAsOf(db),
  ]);
  return {
    organization_id: scoped.scope,
    generated_at: new Date().toISOString(),
    period: presentPeriod(period, at),
    filters: { workflow_id: q.workflow_id ?? null, status: q.status ?? null },
    totals: applicationTotals(totals.current, totals.currentHist),
    previous: applicationTotals(totals.previous, totals.previousHist),
    over_time: narrowSeries(series, q.status),
    decision_time: decisionBands(totals.currentHist),
    per_workflow: perWorkflow,
    open_now: openCaseCounts(open),
  };
}

/** Review figures for the period beside what is open now. */
async function reviewSummary(db: Db, scoped: Scoped) {
  const [decided, open, escalated] = await Promise.all([
    reviewFigures(db, scoped.span),
    openReviews(db, scoped.scope, scoped.span.workflowId),
    escalatedReviews(db, scoped.span),
  ]);
  const byRole = reviewByRole(decided, open);
  const hist = sumHistograms(byRole.map((r) => r.hist));
  const sum = <K extends 'decided' | 'breached' | 'prev_decided' | 'prev_breached'>(k: K) => decided.reduce((s, d) => s + d[k], 0);
  const oldest =
    byRole
      .map((r) => r.oldest_created_at)
      .filter((v): v is string => v !== null)
      .sort()[0] ?? null;
  return {
    summary: {
      open: open.reduce((s, o) => s + o.open, 0),
      overdue: open.reduce((s, o) => s + o.overdue, 0),
      oldest_created_at: oldest,
      decided: sum('decided'),
      breached: sum('breached'),
      breach_rate: rate(sum('breached'), sum('decided')),
      previous_decided: sum('prev_decided'),
      previous_breached: sum('prev_breached'),
      escalated: escalated.current,
      previous_escalated: escalated.previous,
      wait_p50_ms: percentileMs(hist, 0.5),
      wait_p90_ms: percentileMs(hist, 0.9),
      by_role: byRole.map(withoutHist),
    },
    open,
  };
}

async function presentFailureReasons(db: Db, span: Span, limit: number): Promise<FailureReason[]> {
  const rows = await failureReasons(db, span, limit);
  const [workflows, steps] = await Promise.all([
    workflowNames(
      db,
      rows.map((r) => r.workflow_id),
    ),
    stepNames(
      db,
      rows.map((r) => r.step_id).filter((id) => id !== NO_STEP),
    ),
  ]);
  return rows.map((r) => ({
    reason: r.reason,
    count: r.count,
    workflow_id: r.workflow_id,
    workflow_name: workflows.get(r.workflow_id)?.name ?? null,
    step_id: r.step_id === NO_STEP ? null : r.step_id,
    step_name: steps.get(r.step_id)?.name ?? null,
    step_type: r.step_type || null,
  }));
}

export async function analyticsOverview(db: Db, auth: AuthContext, q: AnalyticsQuery): Promise<AnalyticsOverview> {
  const scoped = await scopedPeriod(db, auth, q);
  const { span, period } = scoped;
  const [totals, open, review, tools, reasons, steps, at] = await Promise.all([
    flowTotals(db, span),
    openCases(db, scoped.scope, span.workflowId),
    reviewSummary(db, scoped),
    auth.permissions.has('tool:read') ? toolHealth(db, scoped, null) : Promise.resolve(null),
    presentFailureReasons(db, span, FAILURE_REASONS),
    stepFigures(db, span),
    rollupsAsOf(db),
  ]);
  const slowest = steps
    .filter((s) => s.completed > 0 && s.step_type !== 'start' && s.step_type !== 'end')
    .map((s) => ({ ...s, p50: percentileMs(s.hist, 0.5), p90: percentileMs(s.hist, 0.9) }))
    .sort((a, b) => (b.p90 ?? 0) - (a.p90 ?? 0))
    .slice(0, SLOWEST_STEPS);
  const [workflows, names] = await Promise.all([
    workflowNames(
      db,
      slowest.map((s) => s.workflow_id),
    ),
    stepNames(
      db,
      slowest.map((s) => s.step_id),
    ),
  ]);
  return {
    organization_id: scoped.scope,
    generated_at: new Date().toISOString(),
    period: presentPeriod(period, at),
    totals: applicationTotals(totals.current, totals.currentHist),
    previous: applicationTotals(totals.previous, totals.previousHist),
    open_now: openCaseCounts(open),
    review: review.summary,
    tools,
    failure_reasons: reasons,
    slowest_steps: slowest.map((s) => ({
      workflow_id: s.workflow_id,
      workflow_name: workflows.get(s.workflow_id)?.name ?? null,
      step_id: s.step_id,
      step_name: names.get(s.step_id)?.name ?? null,
      step_type: s.step_type,
      completed: s.completed,
      p50_ms: s.p50,
      p90_ms: s.p90,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The dashboard

const DECISION_WORDS: Record<string, string> = { approved: 'approved', rejected: 'rejected' };

/** One sentence per event, for people. */
export function activitySummary(e: ActivityRow): string {
  const who = e.applicant_name || 'An applicant';
  const where = e.workflow_name ? ` in ${e.workflow_name}` : '';
  const by = e.actor_name ? ` by ${e.actor_name}` : '';
  switch (e.type) {
    case 'application_created':
      return `${who} applied${where}`;
    case 'form_submitted':
      return `${who} sent ${e.step_name ? `the form “${e.step_name}”` : 'a form'}${where}`;
    case 'review_decided':
      return `${who} was ${DECISION_WORDS[String(e.payload.decision)] ?? 'reviewed'}${by} at ${e.step_name ? `“${e.step_name}”` : 'a review'}${where}${e.payload.overdue ? ' (after its deadline)' : ''}`;
    case 'application_completed': {
      const outcome = String(e.payload.outcome ?? 'completed');
      return outcome === 'approved' || outcome === 'rejected' ? `${who}’s application ended ${outcome}${where}` : `${who}’s application completed${where}`;
    }
    case 'application_failed':
      return `${who}’s application failed${e.step_name ? ` at “${e.step_name}”` : ''}${where}`;
    case 'application_cancelled':
      return `${who}’s application was cancelled${by}${where}`;
    case 'application_retried':
      return `${who}’s application was retried${by}${where}`;
    default:
      return `${who}: ${e.type.replace(/_/g, ' ')}${where}`;
  }
}

const presentActivity = (e: ActivityRow): Activity => ({
  id: e.seq,
  at: e.created_at.toISOString(),
  type: e.type,
  summary: activitySummary(e),
  application_id: e.application_id,
  applicant_name: e.applicant_name,
  workflow_id: e.workflow_id,
  workflow_name: e.workflow_name,
  step_name: e.step_name,
  actor: e.actor_name,
});

async function attention(db: Db, auth: AuthContext, scope: string | null, invalidActive: number) {
  const mayApprove = auth.role === 'admin' || auth.role === 'super_admin';
  const mayUnlock = auth.permissions.has('user:manage');
  const mayFix = auth.permissions.has('workflow:manage');
  if (!mayApprove && !mayUnlock && !mayFix) return null;
  const [toolsPending, users] = await Promise.all([
    mayApprove ? countToolsPendingApproval(db, scope) : null,
    mayUnlock ? countLockedAndPendingUsers(db, scope) : null,
  ]);
  return {
    tools_pending_approval: toolsPending,
    pending_sign_ups: users ? users.pending : null,
    locked_users: users ? users.locked : null,
    invalid_active_workflows: mayFix ? invalidActive : null,
  };
}

export async function dashboard(db: Db, auth: AuthContext, q: AnalyticsQuery): Promise<Dashboard> {
  const scoped = await scopedPeriod(db, auth, q);
  const { span, period, scope } = scoped;
  // The insights count the same per-workflow flows and open cases: read them once.
  const flows = flowsPerWorkflow(db, span, { withHist: false });
  const openNow = openCases(db, scope, span.workflowId);
  const [totals, series, perWorkflow, open, review, urgent, held, tools, activity, insights, at] = await Promise.all([
    flowTotals(db, span),
    flowSeries(db, span, period.bucket, period.tz),
    flows,
    openNow,
    reviewSummary(db, scoped),
    urgentReviews(db, scope, URGENT_REVIEWS),
    reviewQueueCounts(db, auth, scope ? { organization_id: scope } : {}),
    auth.permissions.has('tool:read') ? toolHealth(db, scoped, DASHBOARD_TOOLS) : Promise.resolve(null),
    recentActivity(db, scope, ACTIVITY),
    computeInsights(db, auth, scoped, { flows, open: openNow }),
    rollupsAsOf(db),
  ]);

  // Funnels of the busiest workflows in the period, over their current graphs.
  const busiest = perWorkflow
    .filter((w) => w.started > 0)
    .sort((a, b) => b.started - a.started)
    .slice(0, FUNNELS);
  const ids = busiest.map((w) => w.workflow_id);
  const [graphs, stepRows, names] = await Promise.all([
    loadGraphs(db, ids),
    ids.length ? stepFigures(db, { ...span, workflowIds: ids }, { withHist: false }) : Promise.resolve([]),
    workflowNames(db, ids),
  ]);
  const stepBy = new Map(stepRows.map((s) => [s.step_id, s]));
  const funnels = busiest
    .filter((w) => names.has(w.workflow_id))
    .map((w) => ({
      workflow_id: w.workflow_id,
      name: names.get(w.workflow_id)!.name,
      started: w.started,
      completed: w.completed,
      conversion: rate(w.completed, w.started),
      steps: stepsInOrder(graphs.get(w.workflow_id)!).map((s) => ({
        step_id: s.id,
        name: s.name,
        type: s.type,
        entered: stepBy.get(s.id)?.entered ?? 0,
        completed: stepBy.get(s.id)?.completed ?? 0,
      })),
    }));

  const mine = review.open.filter((o) => mayDecide(auth, o.assignee_role)).reduce((s, o) => s + o.open, 0);
  const invalidActive = insights.filter((i) => i.kind === 'validation_problems' && i.severity === 'critical').length;
  return {
    organization_id: scope,
    generated_at: new Date().toISOString(),
    period: presentPeriod(period, at),
    totals: applicationTotals(totals.current, totals.currentHist),
    previous: applicationTotals(totals.previous, totals.previousHist),
    over_time: narrowSeries(series, q.status),
    open_now: openCaseCounts(open),
    review: {
      ...review.summary,
      mine,
      claimed_by_me: held.mine,
      unclaimed_mine: held.unclaimed,
      urgent_cases: urgent.map((t) => ({ ...t, due_at: t.due_at.toISOString(), created_at: t.created_at.toISOString() })),
    },
    funnels,
    tools,
    activity: activity.map(presentActivity),
    insights: insights.slice(0, DASHBOARD_INSIGHTS),
    attention: await attention(db, auth, scope, invalidActive),
  };
}
