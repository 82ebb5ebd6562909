import { z } from 'zod';
import { APPLICANT_LIMITS, APPLICANT_START_MODES } from './applicant/settings.ts';
import { APPLICANT_LANGUAGES } from './applicant/texts.ts';
import { ORGANIZATION_SORTS } from './list-sorts.ts';
import { listQuerySchema, listResponseSchema, sortQuery, uuidSchema } from './common.ts';
import { requiredText } from './input-rules.ts';
import { SERVER_MESSAGES } from './messages.ts';
import { twoFactorRolesSchema } from './two-factor-roles.ts';

/** An email domain such as example.com (lower-cased); the settings editor checks chips with it too. */
export const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain such as example.com');

const sessionTimeoutSchema = z
  .number()
  .int('Enter a whole number of minutes')
  .min(5, 'Session timeout must be at least 5 minutes')
  .max(24 * 60, 'Session timeout must be at most 1440 minutes (24 hours)');

const linkDaysSchema = z
  .number()
  .int('Enter a whole number of days')
  .min(1, 'A case link works for at least 1 day')
  .max(APPLICANT_LIMITS.linkDaysMax, `A case link works for at most ${APPLICANT_LIMITS.linkDaysMax} days`);

/** A site that may show the applicant's pages in a frame: https://host[:port] (http only for localhost). */
export const embedOriginSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .regex(
    /^(https:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?|http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?)$/,
    'Enter an origin such as https://www.example.com',
  );

/**
 * The applicant's hosted flow (issue 34): who may start on a workflow's start link, how long case links work, the
 * pages' language, and the sites that may embed them.
 */
const applicantSettings = {
  applicant_start: z.enum(APPLICANT_START_MODES),
  applicant_link_days: linkDaysSchema,
  applicant_language: z.enum(APPLICANT_LANGUAGES),
  applicant_embed_origins: z.array(embedOriginSchema).max(APPLICANT_LIMITS.embedOrigins),
};

/** Organization settings: known keys are validated, the rest of the document is kept for later features. */
export const organizationSettingsSchema = z
  .object({
    allow_registration: z.boolean().default(false),
    allowed_email_domains: z.array(domainSchema).max(50).default([]),
    /** Self-registered accounts wait for an administrator's approval before they can sign in (issue 31). */
    registration_requires_approval: z.boolean().default(true),
    timezone: z.string().max(64).default('UTC'),
    session_timeout_minutes: sessionTimeoutSchema.default(30),
    /** The roles whose accounts must sign in with a second factor (issue 37 item 3); empty: none required. */
    two_factor_required_roles: twoFactorRolesSchema.default([]),
    applicant_start: applicantSettings.applicant_start.default('open'),
    applicant_link_days: applicantSettings.applicant_link_days.default(APPLICANT_LIMITS.linkDaysDefault),
    applicant_language: applicantSettings.applicant_language.default('en'),
    applicant_embed_origins: applicantSettings.applicant_embed_origins.default([]),
  })
  .catchall(z.unknown());
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

export const organizationSettingsUpdateSchema = z
  .object({
    allow_registration: z.boolean(),
    allowed_email_domains: z.array(domainSchema).max(50),
    registration_requires_approval: z.boolean(),
    timezone: z.string().max(64),
    session_timeout_minutes: sessionTimeoutSchema,
    two_factor_required_roles: twoFactorRolesSchema,
    ...applicantSettings,
  })
  .partial()
  .strict()
  .meta({
    'x-rules': [
      `An e-mail domain accepts sign-ups into one organization only: no domain of \`allowed_email_domains\` may be one another organization lists (422 on the field): "<domain>: ${SERVER_MESSAGES.emailDomainClaimed}"`,
    ],
  });

export const organizationSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  settings: organizationSettingsSchema,
  user_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export { ORGANIZATION_SORTS } from './list-sorts.ts';

export const organizationListQuerySchema = listQuerySchema.extend({
  sort: sortQuery(ORGANIZATION_SORTS),
  is_active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
/** Spec §3: the list response is organizations inside an object (or a bare array); we send the object. */
export const organizationListSchema = listResponseSchema(organizationSchema).extend({ organizations: z.array(organizationSchema) });

const orgNameSchema = requiredText('Organization name is required').max(120);

export const createOrganizationSchema = z.object({
  name: orgNameSchema,
  description: z.string().trim().max(1000).optional(),
  is_active: z.boolean().optional(),
  settings: organizationSettingsUpdateSchema.optional(),
});

export const updateOrganizationSchema = z
  .object({
    name: orgNameSchema,
    description: z.string().trim().max(1000),
    is_active: z.boolean(),
  })
  .partial();

export const organizationSettingsResponseSchema = z.object({
  organization_id: uuidSchema,
  settings: organizationSettingsSchema,
});
