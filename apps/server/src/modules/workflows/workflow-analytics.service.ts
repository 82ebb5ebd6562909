import type { z } from 'zod';
import type { Insight, workflowAnalyticsSchema, workflowInsightsSchema, workflowsAnalyticsSchema } from '@admin-portal/contract/workflows/api';
import { activationProblems } from '@admin-portal/contract/workflows/graph';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../http/context.ts';
import {
  activeWithoutApplications,
  applicationsAtSteps,
  applicationsByStatus,
  applicationsPerWorkflow,
  approvedToolsByOrganization,
  longestWaits,
  staleDrafts,
  stepActivity,
  workflowApplicationsByStatus,
  workflowCompletion,
  workflowsByStatus,
  workflowsToCheck,
  type StatusCount,
} from './workflow-analytics.queries.ts';
import { loadGraph, loadGraphs } from './workflow-graph.queries.ts';
import { listScope } from '../../http/organization-scope.ts';
import { getVisibleWorkflow } from './workflows.service.ts';

const PER_WORKFLOW_LIMIT = 100;
/** Insights check the graphs of at most this many workflows (the most recently changed). */
const CHECKED_WORKFLOWS = 100;
export const STALE_DRAFT_DAYS = 30;
const LIST_LIMIT = 20;
const WAIT_LIMIT = 5;

const byStatus = (rows: StatusCount[]) => Object.fromEntries(rows.map((r) => [r.status, r.n]));
const sum = (rows: StatusCount[]) => rows.reduce((total, r) => total + r.n, 0);

export async function organizationAnalytics(db: Db, auth: AuthContext): Promise<z.infer<typeof workflowsAnalyticsSchema>> {
  const scope = listScope(auth);
  const [workflows, applications, perWorkflow] = await Promise.all([
    workflowsByStatus(db, scope),
    applicationsByStatus(db, scope),
    applicationsPerWorkflow(db, scope, PER_WORKFLOW_LIMIT),
  ]);
  const counts = byStatus(workflows);
  return {
    organization_id: scope,
    generated_at: new Date().toISOString(),
    workflows: { total: sum(workflows), by_status: { draft: counts.draft ?? 0, active: counts.active ?? 0, archived: counts.archived ?? 0 } },
    applications: { total: sum(applications), by_status: byStatus(applications) },
    per_workflow: perWorkflow,
  };
}

export async function workflowAnalytics(db: Db, auth: AuthContext, id: string): Promise<z.infer<typeof workflowAnalyticsSchema>> {
  const workflow = await getVisibleWorkflow(db, auth, id);
  const [graph, statuses, completion, activity, waiting] = await Promise.all([
    loadGraph(db, id),
    workflowApplicationsByStatus(db, id),
    workflowCompletion(db, id),
    stepActivity(db, id),
    applicationsAtSteps(db, id),
  ]);
  const activityOf = new Map(activity.map((a) => [a.step_id, a]));
  const waitingAt = new Map(waiting.map((w) => [w.step_id, w.n]));
  const known = new Set(graph.steps.map((s) => s.id));
  const steps: z.infer<typeof workflowAnalyticsSchema>['steps'] = graph.steps.map((s) => ({
    step_id: s.id,
    name: s.name,
    type: s.type,
    in_current_version: true,
    events: activityOf.get(s.id)?.events ?? 0,
    applications: activityOf.get(s.id)?.applications ?? 0,
    current: waitingAt.get(s.id) ?? 0,
  }));
  // Steps an older version had: applications still remember them.
  const former = new Set([...activityOf.keys(), ...waitingAt.keys()].filter((stepId) => !known.has(stepId)));
  for (const stepId of former) {
    steps.push({
      step_id: stepId,
      name: null,
      type: null,
      in_current_version: false,
      events: activityOf.get(stepId)?.events ?? 0,
      applications: activityOf.get(stepId)?.applications ?? 0,
      current: waitingAt.get(stepId) ?? 0,
    });
  }
  return {
    workflow_id: workflow.id,
    name: workflow.name,
    status: workflow.status,
    version: workflow.version,
    generated_at: new Date().toISOString(),
    applications: {
      total: sum(statuses),
      by_status: byStatus(statuses),
      completed: completion.completed,
      average_completion_seconds: completion.average_seconds === null ? null : Math.round(completion.average_seconds),
    },
    steps,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "3 days 4 hours", "5 hours 10 minutes", "12 minutes", "40 seconds". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0) return minutes > 0 ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour');
  if (minutes > 0) return plural(minutes, 'minute');
  return plural(s, 'second');
}

