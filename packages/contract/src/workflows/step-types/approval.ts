import { z } from 'zod';
import { defineStepType } from './step-type.ts';

export const approvalStep = defineStepType({
  type: 'approval',
  label: 'Approval',
  description: 'Waits for a staff member to approve or reject the application.',
  icon: 'person-check',
  category: 'review',
  config: z.object({
    instructions: z.string().max(2000).default('Review the application and decide.'),
    assignee_role: z.enum(['admin', 'manager', 'operator', 'compliance_officer']).default('operator'),
    sla_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
  }),
  defaults: { instructions: 'Review the application and decide.', assignee_role: 'operator', sla_hours: 24 },
  acceptsInput: true,
  outputs: {
    kind: 'branches',
    branches: () => [
      { id: 'approved', label: 'Approved' },
      { id: 'rejected', label: 'Rejected' },
    ],
  },
});
