/**
 * GET /admin/workflows/{id}/analytics and GET /admin/workflows/analytics: one workflow's funnel over its steps (reach,
 * drop-off, time in step, what is open there now), and every workflow's figures for a period.
 */
import type { AnalyticsQuery, StepFigures, WorkflowAnalytics, WorkflowsAnalytics } from '@admin-portal/contract/analytics/api';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { workflowsByStatus } from '../workflows/workflow-analytics.queries.ts';
import { loadGraph } from '../workflows/workflow-graph.queries.ts';
import { getVisibleWorkflow } from '../workflows/workflows.service.ts';
import {
  failureReasons,
  flowSeries,
  flowTotals,
  openCases,
  openReviews,
  reviewFigures,
  rollupsAsOf,
  stepFigures,
  stepNames,
  waitingFormAnswers,
} from './analytics.queries.ts';
import { formStops } from './form-stops.ts';
import { narrowSeries, perWorkflowFigures, scopedPeriod } from './analytics.service.ts';
import { applicationTotals, openCaseCounts, percentileMs, rate, reviewByRole, stepsInOrder, withoutHist } from './figures.ts';
import { presentPeriod } from './period.ts';
import { NO_STEP } from './rollup-tables.ts';

const SLOWEST = 3;
const FAILURE_REASONS = 10;

export async function workflowAnalytics(db: Db, auth: AuthContext, id: string, q: AnalyticsQuery): Promise<WorkflowAnalytics> {
  const workflow = await getVisibleWorkflow(db, auth, id);
  const { period, span: scopeSpan } = await scopedPeriod(db, auth, { ...q, workflow_id: undefined });
  // The workflow's own organization, whichever one a super admin has chosen.
  const span = { ...scopeSpan, scope: workflow.organization_id, workflowId: id };
  const [graph, totals, series, steps, open, reviews, openTasks, reasons, at, waitingForms] = await Promise.all([
    loadGraph(db, id),
    flowTotals(db, span),
    flowSeries(db, span, period.bucket, period.tz),
    stepFigures(db, span),
    openCases(db, workflow.organization_id, id),
    reviewFigures(db, span),
    openReviews(db, workflow.organization_id, id),
    failureReasons(db, span, FAILURE_REASONS),
    rollupsAsOf(db),
    waitingFormAnswers(db, workflow.organization_id, id),
  ]);

  const figuresOf = new Map(steps.map((s) => [s.step_id, s]));
  const openAt = new Map<string, number>();
  for (const o of open) if (o.current_step_id) openAt.set(o.current_step_id, (openAt.get(o.current_step_id) ?? 0) + o.n);
  const present = (stepId: string, name: string | null, type: string | null, depth: number | null): StepFigures & { p90: number | null } => {
    const f = figuresOf.get(stepId);
    const entered = f?.entered ?? 0;
    const completed = f?.completed ?? 0;
    const dropped = Math.max(0, entered - completed);
    const p90 = f ? percentileMs(f.hist, 0.9) : null;
    return {
      step_id: stepId,
      name,
      type: type ?? f?.step_type ?? null,
      in_current_version: depth !== null,
      depth,
      entered,
      completed,
      failed: f?.failed ?? 0,
      cancelled: f?.cancelled ?? 0,
      dropped,
      drop_off_rate: rate(dropped, entered),
      time_p50_ms: f ? percentileMs(f.hist, 0.5) : null,
      time_p90_ms: p90,
      time_mean_ms: f && completed > 0 ? Math.round(f.duration_ms_sum / completed) : null,
      open_now: openAt.get(stepId) ?? 0,
      previous_entered: f?.prev_entered ?? 0,
      previous_completed: f?.prev_completed ?? 0,
      p90,
    };
  };
  const current = stepsInOrder(graph).map((s) => present(s.id, s.name, s.type, s.depth));
  const known = new Set(current.map((s) => s.step_id));
  // Steps an older version had: cases that ran it still count.
  const formerIds = [...new Set([...figuresOf.keys(), ...openAt.keys()])].filter((stepId) => !known.has(stepId));
  const former = formerIds.map((stepId) => present(stepId, null, null, null));
  const all = [...current, ...former];
  const slowest = all
    .filter((s) => s.p90 !== null && s.type !== 'start' && s.type !== 'end')
    .sort((a, b) => b.p90! - a.p90!)
    .slice(0, SLOWEST)
    .map((s) => s.step_id);

  const stepName = new Map(current.map((s) => [s.step_id, s.name]));
  const reasonSteps = await stepNames(
    db,
    reasons.map((r) => r.step_id).filter((s) => s !== NO_STEP && !stepName.has(s)),
  );
  const reviewSteps = [...new Set([...reviews.map((r) => r.step_id), ...openTasks.map((o) => o.step_id)])];
  return {
    workflow_id: workflow.id,
    name: workflow.name,
    status: workflow.status,
    version: workflow.version,
    generated_at: new Date().toISOString(),
    period: presentPeriod(period, at),
    totals: applicationTotals(totals.current, totals.currentHist),
    previous: applicationTotals(totals.previous, totals.previousHist),
    over_time: narrowSeries(series),
    open_now: openCaseCounts(open),
    steps: all.map(({ p90: _p90, ...s }) => s),
    slowest_step_ids: slowest,
    review: reviewSteps.flatMap((stepId) =>
      reviewByRole(
        reviews.filter((r) => r.step_id === stepId),
        openTasks.filter((o) => o.step_id === stepId),
      ).map((r) => ({ ...withoutHist(r), step_id: stepId, step_name: stepName.get(stepId) ?? null })),
    ),
    failure_reasons: reasons.map((r) => ({
      reason: r.reason,
      count: r.count,
      workflow_id: r.workflow_id,
      workflow_name: workflow.name,
      step_id: r.step_id === NO_STEP ? null : r.step_id,
      step_name: stepName.get(r.step_id) ?? reasonSteps.get(r.step_id)?.name ?? null,
      step_type: r.step_type || null,
    })),
    form_stops: formStops(stepsInOrder(graph), waitingForms),
  };
}

export async function workflowsAnalytics(db: Db, auth: AuthContext, q: AnalyticsQuery): Promise<WorkflowsAnalytics> {
  const scoped = await scopedPeriod(db, auth, q);
  const [statuses, totals, perWorkflow, at] = await Promise.all([
    workflowsByStatus(db, scoped.scope),
    flowTotals(db, scoped.span),
    perWorkflowFigures(db, scoped, { all: true, status: q.status }),
    rollupsAsOf(db),
  ]);
  const byStatus = Object.fromEntries(statuses.map((r) => [r.status, r.n]));
  return {
    organization_id: scoped.scope,
    generated_at: new Date().toISOString(),
    period: presentPeriod(scoped.period, at),
    workflows: {
      total: statuses.reduce((s, r) => s + r.n, 0),
      by_status: { draft: byStatus.draft ?? 0, active: byStatus.active ?? 0, archived: byStatus.archived ?? 0 },
    },
    totals: applicationTotals(totals.current, totals.currentHist),
    previous: applicationTotals(totals.previous, totals.previousHist),
    per_workflow: perWorkflow,
  };
}
