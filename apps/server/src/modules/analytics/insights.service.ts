/**
 * GET /admin/workflows/insights: concrete findings computed from the data of a period, each with the figures behind
 * it and where to act on it, ranked by severity and by how many cases it touches. Nothing is canned: a finding
 * appears only when the data shows it.
 */
import type { Insight, InsightKind, Insights } from '@admin-portal/contract/analytics/api';
import { roleLabel } from '@admin-portal/contract/roles';
import { activationProblems } from '@admin-portal/contract/workflows/graph';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import { approvedToolsByOrganization, staleDrafts, workflowsToCheck } from '../workflows/workflow-analytics.queries.ts';
import { loadGraphs } from '../workflows/workflow-graph.queries.ts';
import {
  flowsPerWorkflow,
  openCases,
  openReviews,
  reviewFigures,
  rollupsAsOf,
  stepFigures,
  stepNames,
  toolErrors,
  workflowNames,
  type OpenCaseRow,
  type PerWorkflowRow,
} from './analytics.queries.ts';
import { formatDuration, formatPercent, percentileMs, plural, rate } from './figures.ts';
import { presentPeriod, type ResolvedPeriod } from './period.ts';
import { toolHealthRows } from './tool-health.service.ts';
import type { Scoped } from './period.ts';

/** Findings need at least this many cases behind a rate. */
export const MIN_CASES = 5;
export const STALE_DRAFT_DAYS = 30;
/** Graphs of at most this many workflows (the most recently changed) are checked. */
const CHECKED_WORKFLOWS = 100;
const LIST_LIMIT = 20;
const WAIT_LIMIT = 5;
const MAX_INSIGHTS = 50;
/** Automated steps slower than this at p90 are worth a look. */
const SLOW_STEP_MS = 10_000;
const AUTOMATED = new Set(['tool', 'ai', 'notification', 'condition']);

const SEVERITY_SCORE: Record<Insight['severity'], number> = { critical: 3000, warning: 2000, info: 1000 };

interface Finding {
  kind: InsightKind;
  severity: Insight['severity'];
  title: string;
  message: string;
  evidence: [string, string][];
  link: { label: string; path: string };
  value: number;
  workflow?: { id: string; name: string };
  step?: { id: string; name: string | null };
  tool?: { id: string; name: string | null };
}

const insight = (f: Finding): Insight => ({
  kind: f.kind,
  severity: f.severity,
  score: SEVERITY_SCORE[f.severity] + Math.min(999, Math.max(0, f.value)),
  title: f.title,
  message: f.message,
  evidence: f.evidence.map(([label, value]) => ({ label, value })),
  link: f.link,
  workflow_id: f.workflow?.id ?? null,
  workflow_name: f.workflow?.name ?? null,
  step_id: f.step?.id ?? null,
  step_name: f.step?.name ?? null,
  tool_id: f.tool?.id ?? null,
  tool_name: f.tool?.name ?? null,
  value: f.value,
});

const DAY_MS = 86_400_000;
const count = (n: number) => n.toLocaleString('en-US');

/** "in the last 30 days", "today", "from 2026-01-01 to 2026-01-31". */
export function periodPhrase(p: ResolvedPeriod): string {
  if (p.range === 'today') return 'today';
  if (p.range !== 'custom') return `in the last ${p.days} days`;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return `from ${day(p.from)} to ${day(new Date(p.to.getTime() - DAY_MS))}`;
}

const monitorPath = (params: Record<string, string>) => `/applications?${new URLSearchParams(params).toString()}`;
const builderPath = (workflowId: string) => `/workflows/builder?id=${workflowId}`;

interface Wait {
  workflow_id: string;
  step_id: string;
  /** What the cases wait for there (form, approval, delay, retry; null while running). */
  waiting_for: string | null;
  waiting: number;
  max_wait_seconds: number;
  avg_wait_seconds: number;
}

