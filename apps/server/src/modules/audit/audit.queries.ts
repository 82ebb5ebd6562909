import type { AuditLogFilter } from '@admin-portal/contract/system/audit';
import type { AuditAction, AuditTargetType } from '@admin-portal/contract/system/audit-actions';
import { countCapped } from '../../db/capped-count.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { run, sql, type Sql } from '../../db/sql.ts';
import { containsPattern } from '../../http/list-filter.ts';
import { LISTED_TARGET_NAME, targetNameSql, UUID } from './audit-targets.queries.ts';

export interface NewAuditRow {
  organization_id: string | null;
  actor_id: string | null;
  actor_email: string | null;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: string | null;
  /** The change summary as JSON. */
  changes: string;
  ip: string;
  request_id: string;
  /** The target's name to keep with the row (null: none given). */
  target_name: string | null;
  /** With no name given, keep the one the target (whose id is a uuid) has as the row is written. */
  look_up_name: boolean;
}

/** Writes one audit row. */
export async function insertAuditRow(db: Queryable, row: NewAuditRow): Promise<void> {
  const lookup = row.look_up_name && row.target_id ? targetNameSql(row.target_type, sql`${row.target_id}::uuid`) : null;
  const recordedName = sql`${row.target_name}::text`;
  await run(
    db,
    sql`insert into audit_logs (organization_id, actor_id, actor_email, action, target_type, target_id, changes, ip, request_id, target_name)
        values (${row.organization_id}, ${row.actor_id}, ${row.actor_email}, ${row.action}, ${row.target_type}, ${row.target_id},
                ${row.changes}, ${row.ip}, ${row.request_id}, ${lookup ? sql`coalesce(${recordedName}, ${lookup})` : recordedName})`,
  );
}

/**
 * The text `q` searches. It must stay identical to the expression of `audit_logs_search_trgm_idx` (migration 0010),
 * or the search stops using the trigram index and reads the whole table.
 */
export const AUDIT_SEARCH_TEXT =
  "(a.action || ' ' || a.target_type || ' ' || coalesce(a.target_id, '') || ' ' || coalesce(a.actor_email, '') || ' ' || a.changes::text)";

/** The conditions (on `audit_logs a`) of a listing, to extend with a page's cursor; `search` when the free text is among them. */
export interface AuditConditions {
  where: readonly Sql[];
  search: boolean;
}

/** The conditions of a listing: inside organization `scope` (null: every organization), then the filters of `query`. */
export function auditConditions(scope: string | null, query: AuditLogFilter): AuditConditions {
  const where: Sql[] = [];
  if (scope) where.push(sql`a.organization_id = ${scope}::uuid`);
  if (query.organization_id) where.push(sql`a.organization_id = ${query.organization_id}::uuid`);
  if (query.actor) where.push(UUID.test(query.actor) ? sql`a.actor_id = ${query.actor}::uuid` : sql`lower(a.actor_email) = lower(${query.actor})`);
  if (query.action) where.push(sql`a.action = ${query.action}`);
  if (query.target_type) where.push(sql`a.target_type = ${query.target_type}`);
  if (query.target_id) where.push(sql`a.target_id = ${query.target_id}`);
  if (query.from) where.push(sql`a.created_at >= ${query.from}::timestamptz`);
  if (query.to) where.push(sql`a.created_at < ${query.to}::timestamptz`);
  if (query.q) where.push(sql`${sql.fixed(AUDIT_SEARCH_TEXT)} ilike ${containsPattern(query.q)}`);
  return { where, search: !!query.q };
}

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

/** Lets this transaction delete audit rows (the table's delete guard reads `app.audit_purge`). */
export async function allowAuditPurge(tx: Queryable): Promise<void> {
  await tx.query("select set_config('app.audit_purge', 'on', true)");
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
