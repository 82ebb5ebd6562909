/**
 * A known history of applications written directly, the way the runtime writes it (cases, step visits, events,
 * review tasks, tool calls) at chosen times, so analytics tests compare the figures with values computed by hand.
 * `foldRollups` then brings the rollups up to date with everything committed.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { refreshAllRollups } from '../modules/analytics/rollup-refresher.ts';
import { refreshOpenCaseCounts } from '../modules/analytics/open-case-snapshot.ts';
import type { TestWorkflow } from './workflows.factory.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** One visit of a step: its key in the workflow, how long the case stayed (minutes), and what happened there. */
export interface Visit {
  step: string;
  minutes: number;
  branch?: string;
  /** An approval step's review task: its role, SLA and decision (none: still open). */
  review?: { role: string; slaHours: number; decision?: 'approved' | 'rejected' };
  /** A tool step's call: its tool, status, latency and error. */
  tool?: { id: string; status: 'success' | 'error' | 'timeout'; latencyMs: number; error?: string };
}

export interface CaseScript {
  workflow: TestWorkflow;
  applicant: string;
  at: Date;
  /** Visits in order (the start step is visited first, instantly, by itself). */
  visits: Visit[];
  /**
   * How the case ends at its last visit: an end step (`completed`, with its outcome), `failed` (with the error),
   * `cancelled` by staff, or `open` (still at the last step; forms and approvals wait there).
   */
  end: { kind: 'completed'; outcome: string } | { kind: 'failed'; error: string } | { kind: 'cancelled' } | { kind: 'open' };
}

interface Rows {
  applications: Record<string, unknown>[];
  steps: Record<string, unknown>[];
  events: Record<string, unknown>[];
  tasks: Record<string, unknown>[];
  calls: Record<string, unknown>[];
}

const iso = (ms: number) => new Date(ms).toISOString();

function writeCase(rows: Rows, script: CaseScript): string {
  const id = randomUUID();
  const wf = script.workflow;
  const base = { application_id: id, organization_id: wf.organizationId, workflow_id: wf.id };
  const event = (
    type: string,
    at: number,
    step: { id: string; type: string } | null,
    runId: string | null,
    payload: Record<string, unknown> = {},
    error: string | null = null,
  ) => rows.events.push({ ...base, type, step_id: step?.id ?? null, step_type: step?.type ?? null, step_run_id: runId, payload, error, created_at: iso(at) });
  let t = script.at.getTime();
  event('application_created', t, null, null, { source: 'api' });
  const visits: Visit[] = [{ step: 'start', minutes: 0 }, ...script.visits];
  let status = 'running';
  let waitingFor: string | null = null;
  let outcome: string | null = null;
  let error: string | null = null;
  let completedAt: number | null = null;
  let current: { id: string; run: string } | null = null;
  visits.forEach((v, index) => {
    const last = index === visits.length - 1;
    const stepId = wf.steps[v.step];
    if (!stepId) throw new Error(`No step "${v.step}" in the workflow`);
    const type = wf.types[v.step]!;
    const step = { id: stepId, type };
    const runId = randomUUID();
    current = { id: stepId, run: runId };
    const entered = t;
    const left = t + v.minutes * MINUTE;
    const run: Record<string, unknown> = {
      id: runId,
      ...base,
      step_id: stepId,
      step_type: type,
      step_name: v.step,
      status: 'completed',
      entered_at: iso(entered),
      completed_at: iso(left),
    };
    rows.steps.push(run);
    event('step_entered', entered, step, runId, { name: v.step });
    if (v.tool) {
      rows.calls.push({
        tool_id: v.tool.id,
        organization_id: wf.organizationId,
        caller_type: 'workflow',
        caller_id: id,
        status: v.tool.status,
        error: v.tool.error ?? null,
        latency_ms: v.tool.latencyMs,
        created_at: iso(left),
      });
    }
    if (v.review) {
      const task = {
        id: randomUUID(),
        ...base,
        step_id: stepId,
        step_run_id: runId,
        step_name: v.step,
        assignee_role: v.review.role,
        status: v.review.decision ?? 'open',
        due_at: iso(entered + v.review.slaHours * HOUR),
        decided_at: v.review.decision ? iso(left) : null,
        created_at: iso(entered),
      };
      rows.tasks.push(task);
      event('waiting', entered, step, runId, { waiting_for: 'approval' });
      if (v.review.decision)
        event('review_decided', left, step, runId, {
          decision: v.review.decision,
          review_task_id: task.id,
          overdue: left > entered + v.review.slaHours * HOUR,
        });
    }
    if (!last || script.end.kind === 'completed') {
      event('step_completed', left, step, runId, { name: v.step, ...(v.branch ? { branch: v.branch } : {}) });
      if (last && script.end.kind === 'completed') {
        outcome = script.end.outcome;
        status = 'completed';
        completedAt = left;
        event('application_completed', left, step, runId, { outcome });
      }
    } else if (script.end.kind === 'failed') {
      Object.assign(run, { status: 'failed', error: script.end.error });
      event('step_failed', left, step, runId, {}, script.end.error);
      event('application_failed', left, step, runId, {}, script.end.error);
      status = 'failed';
      error = script.end.error;
      completedAt = left;
    } else if (script.end.kind === 'cancelled') {
      run.status = 'cancelled';
      event('application_cancelled', left, step, runId, {});
      status = 'cancelled';
      outcome = 'cancelled';
      completedAt = left;
    } else {
      Object.assign(run, { status: 'waiting', completed_at: null });
      status = 'waiting';
      waitingFor = type === 'approval' ? 'approval' : type === 'form' ? 'form' : 'delay';
      if (type === 'form') event('waiting', entered, step, runId, { waiting_for: 'form' });
    }
    t = left;
  });
  const at = current as { id: string; run: string } | null;
  rows.applications.push({
    id,
    organization_id: wf.organizationId,
    workflow_id: wf.id,
    workflow_version: 1,
    status,
    outcome,
    applicant: { name: script.applicant },
    applicant_name: script.applicant,
    current_step_id: at?.id ?? null,
    current_step_run_id: at?.run ?? null,
    waiting_for: waitingFor,
    error,
    created_at: script.at.toISOString(),
    updated_at: iso(t),
    completed_at: completedAt === null ? null : iso(completedAt),
  });
  return id;
}

