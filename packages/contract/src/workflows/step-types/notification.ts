import { z } from 'zod';
import { defineStepType } from './step-type.ts';

export const notificationStep = defineStepType({
  type: 'notification',
  label: 'Notification',
  description:
    "Sends a message to the applicant or to staff. Use {{data.field}} to insert application data, and {{applicant_link}} in an e-mail for the applicant's personal link.",
  icon: 'bell',
  category: 'messaging',
  config: z.object({
    channel: z.enum(['email', 'internal', 'webhook']).default('email'),
    to: z.string().trim().min(1, 'Recipient is required').max(500).describe('An address, a role, a URL, or a {{data.field}} template'),
    subject: z.string().max(300).default(''),
    message: z.string().trim().min(1, 'Message is required').max(10_000),
  }),
  defaults: { channel: 'email', to: '{{data.email}}', subject: 'Your application', message: 'We have received your application.' },
  acceptsInput: true,
  outputs: { kind: 'single' },
});
