/**
 * An approval step: a review task for the step's role with its deadline (SLA in hours, or minutes); the case waits for
 * the decision. A step that escalates is woken at the deadline: if the review is still open it is marked escalated
 * (and its case), handed on to another role or given to a named person, and they are told (a portal notification,
 * and an e-mail when the step says so).
 */
import { EMAIL_PATTERN } from '@admin-portal/contract/common';
import { roleLabel } from '@admin-portal/contract/role-names';
import type { SavedStep } from '@admin-portal/contract/workflows/api';
import type { Queryable } from '../../db/client.ts';
import { recordEvent } from '../events.ts';
import {
  escalateReviewTask,
  findActiveStaffByEmail,
  findOpenReviewOfVisit,
  insertReviewTask,
  insertStaffNotification,
  keepInOutbox,
  roleMemberEmails,
} from '../engine.queries.ts';
import type { CaseRow, StepRun } from '../transitions.ts';
import { evaluateCondition } from '@admin-portal/contract/workflows/expression';
import { scopeOf, type RuntimeDeps, type StepExecutor } from './types.ts';

interface ApprovalConfig {
  second_decision?: 'never' | 'always' | 'when';
  second_role?: string;
  second_when?: string;
  first_reject_final?: boolean;
  instructions: string;
  assignee_role: string;
  sla_hours: number;
  sla_minutes?: number;
  escalate?: boolean;
  escalate_to_role?: string;
  escalate_to_email?: string;
  escalate_by_email?: boolean;
}

/** E-mails one escalation sends at most (a role's members). */
const ESCALATION_EMAILS = 20;

const configOf = (step: SavedStep) => step.config as unknown as ApprovalConfig;

/** The step's deadline in ms: its minutes when set, else its hours. */
export const slaMs = (config: Pick<ApprovalConfig, 'sla_hours' | 'sla_minutes'>): number =>
  config.sla_minutes ? config.sla_minutes * 60_000 : config.sla_hours * 3_600_000;

/**
 * Whether a first decision on the step asks for a second one (four eyes): always, or when its condition holds on the
 * case's data; after a reject only when the step says a first reject is not final.
 */
export function needsSecondDecision(step: SavedStep, branch: 'approved' | 'rejected', c: CaseRow): boolean {
  const config = configOf(step);
  const mode = config.second_decision ?? 'never';
  if (mode === 'never') return false;
  if (branch === 'rejected' && config.first_reject_final !== false) return false;
  if (mode === 'always') return true;
  try {
    return Boolean(config.second_when) && evaluateCondition(config.second_when!, scopeOf(c));
  } catch {
    // An expression that cannot be read on this data asks for the second decision: the safe side of dual control.
    return true;
  }
}

/** The role a four-eyes step's second decision is for (a compliance officer unless the step names another). */
export const secondRoleOf = (step: SavedStep): string => configOf(step).second_role ?? 'compliance_officer';

/** The second review of a four-eyes step: for its second role, due a full deadline from now, naming the first. */
export async function openSecondReview(
  tx: Queryable,
  c: CaseRow,
  step: SavedStep,
  first: { id: string; step_run_id: string },
  now: Date,
): Promise<{ id: string; role: string; dueAt: Date }> {
  const config = configOf(step);
  const role = secondRoleOf(step);
  const dueAt = new Date(now.getTime() + slaMs(config));
  const id = await insertReviewTask(tx, {
    organizationId: c.organization_id,
    applicationId: c.id,
    workflowId: c.workflow_id,
    stepId: step.id,
    stepRunId: first.step_run_id,
    stepName: step.name,
    assigneeRole: role,
    instructions: config.instructions,
    dueAt,
    firstReviewId: first.id,
  });
  return { id, role, dueAt };
}

/** Whether the step escalates its review when the deadline passes. */
export const escalates = (step: SavedStep): boolean => step.type === 'approval' && configOf(step).escalate === true;

