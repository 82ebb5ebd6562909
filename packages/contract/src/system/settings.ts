import { z } from 'zod';
import { MEGABYTE, SPEC_PASSWORD_MIN_LENGTH, type SystemSettingKey } from './setting-info.ts';
import { requiredText } from '../input-rules.ts';
import { twoFactorRolesSchema } from '../two-factor-roles.ts';

/**
 * Product-wide settings (issue 17): one document, changed by a super administrator, each value read by the
 * product (see SYSTEM_SETTING_INFO for what each does). Stored one row per key in `system_settings`; a key never
 * written reads its default (some defaults come from the server's environment, see the server's settings store).
 */

// The units and the words for each setting live in setting-info.ts (zod-free, for the web app's page); here with the schemas.
export { MEGABYTE, SPEC_PASSWORD_MIN_LENGTH, SYSTEM_SETTING_INFO, SYSTEM_SETTING_KEYS, type SettingInfo, type SystemSettingKey } from './setting-info.ts';

export const systemSettingsSchema = z.object({
  product_name: requiredText('Product name is required').max(60, 'Product name must be at most 60 characters'),
  password_min_length: z
    .number()
    .int('Must be a whole number')
    .min(SPEC_PASSWORD_MIN_LENGTH, `Must be at least ${SPEC_PASSWORD_MIN_LENGTH}`)
    .max(128, 'Must be at most 128'),
  lockout_threshold: z.number().int('Must be a whole number').min(1, 'Must be at least 1').max(100, 'Must be at most 100'),
  lockout_minutes: z.number().int('Must be a whole number').min(1, 'Must be at least 1').max(1440, 'Must be at most 1440 (one day)'),
  session_idle_minutes: z.number().int('Must be a whole number').min(5, 'Must be at least 5').max(1440, 'Must be at most 1440 (one day)'),
  session_max_hours: z.number().int('Must be a whole number').min(1, 'Must be at least 1').max(720, 'Must be at most 720 (30 days)'),
  login_rate_limit_per_minute: z.number().int('Must be a whole number').min(0, 'Must be 0 (no limit) or more').max(100_000, 'Must be at most 100000'),
  upload_limit_bytes: z
    .number()
    .int('Must be a whole number of bytes')
    .min(1024, 'Must be at least 1 KB')
    .max(1024 * MEGABYTE, 'Must be at most 1024 MB'),
  application_retention_days: z.number().int('Must be a whole number').min(0, 'Must be 0 (keep forever) or more').max(3650, 'Must be at most 3650'),
  audit_retention_days: z.number().int('Must be a whole number').min(0, 'Must be 0 (keep forever) or more').max(3650, 'Must be at most 3650'),
  self_registration_enabled: z.boolean(),
  two_factor_required_roles: twoFactorRolesSchema,
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;
// The schema's keys are setting-info.ts's list, no more and no fewer.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const keysListed: Same<keyof SystemSettings, SystemSettingKey> = true;
void keysListed;

/** Why a server without e-mail (no SMTP_URL) cannot turn self-registration on: it confirms addresses by e-mail. */
export const SELF_REGISTRATION_NEEDS_EMAIL =
  'Self-registration needs e-mail to confirm addresses: set SMTP_URL (and SMTP_FROM) on the server, then turn it on.';

/** A change: only the keys sent change. */
export const systemSettingsUpdateSchema = systemSettingsSchema
  .partial()
  .strict()
  .meta({
    'x-rules': [
      `\`self_registration_enabled: true\` only on a server that sends e-mail (GET /api/admin/system/settings lists what this server cannot turn on in \`unavailable\`): "${SELF_REGISTRATION_NEEDS_EMAIL}"`,
    ],
  });
export type SystemSettingsUpdate = z.infer<typeof systemSettingsUpdateSchema>;

export const systemSettingsResponseSchema = z.object({
  settings: systemSettingsSchema,
  /** What each key reads when it was never set (or is reset). */
  defaults: systemSettingsSchema,
  /** Keys stored (set at least once); the others read their default. */
  customized: z.array(z.string()),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  /** Settings this server cannot turn on, with why (e.g. self-registration without e-mail). */
  unavailable: z.record(z.string(), z.string()),
});
export type SystemSettingsResponse = z.infer<typeof systemSettingsResponseSchema>;

/** What the sign-in page and the shell read without an administrator's rights. */
export const brandingSchema = z.object({
  product_name: z.string(),
  /** URL of the logo image, or null for the built-in mark. */
  logo_url: z.string().nullable(),
  password_min_length: z.number().int(),
  /** Whether the AI assistant is on for the caller's organization (false when signed out). */
  ai_assistant: z.boolean(),
});
export type Branding = z.infer<typeof brandingSchema>;
