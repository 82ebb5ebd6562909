/** An approval step: a review task for the step's role with its SLA deadline; the case waits for the decision. */
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
    const res = await tx.query<{ id: string }>(
      `insert into review_tasks (organization_id, application_id, workflow_id, step_id, step_run_id, step_name, assignee_role, instructions, due_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [c.organization_id, c.id, c.workflow_id, step.id, run.id, step.name, config.assignee_role, config.instructions, due],
    );
    return {
      kind: 'wait',
      waitingFor: 'approval',
      until: due,
      output: { review_task_id: res.rows[0]!.id, assignee_role: config.assignee_role, due_at: due.toISOString() },
    };
  },
};
