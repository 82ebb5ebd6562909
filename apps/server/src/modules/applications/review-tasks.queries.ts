import type { Queryable } from '../../db/client.ts';

export interface ReviewTaskRow {
  id: string;
  organization_id: string;
  application_id: string;
  workflow_id: string;
  step_id: string;
  step_run_id: string;
  step_name: string;
  assignee_role: string;
  instructions: string;
  status: 'open' | 'approved' | 'rejected' | 'cancelled';
  due_at: Date;
  decided_by: string | null;
  decided_by_email: string | null;
  decided_at: Date | null;
  comment: string | null;
  created_at: Date;
  claimed_by: string | null;
  claimed_by_email: string | null;
  claimed_by_name: string | null;
  claimed_at: Date | null;
  assigned_by_email: string | null;
  escalated_at: Date | null;
  stage: number;
  first_review_id: string | null;
  /** Who gave the first decision of a four-eyes step (on its second review). */
  first_decided_by: string | null;
  applicant_name?: string;
  workflow_name?: string;
}

const COLUMNS = `t.id, t.organization_id, t.application_id, t.workflow_id, t.step_id, t.step_run_id, t.step_name, t.assignee_role, t.instructions,
  t.status, t.due_at, t.decided_by, u.email as decided_by_email, t.decided_at, t.comment, t.created_at,
  t.claimed_by, h.email as claimed_by_email, trim(h.first_name || ' ' || h.last_name) as claimed_by_name, t.claimed_at, ab.email as assigned_by_email, t.escalated_at,
  t.stage, t.first_review_id, f.decided_by as first_decided_by`;
/** The people a task names: who decided it, who has it, who assigned it. */
const PEOPLE = `left join users u on u.id = t.decided_by left join users h on h.id = t.claimed_by left join users ab on ab.id = t.assigned_by
  left join review_tasks f on f.id = t.first_review_id`;

export async function findReviewTask(db: Queryable, id: string, lock = false): Promise<ReviewTaskRow | null> {
  const res = await db.query<ReviewTaskRow>(`select ${COLUMNS} from review_tasks t ${PEOPLE} where t.id = $1 ${lock ? 'for update of t' : ''}`, [id]);
  return res.rows[0] ?? null;
}

export async function findReviewTasksOf(db: Queryable, applicationId: string): Promise<ReviewTaskRow[]> {
  const res = await db.query<ReviewTaskRow>(`select ${COLUMNS} from review_tasks t ${PEOPLE} where t.application_id = $1 order by t.created_at, t.id`, [
    applicationId,
  ]);
  return res.rows;
}

export interface ReviewTaskFilter {
  scope: string | null;
  /** The organization the caller names (null: none); with `scope`, another organization's tasks never match. */
  organizationId: string | null;
  status: string;
  /** Only tasks of these roles (null: any). */
  roles: readonly string[] | null;
  overdue?: boolean;
  /** Whose tasks: one person's (a user id), nobody's (`nobody`), or anyone's (null). */
  holder: string | null;
  limit: number;
  offset: number;
}

/** A queue of review tasks, soonest deadline first, with the applicant and workflow names. */
export async function listReviewTasks(db: Queryable, f: ReviewTaskFilter): Promise<{ rows: ReviewTaskRow[]; total: number }> {
  const where = [
    '($1::uuid is null or t.organization_id = $1::uuid)',
    't.status = $2',
    '($3::text[] is null or t.assignee_role = any($3::text[]))',
    '($4::uuid is null or t.organization_id = $4::uuid)',
  ];
  if (f.overdue === true) where.push('t.due_at < now()');
  if (f.overdue === false) where.push('t.due_at >= now()');
  const params: unknown[] = [f.scope, f.status, f.roles ? [...f.roles] : null, f.organizationId];
  if (f.holder === 'nobody') where.push('t.claimed_by is null');
  else if (f.holder !== null) where.push(`t.claimed_by = $${params.push(f.holder)}::uuid`);
  const [rows, count] = await Promise.all([
    db.query<ReviewTaskRow>(
      `select ${COLUMNS}, a.applicant_name, w.name as workflow_name
         from review_tasks t join applications a on a.id = t.application_id join workflows w on w.id = t.workflow_id
         ${PEOPLE}
        where ${where.join(' and ')}
        order by t.due_at, t.id limit ${f.limit} offset ${f.offset}`,
      params,
    ),
    db.query<{ n: number }>(`select count(*)::int as n from review_tasks t where ${where.join(' and ')}`, params),
  ]);
  return { rows: rows.rows, total: count.rows[0]!.n };
}

