import { z } from 'zod';
import {
  createApplicationSchema,
  FORM_LIMITS,
  formAnswersSchema,
  formStepParamsSchema,
  IDEMPOTENCY_KEY_PATTERN,
  publicApplicationSchema,
} from '../../applications/api.ts';
import { idParamsSchema } from '../../common.ts';
import { PUBLIC } from '../access.ts';
import { defineEndpoints } from '../endpoint.ts';
import { formAnswerParts } from '../form-parts.ts';

/**
 * The public intake API (`/api/public/v1`), for an organization's systems with an API key of the `intake` scope (the
 * same keys and headers as MCP): start an application, read its status, answer the form it waits for (JSON, or
 * multipart/form-data with files). Rate limited per key.
 *
 * Public to the staff policy: the routes authenticate organization API keys (intake scope) themselves.
 */
const tags = ['Public intake API'] as const;
const security = [{ apiKey: [] }] as const;

const EXAMPLE = {
  workflow_id: '3f2b8c1e-5d4a-4f6b-9c2e-1a7d8e9f0b1c',
  applicant: { name: 'Ada Lovelace', email: 'ada@example.com' },
  data: { country: 'DE', amount: 2500 },
  external_ref: 'crm-10442',
};

export const INTAKE_ENDPOINTS = defineEndpoints({
  startApplication: {
    method: 'POST',
    path: '/api/public/v1/applications',
    tags,
    security,
    summary: 'Start an application on an active workflow',
    description:
      'Starts a case on the workflow (pinned to its current version) and returns it with its status URL. Send an `Idempotency-Key` ' +
      'header to make retries safe: the same key and body answer the same application (200), the same key with another body is a 409.',
    access: PUBLIC,
    headers: z.object({
      // The server checks the key itself (400 on Idempotency-Key): the document states its pattern.
      'idempotency-key': z
        .string()
        .max(200)
        .optional()
        .meta({ description: 'Any string up to 200 visible characters, unique per request', pattern: IDEMPOTENCY_KEY_PATTERN }),
    }),
    body: createApplicationSchema.meta({ examples: [EXAMPLE] }),
    responses: { 200: publicApplicationSchema, 201: publicApplicationSchema },
  },
  getApplicationStatus: {
    method: 'GET',
    path: '/api/public/v1/applications/:id',
    tags,
    security,
    summary: "Get an application's status",
    description: "An application's status, current step and what the applicant must still provide.",
    access: PUBLIC,
    params: idParamsSchema,
    responses: { 200: publicApplicationSchema },
  },
  answerApplicationForm: {
    method: 'POST',
    path: '/api/public/v1/applications/:id/forms/:step_id',
    tags,
    security,
    summary: 'Answer the form the application waits for',
    description:
      'JSON with the answers by field key, or multipart/form-data (fields as text parts, `file` fields as file parts; at most ' +
      `${FORM_LIMITS.files} files of at most UPLOAD_LIMIT bytes each, ${FORM_LIMITS.fields} text parts of at most ${FORM_LIMITS.fieldBytes} bytes, and a ` +
      'declared Content-Length of at most 20 × UPLOAD_LIMIT plus the 1 MiB body limit). Answers are checked against the form: unknown fields are a 400, ' +
      'missing or invalid ones a 422. The key, the application (404), its waiting form step (409) and the declared size (413) are checked before ' +
      'any part is read, and reading stops at the first part that breaks a rule (an unknown field, a file for a text field, a file past the limit): ' +
      'the answer comes at once and the connection is closed. Files are kept with the application and never served by this API.',
    access: PUBLIC,
    consumes: ['application/json', 'multipart/form-data'],
    params: formStepParamsSchema,
    body: formAnswersSchema.optional(),
    form: formAnswerParts,
    responses: { 200: publicApplicationSchema },
  },
});
