import { z } from 'zod';
import { checkExpression } from '../expression.ts';
import { defineStepType } from './step-type.ts';

export const OTHERWISE_BRANCH = 'otherwise';

const branch = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_-]*$/, 'Use lower-case letters, digits, - and _')
    .max(40),
  label: z.string().trim().min(1, 'Label is required').max(100),
  expression: z
    .string()
    .trim()
    .min(1, 'Expression is required')
    .max(2000)
    .superRefine((v, ctx) => {
      const problem = checkExpression(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

/** Branches are tried in order; the first whose expression holds is taken, else "otherwise". */
export const conditionStep = defineStepType({
  type: 'condition',
  label: 'Condition',
  description: 'Branches on an expression over the application data (first match wins, else Otherwise).',
  icon: 'signpost-split',
  category: 'flow',
  config: z
    .object({
      branches: z.array(branch).min(1, 'Add at least one branch').max(20),
      otherwise: z.boolean().default(true).describe('Add an Otherwise branch for when no expression holds'),
    })
    .refine((c) => new Set(c.branches.map((b) => b.id)).size === c.branches.length, { message: 'Branch ids must be unique', path: ['branches'] })
    .refine((c) => !c.branches.some((b) => b.id === OTHERWISE_BRANCH), { message: `"${OTHERWISE_BRANCH}" is reserved`, path: ['branches'] }),
  defaults: { branches: [{ id: 'yes', label: 'Yes', expression: 'data.score >= 50' }], otherwise: true },
  acceptsInput: true,
  outputs: {
    kind: 'branches',
    branches: (c) => [...c.branches.map((b) => ({ id: b.id, label: b.label })), ...(c.otherwise ? [{ id: OTHERWISE_BRANCH, label: 'Otherwise' }] : [])],
  },
});