/** Open cases grouped by the step they sit at, longest average wait (since their last change) first. */
export function longestWaits(open: readonly OpenCaseRow[], limit: number): Wait[] {
  const by = new Map<string, Wait & { sum: number }>();
  for (const o of open) {
    if (!o.current_step_id) continue;
    const key = `${o.workflow_id}|${o.current_step_id}`;
    let w = by.get(key);
    if (!w)
      by.set(
        key,
        (w = { workflow_id: o.workflow_id, step_id: o.current_step_id, waiting_for: null, waiting: 0, max_wait_seconds: 0, avg_wait_seconds: 0, sum: 0 }),
      );
    if (o.waiting_for && (!w.waiting_for || o.waiting_for < w.waiting_for)) w.waiting_for = o.waiting_for;
    w.waiting += o.n;
    w.sum += o.wait_seconds_sum;
    w.max_wait_seconds = Math.max(w.max_wait_seconds, o.max_wait_seconds);
  }
  return [...by.values()]
    .map(({ sum, ...w }) => ({ ...w, avg_wait_seconds: sum / w.waiting }))
    .sort((a, b) => b.avg_wait_seconds - a.avg_wait_seconds || b.waiting - a.waiting)
    .slice(0, limit);
}

/** Every finding for the caller's scope and period, best first. */
export async function computeInsights(
  db: Db,
  auth: AuthContext,
  scoped: Scoped,
  loaded: { flows?: Promise<PerWorkflowRow[]>; open?: Promise<OpenCaseRow[]> } = {},
): Promise<Insight[]> {
  const { span, period, scope } = scoped;
  const when = periodPhrase(period);
  const analyticsPath = (workflowId: string) =>
    `/workflows/analytics?${new URLSearchParams({ workflow: workflowId, ...Object.fromEntries(scoped.periodParams) })}`;
  const toolPath = (toolId: string) => `/tools/analytics?tool=${toolId}`;
  const [flows, steps, reviews, open, openAt, checked, stale, tools] = await Promise.all([
    loaded.flows ?? flowsPerWorkflow(db, span, { withHist: false }),
    // A step whose p90 reaches SLOW_STEP_MS has a mean of at least a tenth of it (less the histogram's 25 % buckets):
    // only those need their time histogram.
    stepFigures(db, span, { histFor: [...AUTOMATED], histMinMeanMs: SLOW_STEP_MS * 0.08 }),
    reviewFigures(db, span, { withHist: false }),
    openReviews(db, scope, span.workflowId),
    loaded.open ?? openCases(db, scope, span.workflowId),
    workflowsToCheck(db, scope, CHECKED_WORKFLOWS),
    staleDrafts(db, scope, STALE_DRAFT_DAYS, LIST_LIMIT),
    auth.permissions.has('tool:read') ? toolHealthRows(db, span) : Promise.resolve([]),
  ]);
  const inWorkflow = (id: string) => !span.workflowId || id === span.workflowId;
  const waits = longestWaits(openAt, WAIT_LIMIT);
  const workflowIds = [
    ...new Set([
      ...checked.map((w) => w.id),
      ...flows.map((f) => f.workflow_id),
      ...steps.map((s) => s.workflow_id),
      ...reviews.map((r) => r.workflow_id),
      ...waits.map((w) => w.workflow_id),
    ]),
  ];
  const [graphs, approved, names, stepInfo] = await Promise.all([
    loadGraphs(
      db,
      checked.map((w) => w.id),
    ),
    approvedToolsByOrganization(db, [...new Set(checked.map((w) => w.organization_id))]),
    workflowNames(db, workflowIds),
    stepNames(db, [...steps.map((s) => s.step_id), ...reviews.map((r) => r.step_id), ...open.map((o) => o.step_id), ...waits.map((w) => w.step_id)]),
  ]);
  const findings: Finding[] = [];
  const wf = (id: string) => ({ id, name: names.get(id)?.name ?? 'a deleted workflow' });
  const stepOf = (id: string) => ({ id, name: stepInfo.get(id)?.name ?? null });
  const stepTitle = (id: string) => (stepInfo.get(id)?.name ? `“${stepInfo.get(id)!.name}”` : 'a step no longer in the workflow');

  // Graphs that fail the activation checks (critical when the workflow is active: e.g. a tool was withdrawn since).
  for (const w of checked) {
    if (!inWorkflow(w.id)) continue;
    const problems = activationProblems(graphs.get(w.id)!, { toolNames: approved.get(w.organization_id) ?? new Set() });
    if (problems.length === 0) continue;
    const active = w.status === 'active';
    const shown = problems
      .slice(0, 3)
      .map((p) => p.message)
      .join('; ');
    findings.push({
      kind: 'validation_problems',
      severity: active ? 'critical' : 'info',
      title: active ? `Active workflow “${w.name}” no longer passes its activation checks` : `Draft “${w.name}” cannot be activated yet`,
      message: `${plural(problems.length, 'problem')}: ${shown}${problems.length > 3 ? `; and ${problems.length - 3} more` : ''}.`,
      evidence: [['Problems', count(problems.length)]],
      link: { label: 'Fix it in the builder', path: builderPath(w.id) },
      value: problems.length,
      workflow: { id: w.id, name: w.name },
    });
  }

  // The step of each active workflow where most cases that reached it did not go on.
  const openAtStep = new Map<string, number>();
  for (const o of openAt) if (o.current_step_id) openAtStep.set(o.current_step_id, (openAtStep.get(o.current_step_id) ?? 0) + o.n);
  const worstDrop = new Map<string, (typeof steps)[number]>();
  for (const s of steps) {
    if (s.step_type === 'start' || s.step_type === 'end' || s.entered < MIN_CASES) continue;
    const dropped = s.entered - s.completed;
    if (dropped / s.entered < 0.2) continue;
    const best = worstDrop.get(s.workflow_id);
    if (!best || dropped > best.entered - best.completed) worstDrop.set(s.workflow_id, s);
  }
  for (const s of worstDrop.values()) {
    const dropped = s.entered - s.completed;
    const dropRate = dropped / s.entered;
    const still = Math.max(0, dropped - s.failed - s.cancelled);
    findings.push({
      kind: 'drop_off',
      severity: dropRate >= 0.3 ? 'warning' : 'info',
      title: `Most cases that stop in “${wf(s.workflow_id).name}” stop at ${stepTitle(s.step_id)}`,
      message: `${count(dropped)} of ${count(s.entered)} cases that reached it ${when} did not go on (${formatPercent(rate(dropped, s.entered))}): ${count(s.failed)} failed, ${count(s.cancelled)} cancelled, ${count(still)} still there or left.`,
      evidence: [
        ['Reached', count(s.entered)],
        ['Did not go on', count(dropped)],
        ['Drop-off', formatPercent(rate(dropped, s.entered))],
        ['Open there now', count(openAtStep.get(s.step_id) ?? 0)],
      ],
      link: { label: 'See the funnel', path: analyticsPath(s.workflow_id) },
      value: dropped,
      workflow: wf(s.workflow_id),
      step: stepOf(s.step_id),
    });
  }

  // Approval steps whose reviews miss their SLA: decided late in the period, or overdue now.
  const sla = new Map<string, { workflow_id: string; step_id: string; roles: Set<string>; decided: number; breached: number; overdue: number }>();
  const slaOf = (workflowId: string, stepId: string) => {
    let row = sla.get(stepId);
    if (!row) sla.set(stepId, (row = { workflow_id: workflowId, step_id: stepId, roles: new Set(), decided: 0, breached: 0, overdue: 0 }));
    return row;
  };
  for (const r of reviews) {
    const row = slaOf(r.workflow_id, r.step_id);
    row.roles.add(r.assignee_role);
    row.decided += r.decided;
    row.breached += r.breached;
  }
  for (const o of open) {
    const row = slaOf(o.workflow_id, o.step_id);
    row.roles.add(o.assignee_role);
    row.overdue += o.overdue;
  }
  for (const r of sla.values()) {
    if (r.breached + r.overdue === 0) continue;
    const breachRate = rate(r.breached, r.decided);
    const critical = (breachRate !== null && breachRate >= 0.5 && r.decided >= MIN_CASES) || r.overdue >= 10;
    findings.push({
      kind: 'sla_breaches',
      severity: critical ? 'critical' : 'warning',
      title: `Reviews at ${stepTitle(r.step_id)} in “${wf(r.workflow_id).name}” miss their SLA`,
      message: `${count(r.breached)} of ${count(r.decided)} decisions ${when} came after the deadline (${formatPercent(breachRate)}); ${plural(r.overdue, 'open review')} ${r.overdue === 1 ? 'is' : 'are'} overdue now. Assigned to ${[...r.roles].map(roleLabel).join(', ')}.`,
      evidence: [
        ['Decided late', count(r.breached)],
        ['Decided', count(r.decided)],
        ['Breach rate', formatPercent(breachRate)],
        ['Overdue now', count(r.overdue)],
      ],
      link: { label: 'Open the overdue cases', path: monitorPath({ workflow: r.workflow_id, overdue: '1' }) },
      value: r.breached + r.overdue,
      workflow: wf(r.workflow_id),
      step: stepOf(r.step_id),
    });
  }

  // Tools whose errors fail cases, or that fail often.
  const failing = tools.filter((t) => t.failed_cases > 0 || (t.calls >= MIN_CASES * 2 && (t.error_rate ?? 0) >= 0.2));
  const topErrors = await Promise.all(failing.map((t) => toolErrors(db, { ...span, toolId: t.tool_id }, 1)));
  failing.forEach((t, i) => {
    const top = topErrors[i]![0];
    const name = t.name ?? 'a deleted tool';
    findings.push({
      kind: 'failing_tool',
      severity: t.failed_cases >= 10 || (t.error_rate ?? 0) >= 0.5 ? 'critical' : 'warning',
      title:
        t.failed_cases > 0 ? `Errors of “${name}” failed ${plural(t.failed_cases, 'case')}` : `“${name}” fails ${formatPercent(t.error_rate)} of its calls`,
      message: `${count(t.errors)} of ${count(t.calls)} calls ${when} failed (${formatPercent(t.error_rate)})${top ? `; most often: “${top.error}”` : ''}.`,
      evidence: [
        ['Cases failed', count(t.failed_cases)],
        ['Calls', count(t.calls)],
        ['Error rate', formatPercent(t.error_rate)],
        ['p95 latency', t.p95_ms === null ? '—' : formatDuration(t.p95_ms)],
      ],
      link: { label: 'See the tool’s calls', path: toolPath(t.tool_id) },
      value: Math.max(t.failed_cases, t.errors),
      tool: { id: t.tool_id, name: t.name },
    });
  });

  // Workflows where many ended cases failed; active workflows that received nothing.
  for (const f of flows) {
    const ended = f.completed + f.failed + f.cancelled;
    const failureRate = rate(f.failed, ended);
    if (f.failed >= 3 && failureRate !== null && failureRate >= 0.1) {
      findings.push({
        kind: 'failure_rate',
        severity: failureRate >= 0.3 ? 'critical' : 'warning',
        title: `${formatPercent(failureRate)} of the cases that ended in “${wf(f.workflow_id).name}” failed`,
        message: `${count(f.failed)} of ${count(ended)} cases that ended ${when} failed; staff can retry them from the monitor once the cause is fixed.`,
        evidence: [
          ['Failed', count(f.failed)],
          ['Ended', count(ended)],
          ['Failure rate', formatPercent(failureRate)],
        ],
        link: { label: 'Open the failed cases', path: monitorPath({ workflow: f.workflow_id, status: 'failed' }) },
        value: f.failed,
        workflow: wf(f.workflow_id),
      });
    }
  }
  const flowBy = new Map(flows.map((f) => [f.workflow_id, f]));
  for (const w of checked) {
    if (w.status !== 'active' || !inWorkflow(w.id)) continue;
    const f = flowBy.get(w.id);
    if (f && f.started > 0) continue;
    const before = f?.prev_started ?? 0;
    const activated = names.get(w.id)?.activated_at;
    // A workflow activated during the period has had little time to receive anything (an edit since does not count).
    if (before === 0 && activated && activated.getTime() > period.from.getTime()) continue;
    findings.push({
      kind: 'no_traffic',
      severity: before > 0 ? 'warning' : 'info',
      title: before > 0 ? `Applications to “${w.name}” stopped` : `Active workflow “${w.name}” received no applications ${when}`,
      message:
        before > 0
          ? `None ${when}, after ${plural(before, 'application')} in the period before. Check that the intake still sends applications to it.`
          : 'Check that the intake sends applications to it, or archive it if it is no longer used.',
      evidence: [
        ['Started', '0'],
        ['Started in the period before', count(before)],
      ],
      link: before > 0 ? { label: 'Open its cases', path: monitorPath({ workflow: w.id }) } : { label: 'Open in the builder', path: builderPath(w.id) },
      value: before,
      workflow: { id: w.id, name: w.name },
    });
  }

  // Automated steps that take long.
  for (const s of steps) {
    if (!AUTOMATED.has(s.step_type) || s.completed < MIN_CASES) continue;
    const p90 = percentileMs(s.hist, 0.9);
    if (p90 === null || p90 < SLOW_STEP_MS) continue;
    findings.push({
      kind: 'slow_step',
      severity: 'info',
      title: `${stepTitle(s.step_id)} in “${wf(s.workflow_id).name}” is slow`,
      message: `One case in ten waits ${formatDuration(p90)} or more there (p90; median ${formatDuration(percentileMs(s.hist, 0.5) ?? 0)}), over ${plural(s.completed, 'completed visit')} ${when}.`,
      evidence: [
        ['p90', formatDuration(p90)],
        ['Median', formatDuration(percentileMs(s.hist, 0.5) ?? 0)],
        ['Completed', count(s.completed)],
      ],
      link: { label: 'See the step', path: analyticsPath(s.workflow_id) },
      value: s.completed,
      workflow: wf(s.workflow_id),
      step: stepOf(s.step_id),
    });
  }

  // Open cases that have waited longest, by step; drafts nobody finishes.
  for (const w of waits) {
    const workflowName = names.get(w.workflow_id)?.name;
    if (!workflowName) continue;
    const stepName = stepInfo.get(w.step_id)?.name ?? null;
    findings.push({
      kind: 'longest_wait',
      // Staff can act on a review that waits; a form waits on the applicant.
      severity: w.waiting_for === 'approval' && w.avg_wait_seconds >= 86_400 ? 'warning' : 'info',
      title: `${plural(w.waiting, 'case')} waiting at ${stepName ? `“${stepName}”` : 'a step no longer in the workflow'} in “${workflowName}”`,
      message: `Average wait ${formatDuration(w.avg_wait_seconds * 1000)}, longest ${formatDuration(w.max_wait_seconds * 1000)} since their last change.`,
      evidence: [
        ['Waiting', count(w.waiting)],
        ['Average wait', formatDuration(w.avg_wait_seconds * 1000)],
        ['Longest', formatDuration(w.max_wait_seconds * 1000)],
      ],
      link: { label: 'Open these cases', path: monitorPath({ workflow: w.workflow_id, step: w.step_id }) },
      value: w.waiting,
      workflow: { id: w.workflow_id, name: workflowName },
      step: { id: w.step_id, name: stepName },
    });
  }
  for (const d of stale) {
    if (!inWorkflow(d.id)) continue;
    findings.push({
      kind: 'stale_draft',
      severity: 'info',
      title: `Draft “${d.name}” has not been edited for ${plural(d.idle_days, 'day')}`,
      message: `Last changed ${plural(d.idle_days, 'day')} ago. Finish and activate it, or archive it if it is no longer needed.`,
      evidence: [['Days since the last change', count(d.idle_days)]],
      link: { label: 'Open in the builder', path: builderPath(d.id) },
      value: 0,
      workflow: { id: d.id, name: d.name },
    });
  }

  return findings
    .map(insight)
    .sort((a, b) => b.score - a.score || a.title.localeCompare(b.title))
    .slice(0, MAX_INSIGHTS);
}

export async function workflowInsights(db: Db, auth: AuthContext, scoped: Scoped): Promise<Insights> {
  const [insights, at] = await Promise.all([computeInsights(db, auth, scoped), rollupsAsOf(db)]);
  return { organization_id: scoped.scope, generated_at: new Date().toISOString(), period: presentPeriod(scoped.period, at), insights };
}
