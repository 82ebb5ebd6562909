import { z } from 'zod';
import { defineStepType } from './step-type.ts';

export const aiStep = defineStepType({
  type: 'ai',
  label: 'AI',
  description: 'Asks the AI assistant for a decision or a summary of the application.',
  icon: 'stars',
  category: 'automation',
  config: z
    .object({
      mode: z.enum(['decision', 'summary']).default('summary'),
      prompt: z.string().trim().min(1, 'Prompt is required').max(4000),
      output_field: z
        .string()
        .trim()
        .regex(/^[a-z][a-z0-9_]*$/, 'Use lower-case letters, digits and underscores')
        .max(64)
        .default('ai_result'),
      options: z.array(z.string().trim().min(1).max(50)).max(10).default([]).describe('Allowed answers in decision mode'),
    })
    .refine((c) => c.mode !== 'decision' || c.options.length >= 2, { message: 'A decision needs at least two options', path: ['options'] }),
  defaults: { mode: 'summary', prompt: 'Summarise the application for a reviewer.', output_field: 'ai_result', options: [] },
  acceptsInput: true,
  outputs: { kind: 'single' },
});