const COLUMNS: Record<keyof Rows, [string, string]> = {
  applications: [
    'applications',
    `id uuid, organization_id uuid, workflow_id uuid, workflow_version int, status text, outcome text, applicant jsonb, applicant_name text,
     current_step_id uuid, current_step_run_id uuid, waiting_for text, error text, created_at timestamptz, updated_at timestamptz, completed_at timestamptz`,
  ],
  steps: [
    'application_steps',
    'id uuid, application_id uuid, organization_id uuid, workflow_id uuid, step_id uuid, step_type text, step_name text, status text, error text, entered_at timestamptz, completed_at timestamptz',
  ],
  events: [
    'application_events',
    'application_id uuid, organization_id uuid, workflow_id uuid, type text, step_id uuid, step_type text, step_run_id uuid, payload jsonb, error text, created_at timestamptz',
  ],
  tasks: [
    'review_tasks',
    `id uuid, application_id uuid, organization_id uuid, workflow_id uuid, step_id uuid, step_run_id uuid, step_name text, assignee_role text, status text,
     due_at timestamptz, decided_at timestamptz, created_at timestamptz`,
  ],
  calls: [
    'tool_executions',
    'tool_id uuid, organization_id uuid, caller_type text, caller_id text, status text, error text, latency_ms int, created_at timestamptz',
  ],
};

/** Writes the cases (one transaction) and answers their ids in order. */
export async function writeHistory(db: Db, scripts: readonly CaseScript[]): Promise<string[]> {
  const rows: Rows = { applications: [], steps: [], events: [], tasks: [], calls: [] };
  const ids = scripts.map((s) => writeCase(rows, s));
  await db.transaction(async (tx) => {
    for (const key of ['applications', 'steps', 'events', 'tasks', 'calls'] as const) {
      if (rows[key].length === 0) continue;
      const [table, columns] = COLUMNS[key];
      const names = columns.split(',').map((c) => c.trim().split(/\s+/)[0]);
      await tx.query(`insert into ${table} (${names.join(', ')}) select ${names.join(', ')} from jsonb_to_recordset($1::jsonb) as r(${columns})`, [
        JSON.stringify(rows[key]),
      ]);
    }
  });
  return ids;
}

/** Folds everything committed into the rollups (waiting for transactions still open, e.g. a runtime's), then counts the open cases. */
export async function foldRollups(db: Db, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await refreshAllRollups(db);
    const res = await db.query<{ pending: boolean }>(
      `select exists (select 1 from application_events e, analytics_progress p where p.name = 'application_events' and (e.tx, e.seq) > (p.tx, p.seq))
           or exists (select 1 from tool_executions e, analytics_progress p where p.name = 'tool_executions' and (e.tx, e.seq) > (p.tx, p.seq)) as pending`,
    );
    if (!res.rows[0]!.pending) {
      await refreshOpenCaseCounts(db);
      return;
    }
    if (Date.now() > deadline) throw new Error('The rollups did not catch up with the events');
    await new Promise((r) => setTimeout(r, 20));
  }
}
