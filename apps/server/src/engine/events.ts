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

/**
 * Records a transition as an application event, in the transaction that makes it, and announces it (the
 * announcement is delivered when the transaction commits; PostgreSQL folds repeats within one transaction).
 */
export async function recordEvent(tx: Queryable, db: Db, e: NewEvent): Promise<void> {
  await tx.query(
    `insert into application_events (application_id, organization_id, workflow_id, type, step_id, step_type, step_run_id, actor_type, actor_id, payload, error)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
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
    ],
  );
  await db.notify(EVENTS_CHANNEL, e.application.organization_id, tx);
}
