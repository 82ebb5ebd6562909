import type { ApplicationEventType, WaitingFor } from '@admin-portal/contract/applications/api';
import type { SavedStep } from '@admin-portal/contract/workflows/api';
import type { Db, Queryable } from '../../db/client.ts';
import type { PinnedGraph } from '../pinned-graph.ts';
import type { Afterwards, EnginePorts } from '../ports.ts';
import type { CaseRow, StepRun } from '../transitions.ts';

export type { Afterwards } from '../ports.ts';

/** What the runtime gives a step: the database, its ports to the outside world, the key webhooks are signed with, retry timing. */
export interface RuntimeDeps extends EnginePorts {
  db: Db;
  /** SECRET_KEY: signs webhooks. */
  secretKey: string;
  /** First retry's backoff; each further retry doubles it (capped at RETRY_MAX_MS). */
  retryBaseMs: number;
  /** The job this case was claimed with, while the runtime works on it: a case that ends lets go of it in the same statement. */
  claim?: { readonly jobId: string; readonly workerId: string };
}

export interface StepInput {
  case: CaseRow;
  step: SavedStep;
  run: StepRun;
  graph: PinnedGraph;
  deps: RuntimeDeps;
  /** The transaction of the step's state change, for steps that do no outside work (`io` false). */
  tx: Queryable;
  /** The attempt being made (1 for the first). */
  attempt: number;
}

/** An event a step reports about what it did, besides its completion. */
export interface StepReport {
  type: ApplicationEventType;
  data: Record<string, unknown>;
}

/** `input`: what a tool step called its tool with, recorded on the visit for replay (ADR 0058). */
export type StepOutcome = { afterwards?: Afterwards } &
  /**
   * Done: move on (by `branch` for branching steps), merging `data` into the application data. `report` is an event
   * recorded with the completion, in the same transaction (e.g. `notification_sent`).
   */
  (
    | { kind: 'done'; branch?: string; output?: unknown; data?: Record<string, unknown>; report?: StepReport; input?: unknown }
    /** Wait at this step for the applicant, a staff decision or a timer. */
    | { kind: 'wait'; waitingFor: Exclude<WaitingFor, 'retry'>; until?: Date | null; output?: unknown }
    /** The case ends here with this outcome. */
    | { kind: 'end'; outcome: string }
    /** The step failed; `retryable` failures are tried again per the step's retries, the rest fail the case. */
    | { kind: 'error'; error: string; retryable: boolean; output?: unknown; data?: Record<string, unknown>; input?: unknown }
  );

export interface StepExecutor {
  /**
   * Whether the step does outside work (a tool call, an email, a webhook). Such a step runs outside any
   * transaction, between counting its attempt and recording its result; the rest run inside the transaction
   * that records them, exactly once.
   */
  io(step: SavedStep, deps: RuntimeDeps, c: CaseRow): boolean;
  run(input: StepInput): Promise<StepOutcome>;
  /** How often a failed attempt is tried again, and whether a final failure fails the case or moves on. */
  retryPolicy?(step: SavedStep): { retries: number; onError: 'fail' | 'continue' };
}

/** What steps read: the application data, the applicant and the case's references. */
export function scopeOf(c: CaseRow): Record<string, unknown> {
  return { data: c.data, applicant: c.applicant, application: { id: c.id, external_ref: c.external_ref, workflow_id: c.workflow_id } };
}
