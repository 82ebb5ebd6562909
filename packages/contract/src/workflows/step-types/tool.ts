import { z } from 'zod';
import { checkExpression } from '../expression.ts';
import { defineStepType } from './step-type.ts';

const expression = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .superRefine((v, ctx) => {
    const problem = checkExpression(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const toolStep = defineStepType({
  type: 'tool',
  label: 'Tool',
  description: 'Calls a registered, approved tool with inputs taken from the application data.',
  icon: 'plug',
  category: 'automation',
  config: z.object({
    tool_name: z.string().trim().min(1, 'Choose a tool').max(64).describe('The registered tool to call'),
    input_mapping: z.record(z.string().max(64), expression).default({}).describe('Tool input → expression over the application data'),
    output_field: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]*$/, 'Use lower-case letters, digits and underscores')
      .max(64)
      .default('tool_result'),
    on_error: z.enum(['fail', 'continue']).default('fail'),
    retries: z.number().int().min(0).max(5).default(0),
  }),
  defaults: { tool_name: '', input_mapping: {}, output_field: 'tool_result', on_error: 'fail', retries: 0 },
  acceptsInput: true,
  outputs: { kind: 'single' },
});
