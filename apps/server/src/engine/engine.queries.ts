/**
 * The engine's statements outside its state files (transitions.ts for a case and its visits, events.ts, jobs.ts):
 * the reviews an approval step opens and a decision closes, what a notification step writes for staff or keeps
 * unsent, and a workflow version's graph.
 */
import type { Queryable } from '../db/client.ts';

/** A review the approval step opens, for its role, due at `dueAt`; answers its id. */
export async function insertReviewTask(
  tx: Queryable,
  review: {
    organizationId: string;
    applicationId: string;
    workflowId: string;
    stepId: string;
    stepRunId: string;
    stepName: string;
    assigneeRole: string;
    instructions: string | null | undefined;
    dueAt: Date;
    /** A four-eyes step's second decision names the first review. */
    firstReviewId?: string;
  },
): Promise<string> {
  const res = await tx.query<{ id: string }>(
    `insert into review_tasks (organization_id, application_id, workflow_id, step_id, step_run_id, step_name, assignee_role, instructions, due_at,
                               stage, first_review_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, case when $10::uuid is null then 1 else 2 end, $10::uuid) returning id`,
    [
      review.organizationId,
      review.applicationId,
      review.workflowId,
      review.stepId,
      review.stepRunId,
      review.stepName,
      review.assigneeRole,
      review.instructions,
      review.dueAt,
      review.firstReviewId ?? null,
    ],
  );
  return res.rows[0]!.id;
}

/** Closes the review with the decision (`approved` or `rejected`), who made it, now, and its comment. */
export async function closeReviewTask(tx: Queryable, id: string, decision: { branch: string; userId: string; comment: string | null }): Promise<void> {
  await tx.query(`update review_tasks set status = $2, decided_by = $3, decided_at = now(), comment = $4 where id = $1`, [
    id,
    decision.branch,
    decision.userId,
    decision.comment,
  ]);
}

/** Cancels the case's open reviews. */
export async function cancelOpenReviews(tx: Queryable, applicationId: string): Promise<void> {
  await tx.query(`update review_tasks set status = 'cancelled' where application_id = $1 and status = 'open'`, [applicationId]);
}

/** Keeps an e-mail unsent in the outbox (no SMTP server configured); answers its id. */
export async function keepInOutbox(
  tx: Queryable,
  mail: { organizationId: string; applicationId: string; stepId: string; to: string; subject: string; body: string },
): Promise<string> {
  const res = await tx.query<{ id: string }>(
    `insert into mail_outbox (organization_id, application_id, step_id, to_address, subject, body) values ($1, $2, $3, $4, $5, $6) returning id`,
    [mail.organizationId, mail.applicationId, mail.stepId, mail.to, mail.subject, mail.body],
  );
  return res.rows[0]!.id;
}

/** The organization's user with this e-mail address (any case), or null. */
export async function findOrganizationUserByEmail(tx: Queryable, organizationId: string, email: string): Promise<string | null> {
  const res = await tx.query<{ id: string }>('select id from users where organization_id = $1 and lower(email) = lower($2)', [organizationId, email]);
  return res.rows[0]?.id ?? null;
}

/** A portal notification for a role or a user of the case's organization; answers its id. */
export async function insertStaffNotification(
  tx: Queryable,
  notice: { organizationId: string; applicationId: string; role: string | null; userId: string | null; title: string; body: string },
): Promise<string> {
  const res = await tx.query<{ id: string }>(
    `insert into staff_notifications (organization_id, application_id, recipient_role, recipient_user_id, title, body)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [notice.organizationId, notice.applicationId, notice.role, notice.userId, notice.title, notice.body],
  );
  return res.rows[0]!.id;
}

/** The saved graph of a workflow version, or undefined when the version does not exist. */
export async function findVersionGraph<G>(db: Queryable, workflowId: string, version: number): Promise<G | undefined> {
  const res = await db.query<{ graph: G }>('select graph from workflow_versions where workflow_id = $1 and version = $2', [workflowId, version]);
  return res.rows[0]?.graph;
}

/** The open review of an approval step's visit, with what escalating it needs; null when none is open. */
export async function findOpenReviewOfVisit(
  tx: Queryable,
  stepRunId: string,
): Promise<{ id: string; due_at: Date; escalated_at: Date | null; assignee_role: string; step_name: string } | null> {
  const res = await tx.query<{ id: string; due_at: Date; escalated_at: Date | null; assignee_role: string; step_name: string }>(
    `select id, due_at, escalated_at, assignee_role, step_name from review_tasks where step_run_id = $1 and status = 'open' order by created_at limit 1 for update`,
    [stepRunId],
  );
  return res.rows[0] ?? null;
}

/** An active staff member of the organization (or a super administrator) by e-mail address, with their role; or null. */
export async function findActiveStaffByEmail(
  tx: Queryable,
  organizationId: string,
  email: string,
): Promise<{ id: string; email: string; role: string; organization_id: string } | null> {
  const res = await tx.query<{ id: string; email: string; role: string; organization_id: string }>(
    `select id, email, role, organization_id from users
      where lower(email) = lower($2) and is_active and not pending_approval and (organization_id = $1 or role = 'super_admin')`,
    [organizationId, email],
  );
  return res.rows[0] ?? null;
}

/** The e-mail addresses of a role's active staff in the organization (at most `limit`). */
export async function roleMemberEmails(tx: Queryable, organizationId: string, role: string, limit: number): Promise<string[]> {
  const res = await tx.query<{ email: string }>(
    `select email from users where organization_id = $1 and role = $2 and is_active and not pending_approval order by email limit $3`,
    [organizationId, role, limit],
  );
  return res.rows.map((r) => r.email);
}

/**
 * Escalates a review: marked, handed to `role` (nobody has it then) or given to `userId` (with the role it had or is
 * given), and its case marked escalated.
 */
export async function escalateReviewTask(tx: Queryable, review: { id: string; applicationId: string; role: string; userId: string | null }): Promise<void> {
  await tx.query(
    `update review_tasks set escalated_at = now(), assignee_role = $2, claimed_by = $3::uuid,
            claimed_at = case when $3::uuid is null then null else now() end, assigned_by = null
      where id = $1`,
    [review.id, review.role, review.userId],
  );
  await tx.query(`update applications set escalated_at = coalesce(escalated_at, now()) where id = $1`, [review.applicationId]);
}
