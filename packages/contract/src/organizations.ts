import { z } from 'zod';
import { listQuerySchema, listResponseSchema, uuidSchema } from './common.ts';

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

/** Organization settings: known keys are validated, the rest of the document is kept for later features. */
export const organizationSettingsSchema = z
  .object({
    allow_registration: z.boolean().default(false),
    allowed_email_domains: z.array(domainSchema).max(50).default([]),
    /** Self-registered accounts wait for an administrator's approval before they can sign in (issue 31). */
    registration_requires_approval: z.boolean().default(true),
    timezone: z.string().max(64).default('UTC'),
    session_timeout_minutes: sessionTimeoutSchema.default(30),
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
  })
  .partial()
  .strict();

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

export const organizationListQuerySchema = listQuerySchema.extend({
  is_active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
/** Spec §3: the list response is organizations inside an object (or a bare array); we send the object. */
export const organizationListSchema = listResponseSchema(organizationSchema).extend({ organizations: z.array(organizationSchema) });

const orgNameSchema = z.string().trim().min(1, 'Organization name is required').max(120);

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
