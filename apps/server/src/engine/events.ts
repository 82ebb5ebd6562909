import type { ApplicationEventType } from '@admin-portal/contract/applications/api';
import type { Db, Queryable } from '../db/client.ts';
import { run, sql, type Sql } from '../db/sql.ts';

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

const EVENT_COLUMNS = sql`(application_id, organization_id, workflow_id, type, step_id, step_type, step_run_id, actor_type, actor_id, payload, error)`;

/** The names the CTEs of a transition's statement may have (an event's, and the step visits an event may point to). */
const CTE_NAMES = ['ev', 'ev1', 'ev2', 'ev3', 'run', 'first'] as const;
export type CteName = (typeof CTE_NAMES)[number];

/**
 * A data-modifying CTE named `name` that inserts the event. `stepRunOf` names the CTE of the step visit it belongs to
 * when the visit is inserted in the same statement (its `id`, unless the event names its own); `after` names the event
 * CTE this one follows (data-modifying CTEs run in no set order; reading `after` makes this insert wait for it, so
 * events keep their order).
 */
export function eventCte(name: CteName, e: NewEvent, options: { stepRunOf?: CteName; after?: CteName } = {}): Sql {
  const cte = (n: CteName) => sql.id(n, CTE_NAMES);
  const stepRun = options.stepRunOf ? sql`coalesce(${e.stepRunId ?? null}::uuid, ${cte(options.stepRunOf)}.id)` : sql`${e.stepRunId ?? null}::uuid`;
  const sources = [
    ...(options.stepRunOf ? [cte(options.stepRunOf)] : []),
    ...(options.after ? [sql`(select count(*) from ${cte(options.after)}) as after_${cte(options.after)}`] : []),
  ];
  const values = sql`${e.application.id}::uuid, ${e.application.organization_id}::uuid, ${e.application.workflow_id}::uuid, ${e.type}::text,
    ${e.step?.id ?? null}::uuid, ${e.step?.type ?? null}::text, ${stepRun}, ${e.actor?.type ?? 'system'}::text, ${e.actor?.id ?? null}::text,
    ${JSON.stringify(e.data ?? {})}::jsonb, ${e.error ?? null}::text`;
  const from = sources.length > 0 ? sql` from ${sql.join(sources, ', ')}` : sql.empty;
  return sql`${cte(name)} as (insert into application_events ${EVENT_COLUMNS} select ${values}${from} returning organization_id)`;
}

/** The announcement of a statement's event CTEs, for its select list: one NOTIFY per event on the events channel. */
export function notifyOf(db: Db, ctes: readonly CteName[]): Sql {
  const channel = db.channelName(EVENTS_CHANNEL);
  return sql.join(
    ctes.map((c) => sql`(select count(pg_notify(${channel}, organization_id::text)) from ${sql.id(c, CTE_NAMES)})`),
    ' + ',
  );
}

/**
 * Records a transition as an application event, in the transaction that makes it, and announces it (the
 * announcement is delivered when the transaction commits; PostgreSQL folds repeats within one transaction).
 * One statement: the insert and its NOTIFY.
 */
export async function recordEvent(tx: Queryable, db: Db, e: NewEvent): Promise<void> {
  await run(tx, sql`with ${eventCte('ev', e)} select ${notifyOf(db, ['ev'])} as notified`);
}
