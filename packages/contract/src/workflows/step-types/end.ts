import { z } from 'zod';
import { defineStepType } from './step-type.ts';

export const endStep = defineStepType({
  type: 'end',
  label: 'End',
  description: 'Finishes the application with an outcome.',
  icon: 'flag',
  category: 'flow',
  config: z.object({
    outcome: z.enum(['approved', 'rejected', 'completed', 'cancelled']).default('completed'),
  }),
  defaults: { outcome: 'completed' },
  acceptsInput: true,
  outputs: { kind: 'none' },
});
