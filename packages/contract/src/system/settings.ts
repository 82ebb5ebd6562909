import { z } from 'zod';

/**
 * Product-wide settings (issue 17): one document, changed by a super administrator, each value read by the
 * product (see SYSTEM_SETTING_INFO for what each does). Stored one row per key in `system_settings`; a key never
 * written reads its default (some defaults come from the server's environment, see the server's settings store).
 */

/** Spec §9: the minimum password length; the setting can raise it, never lower it. */
export const SPEC_PASSWORD_MIN_LENGTH = 8;
export const MEGABYTE = 1024 * 1024;

export const systemSettingsSchema = z.object({
  product_name: z.string().trim().min(1, 'Product name is required').max(60, 'Product name must be at most 60 characters'),
  password_min_length: z
    .number()
    .int('Must be a whole number')
    .min(SPEC_PASSWORD_MIN_LENGTH, `Must be at least ${SPEC_PASSWORD_MIN_LENGTH}`)
    .max(128, 'Must be at most 128'),
  lockout_threshold: z.number().int('Must be a whole number').min(1, 'Must be at least 1').max(100, 'Must be at most 100'),
  lockout_minutes: z.number().int('Must be a whole number').min(1, 'Must be at least 1').max(1440, 'Must be at most 1440 (one day)'),
  session_idle_minutes: z
    .number()
    .int('Must be a whole number')
    .min(5, 'Must be at least 5')
    .max(1440, 'Must be at most 1440 (one day)'),
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
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;
export type SystemSettingKey = keyof SystemSettings;

/** A change: only the keys sent change. */
export const systemSettingsUpdateSchema = systemSettingsSchema.partial().strict();
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

export interface SettingInfo {
  label: string;
  help: string;
  unit?: string;
}

/** What each setting does, shown beside it on the page and in the API documentation. */
export const SYSTEM_SETTING_INFO: Record<SystemSettingKey, SettingInfo> = {
  product_name: { label: 'Product name', help: 'Shown in the sidebar, the browser tab and on the sign-in page (a branding.product_name configuration entry overrides it).' },
  password_min_length: { label: 'Minimum password length', help: 'Every new password (sign-up, new users, resets, changes) must be at least this long; never below 8.', unit: 'characters' },
  lockout_threshold: {
    label: 'Failed sign-ins before delays',
    help: 'After this many wrong passwords for one e-mail from one address, each further try from there waits longer (1 s, 2 s, 4 s, …); from four times as many across all addresses, sign-ins from addresses the account has never used wait too. Addresses the account has signed in from are never slowed by strangers.',
    unit: 'attempts',
  },
  lockout_minutes: { label: 'Longest sign-in delay', help: 'The longest a sign-in waits after failed tries (an administrator can end the wait sooner with Unlock).', unit: 'minutes' },
  session_idle_minutes: {
    label: 'Session idle limit',
    help: 'A session nobody used for this long ends on the server; its refresh token no longer works. An organization can set a shorter limit.',
    unit: 'minutes',
  },
  session_max_hours: { label: 'Session length limit', help: 'Every session ends this long after its sign-in, however active it is.', unit: 'hours' },
  login_rate_limit_per_minute: { label: 'Sign-in rate limit', help: 'Sign-in and sign-up attempts allowed per client address per minute (0: no limit).', unit: 'per minute' },
  upload_limit_bytes: { label: 'Upload size limit', help: 'Largest file accepted: configuration uploads and files sent with application forms.', unit: 'bytes' },
  application_retention_days: { label: 'Application data retention', help: 'Finished applications (completed, rejected, cancelled, failed) older than this are deleted with their events and files (0: keep forever). Analytics totals are kept.', unit: 'days' },
  audit_retention_days: { label: 'Audit log retention', help: 'Audit rows older than this are deleted (0: keep forever).', unit: 'days' },
  self_registration_enabled: {
    label: 'Self-registration',
    help: 'Lets people create an account from the sign-in page, in organizations that allow it, after confirming their e-mail address by a link sent to it. Needs e-mail (SMTP) to be set up.',
  },
};

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
