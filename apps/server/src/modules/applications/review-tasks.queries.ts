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
  applicant_name?: string;
  workflow_name?: string;
}

const COLUMNS = `t.id, t.organization_id, t.application_id, t.workflow_id, t.step_id, t.step_run_id, t.step_name, t.assignee_role, t.instructions,
  t.status, t.due_at, t.decided_by, u.email as decided_by_email, t.decided_at, t.comment, t.created_at`;

export async function findReviewTask(db: Queryable, id: string, lock = false): Promise<ReviewTaskRow | null> {
  const res = await db.query<ReviewTaskRow>(
    `select ${COLUMNS} from review_tasks t left join users u on u.id = t.decided_by where t.id = $1 ${lock ? 'for update of t' : ''}`,
    [id],
  );
  return res.rows[0] ?? null;
}

export async function findReviewTasksOf(db: Queryable, applicationId: string): Promise<ReviewTaskRow[]> {
  const res = await db.query<ReviewTaskRow>(
    `select ${COLUMNS} from review_tasks t left join users u on u.id = t.decided_by where t.application_id = $1 order by t.created_at, t.id`,
    [applicationId],
  );
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
  const params = [f.scope, f.status, f.roles ? [...f.roles] : null, f.organizationId];
  const [rows, count] = await Promise.all([
    db.query<ReviewTaskRow>(
      `select ${COLUMNS}, a.applicant_name, w.name as workflow_name
         from review_tasks t join applications a on a.id = t.application_id join workflows w on w.id = t.workflow_id
         left join users u on u.id = t.decided_by
        where ${where.join(' and ')}
        order by t.due_at, t.id limit ${f.limit} offset ${f.offset}`,
      params,
    ),
    db.query<{ n: number }>(`select count(*)::int as n from review_tasks t where ${where.join(' and ')}`, params),
  ]);
  return { rows: rows.rows, total: count.rows[0]!.n };
}
