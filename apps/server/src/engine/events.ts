import type { ApplicationEventType } from '@admin-portal/contract/applications/api';
import type { Db, Queryable } from '../db/client.ts';

/** NOTIFY channel on which every committed event batch is announced (payload: the organization id). */
export const EVENTS_CHANNEL = 'application_events';

export type ActorType = 'system' | 'user' | 'api_key' | 'applicant';

export interface NewEvent {
  application: { id: string; organization_id: string; workflow_id: string };
  type: ApplicationEventType;
  step?: { id: string; type: string } | null;
  stepRunId?: string | null;
  actor?: { type: ActorType; id?: string | null };
  data?: Record<string, unknown>;
  error?: string | null;
}

const EVENT_COLUMNS = '(application_id, organization_id, workflow_id, type, step_id, step_type, step_run_id, actor_type, actor_id, payload, error)';
/** The columns' types: parameters of an INSERT … SELECT are typed by hand. */
const EVENT_TYPES = ['uuid', 'uuid', 'uuid', 'text', 'uuid', 'text', 'uuid', 'text', 'text', 'jsonb', 'text'];

/** The event's values, in EVENT_COLUMNS order. */
export function eventParams(e: NewEvent): unknown[] {
  return [
    e.application.id,
    e.application.organization_id,
    e.application.workflow_id,
    e.type,
    e.step?.id ?? null,
    e.step?.type ?? null,
    e.stepRunId ?? null,
    e.actor?.type ?? 'system',
    e.actor?.id ?? null,
    JSON.stringify(e.data ?? {}),
    e.error ?? null,
  ];
}

/**
 * A data-modifying CTE named `name` that inserts the event whose 11 values start at parameter `$first`
 * (`stepRunFrom` replaces the step run parameter by a column of another CTE, e.g. `run.id`; `after` names the
 * event CTE this one follows).
 */
export function eventCte(name: string, first: number, stepRunFrom?: { cte: string; column: string }, after?: string): string {
  const values = EVENT_TYPES.map((type, i) =>
    i === 6 && stepRunFrom ? `coalesce($${first + i}::${type}, ${stepRunFrom.cte}.${stepRunFrom.column})` : `$${first + i}::${type}`,
  );
  // Data-modifying CTEs run in no set order; reading `after` makes this insert wait for it (events keep their order).
  const sources = [...(stepRunFrom ? [stepRunFrom.cte] : []), ...(after ? [`(select count(*) from ${after}) as after_${after}`] : [])];
  const source = sources.length > 0 ? ` from ${sources.join(', ')}` : '';
  return `${name} as (insert into application_events ${EVENT_COLUMNS} select ${values.join(', ')}${source} returning organization_id)`;
}

/** The notification of a batch of events CTEs, for the statement's select list. */
export const notifyOf = (ctes: string[], channelParam: number) =>
  ctes.map((c) => `(select count(pg_notify($${channelParam}, organization_id::text)) from ${c})`).join(' + ');

/**
 * Records a transition as an application event, in the transaction that makes it, and announces it (the
 * announcement is delivered when the transaction commits; PostgreSQL folds repeats within one transaction).
 * One statement: the insert and its NOTIFY.
 */
export async function recordEvent(tx: Queryable, db: Db, e: NewEvent): Promise<void> {
  await tx.query(`with ${eventCte('ev', 1)} select ${notifyOf(['ev'], 12)} as notified`, [...eventParams(e), db.channelName(EVENTS_CHANNEL)]);
}