/** Gives the task to `userId` (claimed when `assignedBy` is null, assigned by that lead otherwise), or to nobody. */
export async function setReviewHolder(db: Queryable, taskId: string, userId: string | null, assignedBy: string | null): Promise<void> {
  await db.query(
    `update review_tasks set claimed_by = $2::uuid, claimed_at = case when $2::uuid is null then null else now() end, assigned_by = $3::uuid where id = $1`,
    [taskId, userId, userId === null ? null : assignedBy],
  );
}

export interface ReviewCountsFilter {
  scope: string | null;
  organizationId: string | null;
  userId: string;
  /** The roles whose tasks the caller may decide (null: every role, for administrators). */
  roles: readonly string[] | null;
}

/**
 * The caller's open reviews: theirs, nobody's of their roles, all of their roles, and theirs overdue. Four counts, each
 * on the index made for it (the holder's; the unclaimed by organization and role; the open by organization and role).
 */
export async function countReviewQueues(
  db: Queryable,
  f: ReviewCountsFilter,
): Promise<{ mine: number; unclaimed: number; roles: number; overdue_mine: number }> {
  const scope = `($1::uuid is null or t.organization_id = $1::uuid) and ($2::uuid is null or t.organization_id = $2::uuid)`;
  const roles = `($4::text[] is null or t.assignee_role = any($4::text[]))`;
  const res = await db.query<{ mine: number; unclaimed: number; roles: number; overdue_mine: number }>(
    `select (select count(*)::int from review_tasks t where t.status = 'open' and t.claimed_by = $3::uuid and ${scope}) as mine,
            (select count(*)::int from review_tasks t where t.status = 'open' and t.claimed_by is null and ${roles} and ${scope}) as unclaimed,
            (select count(*)::int from review_tasks t where t.status = 'open' and ${roles} and ${scope}) as roles,
            (select count(*)::int from review_tasks t where t.status = 'open' and t.claimed_by = $3::uuid and t.due_at < now() and ${scope}) as overdue_mine`,
    [f.scope, f.organizationId, f.userId, f.roles ? [...f.roles] : null],
  );
  return res.rows[0]!;
}

export interface StaffMember {
  id: string;
  organization_id: string;
  email: string;
  name: string;
  role: string;
}

const ACTIVE_STAFF = `u.is_active and not u.pending_approval`;

/** An active staff member (not awaiting approval), or null. */
export async function findActiveStaff(db: Queryable, userId: string): Promise<StaffMember | null> {
  const res = await db.query<StaffMember>(
    `select u.id, u.organization_id, u.email, trim(u.first_name || ' ' || u.last_name) as name, u.role from users u where u.id = $1 and ${ACTIVE_STAFF}`,
    [userId],
  );
  return res.rows[0] ?? null;
}

/**
 * Active staff of `organizationId` whose role is one of `roles`, and super administrators when `superAdmins`, with how
 * many open reviews each has now; by name.
 */
export async function listReviewers(
  db: Queryable,
  f: { organizationId: string | null; roles: readonly string[]; superAdmins: boolean },
): Promise<(StaffMember & { open_reviews: number })[]> {
  const res = await db.query<StaffMember & { open_reviews: number }>(
    `select u.id, u.organization_id, u.email, trim(u.first_name || ' ' || u.last_name) as name, u.role,
            (select count(*)::int from review_tasks t where t.claimed_by = u.id and t.status = 'open') as open_reviews
       from users u
      where ${ACTIVE_STAFF}
        and ((u.role = any($2::text[]) and ($1::uuid is null or u.organization_id = $1::uuid)) or ($3 and u.role = 'super_admin'))
      order by lower(u.first_name), lower(u.last_name), u.id
      limit 500`,
    [f.organizationId, [...f.roles], f.superAdmins],
  );
  return res.rows;
}

/** The applicant's name on a case ('' when none was given). */
export async function applicantNameOf(db: Queryable, applicationId: string): Promise<string> {
  const res = await db.query<{ applicant_name: string | null }>('select applicant_name from applications where id = $1', [applicationId]);
  return res.rows[0]?.applicant_name ?? '';
}

/** A portal notification to one staff member about a case's review (a lead gave it to them). */
export async function insertReviewNotice(
  db: Queryable,
  n: { organizationId: string; applicationId: string; userId: string; title: string; body: string },
): Promise<void> {
  await db.query(`insert into staff_notifications (organization_id, application_id, recipient_user_id, title, body) values ($1, $2, $3, $4, $5)`, [
    n.organizationId,
    n.applicationId,
    n.userId,
    n.title,
    n.body,
  ]);
}
