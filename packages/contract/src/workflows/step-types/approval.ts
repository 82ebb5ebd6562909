import { z } from 'zod';
import { EMAIL_PATTERN } from '../../email-pattern.ts';
import { checkExpression } from '../expression.ts';
import { defineStepType } from './step-type.ts';

export const approvalStep = defineStepType({
  type: 'approval',
  label: 'Approval',
  description: 'Waits for a staff member to approve or reject the application.',
  icon: 'person-check',
  category: 'review',
  config: z
    .object({
      instructions: z.string().max(2000).default('Review the application and decide.'),
      assignee_role: z.enum(['admin', 'manager', 'operator', 'compliance_officer']).default('operator'),
      sla_hours: z
        .number()
        .int()
        .min(1)
        .max(24 * 30)
        .default(24),
      sla_minutes: z
        .number()
        .int()
        .min(1)
        .max(60 * 24 * 30)
        .optional()
        .describe('The deadline in minutes (fraud and sanctions checks run on 15-minute SLAs); when set, it replaces SLA hours'),
      escalate: z.boolean().default(false).describe('When the deadline passes: mark the case escalated, hand the review on and tell them'),
      escalate_to_role: z
        .enum(['admin', 'manager', 'operator', 'compliance_officer'])
        .optional()
        .describe('On escalation the review goes to this role (nobody has it until someone claims it)'),
      escalate_to_email: z
        .string()
        .trim()
        .max(320)
        .refine((v) => v === '' || EMAIL_PATTERN.test(v), 'Enter a staff member’s e-mail address')
        .optional()
        .describe('On escalation the review is given to this staff member (by e-mail address), if they may decide it'),
      escalate_by_email: z.boolean().default(false).describe('Also e-mail whoever the escalation goes to (a portal notification is always sent)'),
      second_decision: z
        .enum(['never', 'always', 'when'])
        .default('never')
        .describe('Four eyes: after the first decision, a second one by someone else — never, always, or when the condition below holds'),
      second_role: z
        .enum(['admin', 'manager', 'operator', 'compliance_officer'])
        .default('compliance_officer')
        .describe('The role that gives the second decision (never the person who gave the first)'),
      second_when: z
        .string()
        .trim()
        .max(2000)
        .superRefine((v, ctx) => {
          const problem = v ? checkExpression(v) : null;
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .optional()
        .describe('With "when": the condition over the data that asks for a second decision, e.g. data.amount > 10000'),
      first_reject_final: z.boolean().default(true).describe('A reject in the first decision ends the review (off: the second decision still decides)'),
    })
    .refine((c) => c.second_decision !== 'when' || Boolean(c.second_when), {
      message: 'Say when a second decision is needed, e.g. data.amount > 10000',
      path: ['second_when'],
    }),
  defaults: {
    instructions: 'Review the application and decide.',
    assignee_role: 'operator',
    sla_hours: 24,
    escalate: false,
    escalate_by_email: false,
    second_decision: 'never',
    second_role: 'compliance_officer',
    first_reject_final: true,
  },
  acceptsInput: true,
  outputs: {
    kind: 'branches',
    branches: () => [
      { id: 'approved', label: 'Approved' },
      { id: 'rejected', label: 'Rejected' },
    ],
  },
});
