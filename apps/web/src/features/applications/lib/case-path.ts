import type { ApplicationDetail } from '@admin-portal/contract/applications/api';

export interface StepVisit {
  stepId: string;
  name: string;
  type: string;
  /** Time spent in the step over all its runs (a run still open counts until `now`). */
  ms: number;
  runs: number;
  failed: boolean;
  /** The branch the last run took (conditions, approvals). */
  branch: string | null;
  firstEntered: number;
}

/** What a case did at each step it reached, from its step runs. */
export function stepVisits(application: Pick<ApplicationDetail, 'steps'>, now: number): Map<string, StepVisit> {
  const visits = new Map<string, StepVisit>();
  for (const run of application.steps) {
    const entered = Date.parse(run.entered_at);
    const ms = run.duration_ms ?? (run.completed_at ? Date.parse(run.completed_at) - entered : Math.max(0, now - entered));
    const seen = visits.get(run.step_id);
    if (seen) {
      seen.ms += ms;
      seen.runs += 1;
      seen.failed = run.status === 'failed';
      seen.branch = run.branch ?? seen.branch;
      seen.firstEntered = Math.min(seen.firstEntered, entered);
    } else {
      visits.set(run.step_id, {
        stepId: run.step_id,
        name: run.step_name,
        type: run.step_type,
        ms,
        runs: 1,
        failed: run.status === 'failed',
        branch: run.branch,
        firstEntered: entered,
      });
    }
  }
  return visits;
}
