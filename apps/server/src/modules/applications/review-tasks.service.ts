/**
 * Review tasks: the queue (soonest deadline first) and decisions. A task is decided by its step's
 * `assignee_role`, by administrators and super administrators; the decision completes the approval step on
 * the Approved or Rejected branch and moves the case on, in one transaction.
 */
import type { FastifyRequest } from 'fastify';
import { APPLICATION_MESSAGES, type DecideReview } from '@admin-portal/contract/applications/api';
import type { Db } from '../../db/client.ts';
import { decideReview as decideCaseReview, lockCase, type Runtime, waitsForReview } from '../../engine/commands.ts';
import type { AuthContext } from '../../http/context.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { assertVisible, listScope } from '../../http/organization-scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { presentReviewTask } from './applications.presenter.ts';
import { findReviewTask, listReviewTasks } from './review-tasks.queries.ts';

const ALWAYS = ['admin', 'super_admin'];

export const mayDecide = (auth: AuthContext, assigneeRole: string) => ALWAYS.includes(auth.role) || auth.role === assigneeRole;

export async function reviewQueue(
  db: Db,
  auth: AuthContext,
  q: { status: 'open' | 'approved' | 'rejected' | 'cancelled'; mine?: boolean; overdue?: boolean; organization_id?: string; limit: number; offset: number },
) {
  const roles = q.mine && !ALWAYS.includes(auth.role) ? [auth.role] : null;
  const { rows, total } = await listReviewTasks(db, {
    scope: listScope(auth),
    organizationId: q.organization_id ?? null,
    status: q.status,
    roles,
    overdue: q.overdue,
    limit: q.limit,
    offset: q.offset,
  });
  return { items: rows.map(presentReviewTask), total, limit: q.limit, offset: q.offset };
}

export async function decideReview(db: Db, runtime: Runtime, request: FastifyRequest, auth: AuthContext, taskId: string, body: DecideReview) {
  const decided = await db.transaction(async (tx) => {
    const found = await findReviewTask(tx, taskId);
    assertVisible(auth, found, 'Review task');
    // The case first, then the task: every path that changes both locks them in this order.
    const c = await lockCase(tx, found.application_id);
    const task = (await findReviewTask(tx, taskId, true))!;
    if (!mayDecide(auth, task.assignee_role)) throw forbidden(APPLICATION_MESSAGES.notYourReview);
    if (!waitsForReview(c, task)) throw conflict(APPLICATION_MESSAGES.taskClosed);
    const branch = body.decision === 'approve' ? 'approved' : 'rejected';
    await decideCaseReview(tx, db, c, task, { branch, comment: body.comment ?? null, by: { userId: auth.userId, email: auth.email } }, new Date());
    await recordAudit(tx, request, {
      action: `application.review.${branch}`,
      targetType: 'application',
      targetId: c.id,
      organizationId: c.organization_id,
      changes: { review_task_id: task.id, step: task.step_name, ...(body.comment ? { comment: body.comment } : {}) },
    });
    return task.id;
  });
  runtime.wake();
  return presentReviewTask((await findReviewTask(db, decided))!);
}
