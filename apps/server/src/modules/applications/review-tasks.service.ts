/**
 * Review tasks: the queue (soonest deadline first), who has each one (claim, release, a lead's assignment: issue 35,
 * ADR 0057) and decisions. A task is decided by its step's `assignee_role`, by administrators and super
 * administrators, and, once someone has it, by that person only; the decision completes the approval step on the
 * Approved or Rejected branch and moves the case on, in one transaction.
 */
import type { FastifyRequest } from 'fastify';
import {
  APPLICATION_MESSAGES,
  type AssignReview,
  type BulkReview,
  type BulkReviewResponse,
  type DecideReview,
  type ReviewQueueCounts,
} from '@admin-portal/contract/applications/api';
import type { Role } from '@admin-portal/contract/roles';
import type { Db, Queryable } from '../../db/client.ts';
import { decideReview as decideCaseReview, lockCase, recordCaseWorkEvent, type CaseRow, type Runtime, waitsForReview } from '../../engine/commands.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, forbidden, HttpError, invalidField } from '../../http/errors.ts';
import { assertVisible, canSee, listScope } from '../../http/organization-scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { presentReviewTask } from './applications.presenter.ts';
import {
  countReviewQueues,
  findActiveStaff,
  findReviewTask,
  insertReviewNotice,
  listReviewers,
  listReviewTasks,
  type ReviewTaskRow,
  setReviewHolder,
  type StaffMember,
} from './review-tasks.queries.ts';

const ALWAYS = ['admin', 'super_admin'];

export const mayDecide = (auth: Pick<AuthContext, 'role'>, assigneeRole: string) => ALWAYS.includes(auth.role) || auth.role === assigneeRole;

/** Whether a staff member may decide a task: its role or an administrator of its organization, or a super administrator. */
const memberMayDecide = (m: StaffMember, task: ReviewTaskRow) =>
  m.role === 'super_admin' || (m.organization_id === task.organization_id && (m.role === 'admin' || m.role === task.assignee_role));

/** How a task's holder is named to others: their name, else their e-mail. */
const holderName = (t: Pick<ReviewTaskRow, 'claimed_by_name' | 'claimed_by_email'>) => t.claimed_by_name || t.claimed_by_email || 'someone else';

/** The roles whose tasks the caller may decide (null: all, for administrators). */
const decidableRoles = (auth: AuthContext): string[] | null => (ALWAYS.includes(auth.role) ? null : [auth.role]);

export async function reviewQueue(
  db: Db,
  auth: AuthContext,
  q: {
    status: 'open' | 'approved' | 'rejected' | 'cancelled';
    mine?: boolean;
    claimed_by?: string;
    overdue?: boolean;
    organization_id?: string;
    limit: number;
    offset: number;
  },
) {
  const holder = q.claimed_by === undefined ? null : q.claimed_by === 'me' ? auth.userId : q.claimed_by;
  const { rows, total } = await listReviewTasks(db, {
    scope: listScope(auth),
    organizationId: q.organization_id ?? null,
    status: q.status,
    roles: q.mine ? decidableRoles(auth) : null,
    overdue: q.overdue,
    holder,
    limit: q.limit,
    offset: q.offset,
  });
  return { items: rows.map(presentReviewTask), total, limit: q.limit, offset: q.offset };
}

export async function reviewQueueCounts(db: Db, auth: AuthContext, q: { organization_id?: string }): Promise<ReviewQueueCounts> {
  return countReviewQueues(db, { scope: listScope(auth), organizationId: q.organization_id ?? null, userId: auth.userId, roles: decidableRoles(auth) });
}

/** Staff who may decide reviews (of `role`, or of any role) in the caller's organization, with their open reviews. */
export async function reviewers(db: Db, auth: AuthContext, q: { role?: Role; organization_id?: string }) {
  const organizationId = listScope(auth) ?? q.organization_id ?? null;
  if (organizationId && q.organization_id && organizationId !== q.organization_id) return { items: [] };
  const roles = q.role === undefined ? ['admin', 'manager', 'operator', 'compliance_officer'] : q.role === 'super_admin' ? [] : [...new Set([q.role, 'admin'])];
  const items = await listReviewers(db, { organizationId, roles, superAdmins: auth.isSuperAdmin });
  return { items: items.map(({ organization_id: _org, ...r }) => r) };
}

/**
 * The task, visible to the caller, with its case locked first (every path that changes both locks them in this
 * order), then the task; an open task only.
 */
