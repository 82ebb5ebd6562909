/**
 * A simulation run as a job of the runtime's queue (ADR 0059): it survives a restart (the job runs again and the run
 * starts over), and runs on whichever process has a worker. The cases are read a page at a time, replayed in memory on
 * the version's graph, and their results written a page at a time; the summary is tallied case by case.
 */
import { SIMULATION_RUNS_KEPT, type SimulationPathStep, type SimulationSummaryBody } from '@admin-portal/contract/workflows/simulations';
import type { Db } from '../../db/client.ts';
import {
  afterPath,
  compareWithRecord,
  describeEnd,
  endLabel,
  loadPinnedGraph,
  loadRecordedCasesById,
  recordedCaseIds,
  pathOf,
  recordedLabel,
  replayCase,
  SimulationTally,
  type AiProvider,
  type JobHandler,
  type ToolRunner,
  type PinnedGraph,
  type RecordedCase,
  type ReplayResult,
} from '../../engine/commands.ts';
import { localTools, type SandboxUse } from './local-tools.ts';
import {
  beginRun,
  failRun,
  findRun,
  finishRun,
  insertCases,
  pruneRuns,
  setProgress,
  type SimulationCaseRow,
  type SimulationRunRow,
} from './simulations.queries.ts';

export const SIMULATION_JOB = 'simulate_workflow';
const PAGE = 1_000;
const YIELD_EVERY = 50;

const DAY_MS = 86_400_000;

/** A run that cannot be done however often it is tried: it fails with this message. */
class RunRefused extends Error {}

function stepOf(graph: PinnedGraph | undefined, id: string, branch: string | null, source: string | null, type?: string): SimulationPathStep {
  const step = graph?.steps.get(id);
  return { step_id: id, name: step?.name ?? id, type: step?.type ?? type ?? 'unknown', branch, source };
}

/** One case's row: its recorded path and end beside the replayed ones, and why it stops or differs. */
export function caseRow(
  run: Pick<SimulationRunRow, 'version'>,
  recorded: RecordedCase,
  replay: ReplayResult,
  ranOn: PinnedGraph | undefined,
  draft: PinnedGraph,
): SimulationCaseRow {
  const before = recordedLabel(recorded);
  const after = replay.end.kind === 'not_replayable' ? 'not_replayable' : endLabel(replay.end);
  const replayedIds = afterPath(replay);
  const afterSteps = replayedIds.map((id, i) => {
    const visit = replay.path[i];
    return visit ? stepOf(draft, id, visit.branch, visit.source) : stepOf(draft, id, null, null);
  });
  let reason: string | null = null;
  if (replay.end.kind === 'not_replayable') reason = replay.end.reason;
  else if (recorded.workflow_version === run.version) {
    const identity = compareWithRecord(recorded, replay, draft);
    if (!identity.same) reason = identity.reason;
  } else if (replay.end.kind !== 'completed') reason = describeEnd(replay.end);
  return {
    application_id: recorded.id,
    created_at: recorded.created_at,
    before_end: before,
    after_end: after,
    changed: before !== after,
    reason,
    before_path: pathOf(recorded)
      .filter((v) => v.status !== 'cancelled')
      .map((v) => stepOf(ranOn, v.step_id, v.branch, null, v.step_type)),
    after_path: afterSteps,
  };
}

/** What a run works with besides the database: the AI steps' provider, the secret key and the runtime's tool runner. */
export interface SimulationDeps {
  ai: AiProvider;
  secretKey: string;
  tools: ToolRunner;
}

/** Runs a whole simulation (the job's work); `pageSize` cases are read and written at a time. */
export async function runSimulation(
  db: Db,
  deps: SimulationDeps,
  run: SimulationRunRow,
  options: { onPage?: (done: number) => Promise<void>; pageSize?: number } = {},
): Promise<SimulationSummaryBody> {
  const pageSize = options.pageSize ?? PAGE;
  const draft = await loadPinnedGraph(db, run.workflow_id, run.version);
  if (!draft) throw new RunRefused(`Version ${run.version} of the workflow no longer exists`);
  const use: SandboxUse = { calls: 0 };
  let current = '';
  const tools = await localTools(db, {
    organizationId: run.organization_id,
    secretKey: deps.secretKey,
    runner: deps.tools,
    sandbox: run.sandbox_tools,
    use,
    caseId: () => current,
  });
  const graphs = new Map<number, PinnedGraph | undefined>();
  const ranOnOf = async (version: number) => {
    if (!graphs.has(version)) graphs.set(version, await loadPinnedGraph(db, run.workflow_id, version));
    return graphs.get(version);
  };
  const tally = new SimulationTally((v) => graphs.get(v), draft);
  const ids = await recordedCaseIds(db, {
    workflowId: run.workflow_id,
    organizationId: run.organization_id,
    ...(run.ran_on_version !== null ? { version: run.ran_on_version } : {}),
    from: run.cases_from,
    to: run.cases_to,
    limit: run.max_cases,
  });
  let done = 0;
  for (let at = 0; at < ids.length; at += pageSize) {
    const page = await loadRecordedCasesById(db, ids.slice(at, at + pageSize));
    const rows: SimulationCaseRow[] = [];
    for (const [i, recorded] of page.entries()) {
      // Replay is computation: every few dozen cases the event loop serves the process's requests and live cases.
      if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
      const ranOn = await ranOnOf(recorded.workflow_version);
      current = recorded.id;
      const replay = await replayCase(draft, recorded, ranOn, { ai: deps.ai, newReviews: run.new_reviews, localTools: tools });
      tally.add({ recorded, replay });
      rows.push(caseRow(run, recorded, replay, ranOn, draft));
    }
    await insertCases(db, run.id, rows);
    done += page.length;
    await options.onPage?.(done);
  }
  const periodDays = Math.max(1, (run.cases_to.getTime() - run.cases_from.getTime()) / DAY_MS);
  return { ...tally.summary(), sandbox_calls: use.calls, period_days: Math.round(periodDays * 100) / 100 };
}

export function simulationJobHandler(db: Db, deps: SimulationDeps): JobHandler {
  return {
    async run(job) {
      const id = String(job.payload.run_id);
      const run = await findRun(db, id);
      if (!run || run.status === 'completed' || run.status === 'failed') return;
      await beginRun(db, id);
      let summary: SimulationSummaryBody;
      try {
        summary = await runSimulation(db, deps, run, { onPage: (done) => setProgress(db, id, done) });
      } catch (error) {
        // A run that cannot go on says why, and the job is done; anything else is tried again (the worker backs off).
        if (!(error instanceof RunRefused)) throw error;
        await failRun(db, id, error.message);
        return void (await pruneRuns(db, run.workflow_id, SIMULATION_RUNS_KEPT));
      }
      await finishRun(db, id, summary);
      await pruneRuns(db, run.workflow_id, SIMULATION_RUNS_KEPT);
    },
    async giveUp(job, reason) {
      await failRun(db, String(job.payload.run_id), `The simulation could not be run: ${reason}`);
    },
  };
}
