import { z } from 'zod';
import { expressionString } from './common.ts';
import { defineToolType } from './tool-type.ts';

export const transformTool = defineToolType({
  type: 'transform',
  label: 'Transform',
  description: 'Maps the input to a new object with expressions (no network): output field → expression over input.',
  icon: 'shuffle',
  config: z.object({
    mapping: z
      .record(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Use letters, digits and underscores')
          .max(64),
        expressionString,
      )
      .refine((m) => Object.keys(m).length > 0, 'Add at least one output field')
      .describe('Output field → expression, e.g. full_name → input.first_name + " " + input.last_name'),
  }),
  defaults: { mapping: { full_name: 'input.first_name + " " + input.last_name' } },
  outbound: false,
  retries: false,
});