export const approvalExecutor: StepExecutor = {
  io: () => false,
  async run({ step, case: c, run, tx, deps }) {
    const config = configOf(step);
    const due = new Date(deps.clock.now() + slaMs(config));
    const reviewId = await insertReviewTask(tx, {
      organizationId: c.organization_id,
      applicationId: c.id,
      workflowId: c.workflow_id,
      stepId: step.id,
      stepRunId: run.id,
      stepName: step.name,
      assigneeRole: config.assignee_role,
      instructions: config.instructions,
      dueAt: due,
    });
    return {
      kind: 'wait',
      waitingFor: 'approval',
      until: due,
      output: { review_task_id: reviewId, assignee_role: config.assignee_role, due_at: due.toISOString() },
    };
  },
};

/**
 * A case waiting at an approval step that escalates, woken: before the deadline, when to wake it again; at or after
 * it, the escalation (once) — then nothing more to wake it for.
 */
export async function escalateWhenDue(tx: Queryable, deps: RuntimeDeps, c: CaseRow, step: SavedStep, run: StepRun): Promise<Date | null> {
  const review = await findOpenReviewOfVisit(tx, run.id);
  if (!review || review.escalated_at) return null;
  if (review.due_at.getTime() > deps.clock.now()) return review.due_at;
  const config = configOf(step);
  const role = config.escalate_to_role || review.assignee_role;
  const email = config.escalate_to_email?.trim() || '';
  const person = email ? await findActiveStaffByEmail(tx, c.organization_id, email) : null;
  // Given to the person only if they may decide it (its role, or an administrator); else it stays with the role.
  const holder = person && (person.role === 'super_admin' || person.role === 'admin' || person.role === role) ? person : null;
  await escalateReviewTask(tx, { id: review.id, applicationId: c.id, role, userId: holder?.id ?? null });

  const applicant = typeof c.applicant.name === 'string' && c.applicant.name ? c.applicant.name : 'An applicant';
  const overdue = `the deadline was ${review.due_at.toISOString()}`;
  const title = `Review escalated: ${review.step_name}`;
  const body = `${applicant}'s review "${review.step_name}" passed its deadline (${overdue}) and was escalated to ${holder ? 'you' : `the ${roleLabel(role)} role`}.`;
  await insertStaffNotification(tx, {
    organizationId: c.organization_id,
    applicationId: c.id,
    role: holder ? null : role,
    userId: holder?.id ?? null,
    title,
    body,
  });
  const emailed = config.escalate_by_email
    ? await emailEscalation(tx, deps, c, step, holder ? [holder.email] : await roleMemberEmails(tx, c.organization_id, role, ESCALATION_EMAILS), title, body)
    : null;
  await recordEvent(tx, deps.db, {
    application: c,
    type: 'review_escalated',
    step: { id: step.id, type: step.type },
    stepRunId: run.id,
    data: {
      review_task_id: review.id,
      step: review.step_name,
      due_at: review.due_at.toISOString(),
      from_role: review.assignee_role,
      to_role: role,
      ...(holder ? { holder: holder.email } : {}),
      ...(email && !holder ? { not_given_to: email } : {}),
      ...(emailed ? { emailed } : {}),
    },
  });
  return null;
}

/** E-mails the escalation (kept in the outbox without an SMTP server); a failed send is counted, never fails the case. */
async function emailEscalation(
  tx: Queryable,
  deps: RuntimeDeps,
  c: CaseRow,
  step: SavedStep,
  to: readonly string[],
  subject: string,
  text: string,
): Promise<{ sent: number; kept: number; failed: number }> {
  const out = { sent: 0, kept: 0, failed: 0 };
  for (const address of to.filter((a) => EMAIL_PATTERN.test(a))) {
    if (!deps.mailer.configured) {
      await keepInOutbox(tx, { organizationId: c.organization_id, applicationId: c.id, stepId: step.id, to: address, subject, body: text });
      out.kept += 1;
      continue;
    }
    try {
      await deps.mailer.send({ to: address, subject, text });
      out.sent += 1;
    } catch {
      out.failed += 1;
    }
  }
  return out;
}