const SEVERITY_ORDER: Record<Insight['severity'], number> = { critical: 0, warning: 1, info: 2 };

/**
 * Facts worth acting on, each computed from the data now (nothing canned): workflows whose graphs fail the
 * activation checks (critical when active: a tool was withdrawn since), drafts untouched for 30 days, active
 * workflows that never received an application, and the steps where open applications have waited longest.
 */
export async function workflowInsights(db: Db, auth: AuthContext): Promise<z.infer<typeof workflowInsightsSchema>> {
  const scope = listScope(auth);
  const [checked, stale, idle, waits] = await Promise.all([
    workflowsToCheck(db, scope, CHECKED_WORKFLOWS),
    staleDrafts(db, scope, STALE_DRAFT_DAYS, LIST_LIMIT),
    activeWithoutApplications(db, scope, LIST_LIMIT),
    longestWaits(db, scope, WAIT_LIMIT),
  ]);
  const [graphs, tools] = await Promise.all([
    loadGraphs(db, checked.map((w) => w.id)),
    approvedToolsByOrganization(db, [...new Set(checked.map((w) => w.organization_id))]),
  ]);

  const insights: Insight[] = [];
  for (const w of checked) {
    const problems = activationProblems(graphs.get(w.id)!, { toolNames: tools.get(w.organization_id) ?? new Set() });
    if (problems.length === 0) continue;
    const shown = problems.slice(0, 3).map((p) => p.message).join('; ');
    const rest = problems.length > 3 ? `; and ${problems.length - 3} more` : '';
    const active = w.status === 'active';
    insights.push({
      kind: 'validation_problems',
      severity: active ? 'critical' : 'info',
      title: active ? `Active workflow "${w.name}" no longer passes its activation checks` : `Draft "${w.name}" cannot be activated yet`,
      message: `${plural(problems.length, 'problem')}: ${shown}${rest}.`,
      workflow_id: w.id,
      workflow_name: w.name,
      value: problems.length,
    });
  }
  for (const d of stale) {
    insights.push({
      kind: 'stale_draft',
      severity: 'info',
      title: `Draft "${d.name}" has not been edited for ${plural(d.idle_days, 'day')}`,
      message: `Last changed ${plural(d.idle_days, 'day')} ago. Finish and activate it, or archive it if it is no longer needed.`,
      workflow_id: d.id,
      workflow_name: d.name,
      value: d.idle_days,
    });
  }
  for (const a of idle) {
    insights.push({
      kind: 'active_without_applications',
      severity: 'warning',
      title: `Active workflow "${a.name}" has received no applications`,
      message:
        a.active_days > 0
          ? `No application has entered it; it was last changed ${plural(a.active_days, 'day')} ago. Check that the intake sends applications to it.`
          : 'No application has entered it yet; it was changed today.',
      workflow_id: a.id,
      workflow_name: a.name,
      value: 0,
    });
  }
  for (const w of waits) {
    const step = w.step_name ?? 'a step no longer in the workflow';
    insights.push({
      kind: 'longest_wait',
      severity: 'warning',
      title: `${plural(w.waiting, 'application')} waiting at "${step}" in "${w.workflow_name}"`,
      message: `Average wait ${formatDuration(w.avg_wait_seconds)}, longest ${formatDuration(w.max_wait_seconds)} since their last change.`,
      workflow_id: w.workflow_id,
      workflow_name: w.workflow_name,
      step_id: w.step_id,
      ...(w.step_name ? { step_name: w.step_name } : {}),
      value: w.waiting,
    });
  }
  insights.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return { organization_id: scope, generated_at: new Date().toISOString(), insights };
}
