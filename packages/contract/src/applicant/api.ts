/**
 * The applicant's hosted flow (issue 34, ADR 0056): the public start link's page, the case link's page, and the staff
 * calls around them (a case's links, a workflow's start link). The pages' words are in texts.ts (zod-free).
 */
import { z } from 'zod';
import { emailSchema, nameSchema } from '../common.ts';
import { boundedRecord } from '../input-rules.ts';
import { FORM_FIELD_TYPES } from '../applications/form-answers.ts';
import { APPLICANT_LANGUAGES } from './texts.ts';

// The settings and limits live in settings.ts (zod-free, for the staff pages' settings form); here with the schemas.
export { APPLICANT_LIMITS, APPLICANT_START_LABELS, APPLICANT_START_MODES, type ApplicantStartMode } from './settings.ts';
import { APPLICANT_START_MODES } from './settings.ts';

export const APPLICANT_MESSAGES = {
  linkRequired: 'A case link is required',
  linkInvalid: 'This link does not work: it is unknown, expired or revoked',
  startClosed: 'This application is not open at the moment',
  startInvitationOnly: 'This application is by invitation only',
  caseFilesTooLarge: (bytes: number) => `A case's files may be at most ${bytes} bytes together`,
  draftTooLarge: (bytes: number) => `A draft may be at most ${bytes} bytes`,
  noEmail: 'The applicant has no e-mail address to send the link to',
  mailUnavailable: 'E-mail is not set up on this server (SMTP_URL): copy the link instead',
  notInProgress: 'Only an application in progress can get a new link',
  linkOnItsWay: (email: string) => `A new link is on its way to ${email}`,
} as const;

const colorSchema = z.string().regex(/^#[0-9a-f]{6}$/i);

/** The organization's look on the applicant's pages. */
export const applicantBrandingSchema = z.object({
  product_name: z.string(),
  logo_url: z.string().nullable(),
  /** `#rrggbb` (the `branding.color` configuration entry), or null for the product's own. */
  color: colorSchema.nullable(),
  language: z.enum(APPLICANT_LANGUAGES),
  /** The sites that may embed the pages: the only ones told, by postMessage, that the case has ended. */
  embed_origins: z.array(z.string()),
});
export type ApplicantBranding = z.infer<typeof applicantBrandingSchema>;

export const startLinkParamsSchema = z.object({
  link: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Unknown start link'),
});

export const startPageSchema = z.object({
  workflow_name: z.string(),
  start: z.enum(APPLICANT_START_MODES),
  branding: applicantBrandingSchema,
});
export type StartPage = z.infer<typeof startPageSchema>;

export const startApplicantCaseSchema = z.strictObject({
  name: nameSchema('Name is required'),
  email: emailSchema,
  /** Left empty by people; a form filler that fills every field fills it, and nothing is started. */
  website: z.string().max(200).optional().describe('Leave empty'),
});
export type StartApplicantCase = z.infer<typeof startApplicantCaseSchema>;

/** A case link, as made: the only time its address is shown. */
export const issuedLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
});
export type IssuedLink = z.infer<typeof issuedLinkSchema>;

const answerValue = z.union([z.string().max(10_000), z.number().min(-1e15).max(1e15), z.boolean(), z.null()]);

export const applicantFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()),
});

/** What the applicant's page shows: the form the case waits for, or what happens next, or the outcome. */
export const applicantCaseSchema = z.object({
  workflow_name: z.string(),
  branding: applicantBrandingSchema,
  /** form: waiting for the applicant; processing: tools and checks run; review: staff decide; waiting: a timed step; done. */
  state: z.enum(['form', 'processing', 'review', 'waiting', 'done']),
  form: z
    .object({
      step_id: z.string(),
      title: z.string(),
      instructions: z.string(),
      /** 1 for the case's first form, 2 for the next… */
      number: z.number().int(),
      fields: z.array(applicantFieldSchema),
      /** What the applicant typed before (the draft), by field key; files are chosen again. */
      answers: z.record(z.string(), answerValue),
    })
    .nullable(),
  outcome: z.enum(['approved', 'rejected', 'completed', 'cancelled', 'failed']).nullable(),
  limits: z.object({ file_bytes: z.number().int(), case_bytes_left: z.number().int() }),
  updated_at: z.string(),
});
export type ApplicantCase = z.infer<typeof applicantCaseSchema>;

export const saveDraftSchema = z.strictObject({
  step_id: z.string().uuid(),
  answers: boundedRecord(z.string().max(64), answerValue, 100),
});

export const savedDraftSchema = z.object({ saved_at: z.string() });

export const applicantFormParamsSchema = z.object({ step_id: z.string().uuid() });

// ---------------------------------------------------------------------------------------------
// Staff

export const applicantLinkStateSchema = z.object({
  id: z.string(),
  state: z.enum(['active', 'expired', 'revoked']),
  created_at: z.string(),
  created_by: z.enum(['user', 'api_key', 'applicant', 'system']),
  expires_at: z.string(),
  sent_to: z.string().nullable(),
  sent_at: z.string().nullable(),
  first_opened_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  visits: z.number().int(),
});
export const applicantLinkListSchema = z.object({ links: z.array(applicantLinkStateSchema) });
export type ApplicantLinkState = z.infer<typeof applicantLinkStateSchema>;

export const startLinkSchema = z.object({
  /** The public start link's address, or null while it is off. */
  url: z.string().nullable(),
});
export const setStartLinkSchema = z.strictObject({ enabled: z.boolean() });
