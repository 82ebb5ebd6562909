import type { StepFigures, WorkflowAnalytics } from '@admin-portal/contract/analytics/api';
import { stepTypeLabel as labelOfType } from '@admin-portal/contract/workflows/step-types/labels';
import type { FunnelStepInput } from '../../../shared/ui/charts/funnel.ts';

/** A workflow's step as the page shows it: its name, its kind in words, and whether it is among the slowest. */
export interface StepRow extends StepFigures {
  label: string;
  typeLabel: string;
  slowest: boolean;
}

export const stepTypeLabel = (type: string | null): string => (type ? (labelOfType(type) ?? type) : 'Unknown');

/** Every step of the current graph in order from the start, then former steps that still have figures. */
export function stepRows(analytics: Pick<WorkflowAnalytics, 'steps' | 'slowest_step_ids'>): StepRow[] {
  const slowest = new Set(analytics.slowest_step_ids);
  const rows = analytics.steps.map((s) => ({
    ...s,
    label: s.name ?? stepTypeLabel(s.type),
    typeLabel: stepTypeLabel(s.type),
    slowest: slowest.has(s.step_id),
  }));
  const current = rows.filter((r) => r.in_current_version && r.depth !== null).sort((a, b) => a.depth! - b.depth!);
  const former = rows.filter((r) => !(r.in_current_version && r.depth !== null));
  return [...current, ...former];
}

/** The funnel: the current graph's steps in order (depth), reached and completed, the slowest picked out. */
export function funnelSteps(rows: readonly StepRow[]): FunnelStepInput[] {
  return rows
    .filter((r) => r.in_current_version && r.depth !== null)
    .map((r) => ({ id: r.step_id, label: r.label, reached: r.entered, completed: r.completed, highlight: r.slowest }));
}

/** The slowest steps in words ("Review (p90 2 d), Documents (p90 5 h)"), for the funnel's subtitle. */
export function slowestPhrase(rows: readonly StepRow[], formatDuration: (ms: number | null) => string): string | null {
  const slow = rows.filter((r) => r.slowest).sort((a, b) => (b.time_p90_ms ?? 0) - (a.time_p90_ms ?? 0));
  if (slow.length === 0) return null;
  return slow.map((r) => `${r.label} (p90 ${formatDuration(r.time_p90_ms)})`).join(', ');
}