async function lockOpenTask(tx: Queryable, auth: AuthContext, taskId: string): Promise<{ c: CaseRow; task: ReviewTaskRow }> {
  const found = await findReviewTask(tx, taskId);
  assertVisible(auth, found, 'Review task');
  const c = await lockCase(tx, found.application_id);
  const task = (await findReviewTask(tx, taskId, true))!;
  if (!waitsForReview(c, task)) throw conflict(APPLICATION_MESSAGES.taskClosed);
  return { c, task };
}

const stepOf = (task: ReviewTaskRow) => ({ id: task.step_id, type: 'approval' });
const by = (auth: AuthContext) => ({ type: 'user' as const, id: auth.userId });

/** The caller takes the review: one of two at once wins, the other is told who has it. Claiming one's own again changes nothing. */
export async function claimReview(db: Db, request: FastifyRequest, auth: AuthContext, taskId: string) {
  await claim(db, request, auth, taskId);
  return presentReviewTask((await findReviewTask(db, taskId))!);
}

/** The claim in its transaction; answers the case's id. */
function claim(db: Db, request: FastifyRequest, auth: AuthContext, taskId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const { c, task } = await lockOpenTask(tx, auth, taskId);
    if (!mayDecide(auth, task.assignee_role)) throw forbidden(APPLICATION_MESSAGES.notYourReview);
    if (task.first_decided_by === auth.userId) throw forbidden(APPLICATION_MESSAGES.sameReviewerTwice);
    if (task.claimed_by === auth.userId) return c.id;
    if (task.claimed_by !== null) throw conflict(APPLICATION_MESSAGES.reviewClaimedBy(holderName(task)));
    await setReviewHolder(tx, task.id, auth.userId, null);
    await recordCaseWorkEvent(tx, db, c, 'review_claimed', by(auth), stepOf(task), { review_task_id: task.id, step: task.step_name, holder: auth.email });
    await recordAudit(tx, request, {
      action: 'application.review.claimed',
      targetType: 'application',
      targetId: c.id,
      organizationId: c.organization_id,
      changes: { review_task_id: task.id, step: task.step_name },
    });
    return c.id;
  });
}

/** The review goes back to its role's queue: by the person who has it, or by a lead (manage_reviews). */
export async function releaseReview(db: Db, request: FastifyRequest, auth: AuthContext, taskId: string) {
  await release(db, request, auth, taskId);
  return presentReviewTask((await findReviewTask(db, taskId))!);
}

/** The release in its transaction; answers the case's id. */
function release(db: Db, request: FastifyRequest, auth: AuthContext, taskId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const { c, task } = await lockOpenTask(tx, auth, taskId);
    if (task.claimed_by === null) throw conflict(APPLICATION_MESSAGES.reviewNotClaimed);
    if (task.claimed_by !== auth.userId && !auth.permissions.has('manage_reviews')) throw forbidden(APPLICATION_MESSAGES.releaseNotYours);
    await setReviewHolder(tx, task.id, null, null);
    const from = task.claimed_by_email;
    await recordCaseWorkEvent(tx, db, c, 'review_released', by(auth), stepOf(task), { review_task_id: task.id, step: task.step_name, from });
    await recordAudit(tx, request, {
      action: 'application.review.released',
      targetType: 'application',
      targetId: c.id,
      organizationId: c.organization_id,
      changes: { review_task_id: task.id, step: task.step_name, from },
    });
    return c.id;
  });
}

/** A lead gives the review to a named person who may decide it, whoever had it; they get a portal notification. */
export async function assignReview(db: Db, request: FastifyRequest, auth: AuthContext, taskId: string, body: AssignReview) {
  await assign(db, request, auth, taskId, body);
  return presentReviewTask((await findReviewTask(db, taskId))!);
}

