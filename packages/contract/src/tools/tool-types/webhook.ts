import { z } from 'zod';
import { headersSchema, jsonTemplate, retries, timeoutMs, urlTemplate } from './common.ts';
import { defineToolType } from './tool-type.ts';

export const webhookTool = defineToolType({
  type: 'webhook',
  label: 'Webhook',
  description: 'Posts a JSON payload to a URL (e.g. to notify another system), optionally signed with HMAC-SHA256.',
  icon: 'send',
  config: z.object({
    url: urlTemplate,
    headers: headersSchema,
    payload_template: jsonTemplate.default('').describe('JSON payload; empty sends the input as it is'),
    signing_secret: z
      .string()
      .trim()
      .max(100)
      .regex(/^$|^[A-Za-z_][A-Za-z0-9_]*$/, 'The name of a secret of the environment')
      .default('')
      .describe('Name of a secret: the payload is signed in the X-Signature-256 header (sha256=…)'),
    timeout_ms: timeoutMs,
    retries: retries.default(2),
  }),
  defaults: { url: 'https://hooks.example.com/onboarding', headers: {}, payload_template: '', signing_secret: '', timeout_ms: 10_000, retries: 2 },
  outbound: true,
  retries: true,
});
