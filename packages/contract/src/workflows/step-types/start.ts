import { z } from 'zod';
import { defineStepType } from './step-type.ts';

export const startStep = defineStepType({
  type: 'start',
  label: 'Start',
  description: 'Where every application enters the workflow.',
  icon: 'play-circle',
  category: 'flow',
  config: z.object({
    trigger: z.enum(['api', 'manual']).default('api').describe('How applications arrive: the intake API or staff creating them'),
    required_fields: z.array(z.string().trim().min(1).max(100)).max(50).default([]).describe('Application data fields that must be present at intake'),
  }),
  defaults: { trigger: 'api', required_fields: [] },
  acceptsInput: false,
  outputs: { kind: 'single' },
});
