import { z } from 'zod';
import { defineStepType } from './step-type.ts';

export const delayStep = defineStepType({
  type: 'delay',
  label: 'Delay',
  description: 'Waits a set time before continuing (e.g. a cooling-off period).',
  icon: 'hourglass-split',
  category: 'flow',
  config: z.object({
    amount: z.number().int().min(1, 'At least 1').max(10_000),
    unit: z.enum(['seconds', 'minutes', 'hours', 'days']).default('minutes'),
  }),
  defaults: { amount: 10, unit: 'minutes' },
  acceptsInput: true,
  outputs: { kind: 'single' },
});
