import { countCapped } from '../../db/capped-count.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { run, sql } from '../../db/sql.ts';
import type { AuditConditions } from './audit.filter.ts';
import { LISTED_TARGET_NAME } from './audit.targets.ts';

export interface AuditLogRow {
  id: string;
  organization_id: string | null;
  organization_name: string | null;
  actor_id: string | null;
  actor_email: string | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  target_name: string | null;
  changes: Record<string, unknown>;
  ip: string | null;
  request_id: string | null;
  created_at: Date;
  /** created_at in UTC to the microsecond, for the next page's cursor (a Date would lose the microseconds). */
  cursor_at: string;
}

/** Where a page stopped: its last row's (created_at, id); the order is created_at desc, id desc. */
export interface AuditCursor {
  at: string;
  id: string;
}

/**
 * One page of rows in the list's order: the page is picked from `audit_logs` alone (an index range read), and only
 * its rows are joined to their organization and actor (and, for old rows without a recorded name, their target).
 */
export async function findAuditPage(
  db: Queryable,
  filter: AuditConditions,
  page: { limit: number; offset: number; after?: AuditCursor | undefined },
): Promise<AuditLogRow[]> {
  const where = page.after ? [...filter.where, sql`(a.created_at, a.id) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)`] : filter.where;
  const res = await run<AuditLogRow>(
    db,
    sql`select a.id, a.organization_id, o.name as organization_name, a.actor_id, a.actor_email,
               case when u.id is null then null else nullif(trim(u.first_name || ' ' || u.last_name), '') end as actor_name,
               a.action, a.target_type, a.target_id, ${LISTED_TARGET_NAME} as target_name, a.changes, a.ip, a.request_id, a.created_at,
               to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
          from (select * from audit_logs a ${sql.where(where)}
                 order by a.created_at desc, a.id desc limit ${page.limit} offset ${page.offset}) a
          left join organizations o on o.id = a.organization_id
          left join users u on u.id = a.actor_id
         order by a.created_at desc, a.id desc`,
  );
  return res.rows;
}

/**
 * Runs `fn` so that a free-text query is planned for its actual pattern. PostgreSQL switches a prepared statement to a
 * generic plan after five runs, and the generic plan of `… ilike $n order by created_at desc limit n` walks the
 * time index filtering every row: fine for common text, over a second at a million rows for rare text, which the
 * trigram index answers in milliseconds. PGlite prepares nothing, so it needs nothing.
 */
export function plannedForText<T>(db: Db, filter: AuditConditions, fn: (q: Queryable) => Promise<T>): Promise<T> {
  if (!filter.search || db.kind !== 'postgres') return fn(db);
  return db.transaction(async (tx) => {
    await tx.query('set local plan_cache_mode = force_custom_plan');
    return fn(tx);
  });
}

/** Matching rows counted up to LIST_COUNT_CAP, so a page costs the same at ten thousand rows or a million. */
export function countAuditRows(db: Queryable, filter: AuditConditions): Promise<{ total: number; exact: boolean }> {
  return countCapped(db, sql`select 1 from audit_logs a ${sql.where(filter.where)}`);
}

/** Every matching row, in the list's order, one keyset batch (one short query) at a time. */
export async function* auditBatches(db: Db, filter: AuditConditions, size = 1000): AsyncGenerator<AuditLogRow[]> {
  let after: AuditCursor | undefined;
  for (;;) {
    const rows = await plannedForText(db, filter, (q) => findAuditPage(q, filter, { limit: size, offset: 0, after }));
    if (rows.length) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor_at, id: last.id };
  }
}

/** Deletes one batch of rows older than `cutoff` (inside a purge transaction); returns how many went. */
export async function deleteAuditBatch(tx: Queryable, cutoff: Date, size: number): Promise<number> {
  const res = await tx.query(
    `delete from audit_logs where id in (
       select id from audit_logs where created_at < $1::timestamptz order by created_at, id limit ${size})`,
    [cutoff.toISOString()],
  );
  return res.rowCount;
}
