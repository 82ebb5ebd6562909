/**
 * Simulation runs (issue 36, ADR 0059): started on a saved version of a workflow the caller may change, queued as a job,
 * read back with their summary, their cases (changed first) and each case's two paths, and exported as CSV.
 */
import type { FastifyRequest } from 'fastify';
import {
  SIMULATION_DEFAULT_DAYS,
  SIMULATION_MESSAGES,
  simulationExportFilename,
  type SimulationCase,
  type SimulationCasePaths,
  type SimulationRun,
  type SimulationSummaryBody,
  type StartSimulation,
} from '@admin-portal/contract/workflows/simulations';
import type { Db } from '../../db/client.ts';
import { enqueueJob, type Runtime } from '../../engine/commands.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, HttpError, invalidField, notFound } from '../../http/errors.ts';
import { assertVisible } from '../../http/organization-scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findRunnableTools } from '../tools/tools.queries.ts';
import { findVersion } from '../workflows/workflow-graph.queries.ts';
import { getVisibleWorkflow, lockVisibleWorkflow } from '../workflows/workflows.service.ts';
import { simulationCsv } from './simulation-export.ts';
import { SIMULATION_JOB } from './simulation-job.ts';
import {
  caseBatches,
  countCases,
  findCase,
  findCases,
  findLatestCompletedRun,
  findRun,
  findRuns,
  hasUnfinishedRun,
  insertRun,
  type SimulationCaseRow,
  type SimulationRunRow,
} from './simulations.queries.ts';

const SIMULATION = 'Simulation';
const DAY_MS = 86_400_000;
export const SIMULATION_RUNNING = 'A simulation of this workflow is already running; wait for it to finish';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentRun(r: SimulationRunRow): SimulationRun {
  return {
    id: r.id,
    organization_id: r.organization_id,
    workflow_id: r.workflow_id,
    version: r.version,
    status: r.status,
    from: r.cases_from.toISOString(),
    to: r.cases_to.toISOString(),
    ran_on_version: r.ran_on_version,
    new_reviews: r.new_reviews,
    max_cases: r.max_cases,
    sandbox_tools: r.sandbox_tools,
    cases_done: r.cases_done,
    summary: r.summary ? presentSummary(r.summary) : null,
    error: r.error,
    created_by: r.created_by,
    created_by_name: r.created_by_name,
    created_at: r.created_at.toISOString(),
    started_at: iso(r.started_at),
    finished_at: iso(r.finished_at),
  };
}

/** A stored summary as the API gives it; runs finished before a figure existed get it as unknown (0 sandbox calls). */
function presentSummary(summary: SimulationSummaryBody): SimulationSummaryBody {
  return {
    ...summary,
    sandbox_calls: summary.sandbox_calls ?? 0,
    reviews: summary.reviews.map((r) => ({ ...r, late_before: r.late_before ?? 0, late_after: r.late_after ?? 0 })),
    tool_calls: summary.tool_calls.map((t) => ({ ...t, latency_before_ms: t.latency_before_ms ?? null, latency_after_ms: t.latency_after_ms ?? null })),
    decision_time: summary.decision_time ?? { before: null, after: null },
  };
}

const presentCase = (c: Omit<SimulationCaseRow, 'before_path' | 'after_path'>): SimulationCase => ({
  application_id: c.application_id,
  created_at: c.created_at.toISOString(),
  before: c.before_end,
  after: c.after_end,
  changed: c.changed,
  reason: c.reason,
});

