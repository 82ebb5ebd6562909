import { STREAM_POSITION_PATTERN } from '@admin-portal/contract/applications/api';
import type { Queryable } from '../../db/client.ts';
import { APPLICATION_SELECT, type ApplicationRow, type EventRow } from './applications.queries.ts';

/** A position in the event stream: the writing transaction's id, then the event's sequence number. */
export interface StreamPosition {
  tx: string;
  seq: string;
}

export interface StreamFilter {
  organizationId: string | null;
  workflowId?: string;
  applicationId?: string;
}

export type StreamedEvent = EventRow;

const POSITION = new RegExp(STREAM_POSITION_PATTERN);

/** Parses `<tx>-<seq>` (an event id, as the contract's pattern has it); null when it is not one. */
export function parsePosition(text: string | undefined | null): StreamPosition | null {
  if (!text || !POSITION.test(text)) return null;
  const [tx, seq] = text.split('-') as [string, string];
  return { tx, seq };
}

/** The position as an event id. */
export const positionId = (position: StreamPosition): string => `${position.tx}-${position.seq}`;

/**
 * Where a new stream starts: the oldest transaction still open. Every event of an earlier transaction is
 * settled (history); events of this one or later are sent as they come (a few just committed may be sent too).
 */
export async function currentPosition(db: Queryable): Promise<StreamPosition> {
  const res = await db.query<{ tx: string }>('select pg_snapshot_xmin(pg_current_snapshot())::text as tx');
  return { tx: res.rows[0]!.tx, seq: '0' };
}

/**
 * Events after `from`, in stream order, that no open transaction can still precede: only events of
 * transactions older than the oldest one still open are read, so an event that commits late is never skipped.
 */
export async function eventsAfter(db: Queryable, from: StreamPosition, filter: StreamFilter, limit: number): Promise<StreamedEvent[]> {
  const res = await db.query<StreamedEvent>(
    `select e.seq::text as seq, e.tx::text as tx, e.application_id, e.organization_id, e.workflow_id, e.type, e.step_id, e.step_type,
            e.actor_type, e.actor_id, e.payload, e.error, e.created_at
       from application_events e
      where (e.tx, e.seq) > ($1::xid8, $2::bigint)
        and e.tx < pg_snapshot_xmin(pg_current_snapshot())
        and ($3::uuid is null or e.organization_id = $3::uuid)
        and ($4::uuid is null or e.workflow_id = $4::uuid)
        and ($5::uuid is null or e.application_id = $5::uuid)
      order by e.tx, e.seq
      limit ${limit}`,
    [from.tx, from.seq, filter.organizationId, filter.workflowId ?? null, filter.applicationId ?? null],
  );
  return res.rows;
}

/** The cases a batch of events is about, as they are now (a live row shows the case's latest state); erased ones are absent. */
export async function casesNow(db: Queryable, ids: readonly string[]): Promise<Map<string, ApplicationRow>> {
  if (ids.length === 0) return new Map();
  const res = await db.query<ApplicationRow>(`${APPLICATION_SELECT} where a.id = any($1::uuid[])`, [ids]);
  return new Map(res.rows.map((row) => [row.id, row]));
}
