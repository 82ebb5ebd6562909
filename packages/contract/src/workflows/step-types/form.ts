import { z } from 'zod';
import { defineStepType } from './step-type.ts';

const fieldKey = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]*$/, 'Use lower-case letters, digits and underscores, starting with a letter')
  .max(64);

export const formField = z
  .object({
    key: fieldKey.describe('Where the answer is stored in the application data'),
    label: z.string().trim().min(1, 'Label is required').max(200),
    type: z.enum(['text', 'email', 'number', 'date', 'select', 'checkbox', 'file']).default('text'),
    required: z.boolean().default(true),
    options: z.array(z.string().trim().min(1).max(100)).max(100).default([]).describe('Choices, for select fields'),
  })
  .refine((f) => f.type !== 'select' || f.options.length > 0, { message: 'A select field needs at least one option', path: ['options'] });

export const formStep = defineStepType({
  type: 'form',
  label: 'Form',
  description: 'Collects information or documents from the applicant.',
  icon: 'ui-checks',
  category: 'input',
  config: z
    .object({
      title: z.string().trim().min(1, 'Title is required').max(200),
      instructions: z.string().max(2000).default(''),
      fields: z.array(formField).min(1, 'Add at least one field').max(100),
    })
    .refine((c) => new Set(c.fields.map((f) => f.key)).size === c.fields.length, { message: 'Field keys must be unique', path: ['fields'] }),
  defaults: { title: 'Applicant details', instructions: '', fields: [{ key: 'full_name', label: 'Full name', type: 'text', required: true, options: [] }] },
  acceptsInput: true,
  outputs: { kind: 'single' },
});