/** Starts a run on `version` of a workflow the caller may see (and change: the route's rule). */
export async function startSimulation(
  db: Db,
  runtime: Runtime,
  request: FastifyRequest,
  auth: AuthContext,
  workflowId: string,
  version: number,
  body: StartSimulation,
) {
  const to = body.to ? new Date(body.to) : new Date();
  const from = body.from ? new Date(body.from) : new Date(to.getTime() - SIMULATION_DEFAULT_DAYS * DAY_MS);
  const id = await db.transaction(async (tx) => {
    // The workflow's lock serialises starts: one unfinished run per workflow.
    const workflow = await lockVisibleWorkflow(tx, auth, workflowId);
    if (!(await findVersion(tx, workflowId, version))) throw notFound('Workflow version');
    if (body.ran_on_version !== undefined && !(await findVersion(tx, workflowId, body.ran_on_version)))
      throw invalidField('ran_on_version', SIMULATION_MESSAGES.ranOnNotFound);
    const sandbox = body.sandbox_tools ?? [];
    if (sandbox.length > 0) {
      const runnable = new Set((await findRunnableTools(tx, workflow.organization_id)).map((t) => t.name));
      const unknown = sandbox.findIndex((name) => !runnable.has(name));
      if (unknown >= 0) throw invalidField(`sandbox_tools.${unknown}`, SIMULATION_MESSAGES.sandboxToolNotFound);
    }
    if (await hasUnfinishedRun(tx, workflowId)) throw conflict(SIMULATION_RUNNING);
    const runId = await insertRun(tx, {
      organization_id: workflow.organization_id,
      workflow_id: workflowId,
      version,
      cases_from: from,
      cases_to: to,
      ran_on_version: body.ran_on_version ?? null,
      new_reviews: body.new_reviews ?? 'wait',
      max_cases: body.max_cases ?? 100_000,
      sandbox_tools: body.sandbox_tools ?? [],
      created_by: auth.userId,
    });
    await enqueueJob(tx, db, { organizationId: workflow.organization_id, kind: SIMULATION_JOB, payload: { run_id: runId } });
    await recordAudit(tx, request, {
      organizationId: workflow.organization_id,
      action: 'workflow.simulate',
      targetType: 'workflow',
      targetId: workflowId,
      targetName: workflow.name,
      changes: {
        version,
        from: from.toISOString(),
        to: to.toISOString(),
        ran_on_version: body.ran_on_version ?? null,
        new_reviews: body.new_reviews ?? 'wait',
        sandbox_tools: body.sandbox_tools ?? [],
      },
    });
    return runId;
  });
  runtime.wake();
  return presentRun((await findRun(db, id))!);
}

async function visibleRun(db: Db, auth: AuthContext, id: string): Promise<SimulationRunRow> {
  const run = await findRun(db, id);
  assertVisible(auth, run, SIMULATION);
  return run;
}

export async function getSimulation(db: Db, auth: AuthContext, id: string): Promise<SimulationRun> {
  return presentRun(await visibleRun(db, auth, id));
}

export async function listSimulations(db: Db, auth: AuthContext, workflowId: string, query: { limit: number; offset: number; version?: number | undefined }) {
  await getVisibleWorkflow(db, auth, workflowId);
  const rows = await findRuns(db, workflowId, query.version, query);
  return { items: rows.map(presentRun), total: rows[0]?.total ?? 0, limit: query.limit, offset: query.offset };
}

/** The latest finished run on a version, or null (what the activation dialog shows). */
export async function latestSimulation(db: Db, auth: AuthContext, workflowId: string, version: number): Promise<SimulationRun | null> {
  await getVisibleWorkflow(db, auth, workflowId);
  const run = await findLatestCompletedRun(db, workflowId, version);
  return run ? presentRun(run) : null;
}

async function finishedRun(db: Db, auth: AuthContext, id: string): Promise<SimulationRunRow> {
  const run = await visibleRun(db, auth, id);
  if (run.status !== 'completed') throw new HttpError(409, SIMULATION_MESSAGES.notFinished);
  return run;
}

export async function listSimulationCases(
  db: Db,
  auth: AuthContext,
  id: string,
  query: { limit: number; offset: number; changed?: 'true' | 'false' | undefined },
) {
  await finishedRun(db, auth, id);
  const changed = query.changed === undefined ? undefined : query.changed === 'true';
  const [rows, total] = await Promise.all([findCases(db, id, changed, query), countCases(db, id, changed)]);
  return { items: rows.map(presentCase), total, limit: query.limit, offset: query.offset };
}

export async function getSimulationCase(db: Db, auth: AuthContext, id: string, applicationId: string): Promise<SimulationCasePaths> {
  await finishedRun(db, auth, id);
  const row = await findCase(db, id, applicationId);
  if (!row) throw new HttpError(404, SIMULATION_MESSAGES.caseNotFound);
  return { ...presentCase(row), before_path: row.before_path, after_path: row.after_path };
}

/** A finished run's CSV: its file name and its rows in batches (checked for the caller before anything is streamed). */
export async function exportSimulation(db: Db, auth: AuthContext, id: string) {
  const run = await finishedRun(db, auth, id);
  const workflow = await getVisibleWorkflow(db, auth, run.workflow_id);
  return { filename: simulationExportFilename(workflow.name, run.version), csv: simulationCsv(caseBatches(db, run.id)) };
}
