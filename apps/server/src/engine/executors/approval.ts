/** An approval step: a review task for the step's role with its SLA deadline; the case waits for the decision. */
import { insertReviewTask } from '../engine.queries.ts';
import type { StepExecutor } from './types.ts';

interface ApprovalConfig {
  instructions: string;
  assignee_role: string;
  sla_hours: number;
}

export const approvalExecutor: StepExecutor = {
  io: () => false,
  async run({ step, case: c, run, tx, deps }) {
    const config = step.config as unknown as ApprovalConfig;
    const due = new Date(deps.clock.now() + config.sla_hours * 3_600_000);
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