/** The assignment in its transaction; answers the case's id. */
function assign(db: Db, request: FastifyRequest, auth: AuthContext, taskId: string, body: AssignReview): Promise<string> {
  return db.transaction(async (tx) => {
    const { c, task } = await lockOpenTask(tx, auth, taskId);
    const member = await findActiveStaff(tx, body.user_id);
    if (!member || !(member.organization_id === task.organization_id || member.role === 'super_admin')) {
      throw invalidField('user_id', APPLICATION_MESSAGES.assigneeUnknown);
    }
    if (!memberMayDecide(member, task)) throw invalidField('user_id', APPLICATION_MESSAGES.assigneeMayNotDecide);
    if (member.id === task.first_decided_by) throw invalidField('user_id', APPLICATION_MESSAGES.assigneeGaveFirstDecision);
    if (task.claimed_by === member.id) return c.id;
    await setReviewHolder(tx, task.id, member.id, auth.userId);
    const change = { review_task_id: task.id, step: task.step_name, to: member.email, from: task.claimed_by_email };
    await recordCaseWorkEvent(tx, db, c, 'review_assigned', by(auth), stepOf(task), { ...change, holder: member.email });
    if (member.id !== auth.userId) {
      await insertReviewNotice(tx, {
        organizationId: c.organization_id,
        applicationId: c.id,
        userId: member.id,
        title: `Review assigned to you: ${task.step_name}`,
        body: `${auth.email} gave you the review "${task.step_name}" of ${typeof c.applicant.name === 'string' && c.applicant.name ? c.applicant.name : 'an unnamed applicant'}.`,
      });
    }
    await recordAudit(tx, request, {
      action: 'application.review.assigned',
      targetType: 'application',
      targetId: c.id,
      organizationId: c.organization_id,
      changes: change,
    });
    return c.id;
  });
}

export async function decideReview(db: Db, runtime: Runtime, request: FastifyRequest, auth: AuthContext, taskId: string, body: DecideReview) {
  await decide(db, request, auth, taskId, body);
  runtime.wake();
  return presentReviewTask((await findReviewTask(db, taskId))!);
}

/** The decision in its transaction (the runtime is to be woken after); answers the case's id. */
function decide(db: Db, request: FastifyRequest, auth: AuthContext, taskId: string, body: DecideReview): Promise<string> {
  return db.transaction(async (tx) => {
    const found = await findReviewTask(tx, taskId);
    assertVisible(auth, found, 'Review task');
    // The case first, then the task: every path that changes both locks them in this order.
    const c = await lockCase(tx, found.application_id);
    const task = (await findReviewTask(tx, taskId, true))!;
    if (!mayDecide(auth, task.assignee_role)) throw forbidden(APPLICATION_MESSAGES.notYourReview);
    if (!waitsForReview(c, task)) throw conflict(APPLICATION_MESSAGES.taskClosed);
    if (task.claimed_by !== null && task.claimed_by !== auth.userId) throw forbidden(APPLICATION_MESSAGES.reviewClaimedBy(holderName(task)));
    // Four eyes: the same person never gives both decisions, administrators included.
    if (task.first_decided_by === auth.userId) throw forbidden(APPLICATION_MESSAGES.sameReviewerTwice);
    const branch = body.decision === 'approve' ? 'approved' : 'rejected';
    await decideCaseReview(tx, db, c, task, { branch, comment: body.comment ?? null, by: { userId: auth.userId, email: auth.email } }, new Date());
    await recordAudit(tx, request, {
      action: `application.review.${branch}`,
      targetType: 'application',
      targetId: c.id,
      organizationId: c.organization_id,
      changes: { review_task_id: task.id, step: task.step_name, ...(body.comment ? { comment: body.comment } : {}) },
    });
    return c.id;
  });
}

/**
 * One action on many reviews (issue 35): each review in turn, as if alone — its own transaction, the same checks
 * (visibility, role, holder, rules) — with a result each: what the action alone would have answered.
 */
export async function bulkReview(db: Db, runtime: Runtime, request: FastifyRequest, auth: AuthContext, body: BulkReview): Promise<BulkReviewResponse> {
  if (body.action === 'assign') {
    if (!auth.permissions.has('manage_reviews')) throw forbidden();
    // Whom they go to is the same for every review: someone who is not there is bad input, not a result per review.
    const member = await findActiveStaff(db, body.user_id!);
    if (!member || !(canSee(auth, member.organization_id) || member.role === 'super_admin'))
      throw invalidField('user_id', APPLICATION_MESSAGES.assigneeUnknown);
  }
  const results: BulkReviewResponse['results'] = [];
  for (const id of body.task_ids) {
    try {
      const applicationId =
        body.action === 'approve' || body.action === 'reject'
          ? await decide(db, request, auth, id, { decision: body.action, ...(body.comment ? { comment: body.comment } : {}) })
          : body.action === 'claim'
            ? await claim(db, request, auth, id)
            : body.action === 'release'
              ? await release(db, request, auth, id)
              : await assign(db, request, auth, id, { user_id: body.user_id! });
      results.push({ task_id: id, ok: true, status: 200, detail: null, application_id: applicationId });
      // The runtime moves decided cases on while the rest are decided.
      if (body.action === 'approve' || body.action === 'reject') runtime.wake();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ task_id: id, ok: false, status: error.statusCode, detail: error.detail, application_id: null });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded };
}
