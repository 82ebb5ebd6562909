/**
 * What the Real-time Monitor reads besides the list: its counters, and the staff notifications addressed to the
 * reader (by user, or by role within the reader's organization).
 */
import type { ApplicationCounts, StaffNotification } from '@admin-portal/contract/applications/api';
import type { Queryable } from '../../db/client.ts';
import { run, sql } from '../../db/sql.ts';
import { scopeConditions, stateRows } from './state-counts.queries.ts';

/**
 * The monitor's counters, in one statement (one snapshot, one round trip). In progress, waiting for review and failed
 * come from the kept state counts (a few rows per workflow, however many cases); overdue counts the cases whose kept
 * earliest open review due time has passed (applications_review_due_idx, as the list's overdue filter), completed
 * today reads today's completions (applications_completed_idx): both grow with the day's work, not with the history.
 */
export async function countApplications(
  db: Queryable,
  scope: { organizationId: string | null; workflowId?: string | undefined; todayFrom: string },
): Promise<ApplicationCounts> {
  const res = await run<ApplicationCounts>(
    db,
    sql`select coalesce(sum(s.n) filter (where s.status in ('pending', 'running', 'waiting')), 0)::int as in_progress,
              coalesce(sum(s.n) filter (where s.status = 'waiting' and s.waiting_for = 'approval'), 0)::int as waiting_for_review,
              (select count(*) from applications a
                where a.review_due_at < now()${scopeConditions(scope, 'a')})::int as overdue,
              (select count(*) from applications a
                where a.status = 'completed' and a.completed_at >= ${scope.todayFrom}::timestamptz${scopeConditions(scope, 'a')})::int as completed_today,
              coalesce(sum(s.n) filter (where s.status = 'failed'), 0)::int as failed
         from (${stateRows(scope)}) s`,
    { prepare: false },
  );
  return res.rows[0]!;
}

interface Reader {
  userId: string;
  role: string;
  organizationId: string;
}

const ADDRESSED = `n.organization_id = $1 and (n.recipient_user_id = $2 or (n.recipient_user_id is null and n.recipient_role = $3))`;

export async function notificationsFor(
  db: Queryable,
  reader: Reader,
  page: { limit: number; offset: number; unread?: boolean | undefined },
): Promise<{ items: StaffNotification[]; total: number; unread: number }> {
  const params = [reader.organizationId, reader.userId, reader.role];
  const onlyUnread = page.unread ? 'and not ($2 = any(n.read_by))' : '';
  const rows = await db.query<Omit<StaffNotification, 'created_at'> & { created_at: Date }>(
    `select n.id, n.application_id, a.applicant_name, n.recipient_role, n.recipient_user_id, n.title, n.body,
            ($2 = any(n.read_by)) as read, n.created_at
       from staff_notifications n left join applications a on a.id = n.application_id
      where ${ADDRESSED} ${onlyUnread}
      order by n.created_at desc, n.id desc
      limit ${page.limit} offset ${page.offset}`,
    params,
  );
  const counts = await db.query<{ total: number; unread: number }>(
    `select count(*) ${page.unread ? 'filter (where not ($2 = any(n.read_by)))' : ''}::int as total,
            count(*) filter (where not ($2 = any(n.read_by)))::int as unread
       from staff_notifications n where ${ADDRESSED}`,
    params,
  );
  return {
    items: rows.rows.map((n) => ({ ...n, created_at: n.created_at.toISOString() })),
    total: counts.rows[0]!.total,
    unread: counts.rows[0]!.unread,
  };
}

/** Marks one notification (or, without an id, every one) addressed to the reader as read by them; answers how many changed. */
export async function markNotificationsRead(db: Queryable, reader: Reader, id: string | null): Promise<number> {
  const res = await db.query(
    `update staff_notifications n set read_by = array_append(n.read_by, $2)
      where ${ADDRESSED} and not ($2 = any(n.read_by)) and ($4::uuid is null or n.id = $4::uuid)`,
    [reader.organizationId, reader.userId, reader.role, id],
  );
  return res.rowCount ?? 0;
}

export async function isAddressedTo(db: Queryable, reader: Reader, id: string): Promise<boolean> {
  const res = await db.query(`select 1 from staff_notifications n where ${ADDRESSED} and n.id = $4`, [reader.organizationId, reader.userId, reader.role, id]);
  return res.rows.length > 0;
}
