/**
 * The product-wide settings' units and what each does, without zod: the System Configuration page shows them before
 * its form checks anything. settings.ts has the schemas and re-exports these.
 */

/** Spec §9: the minimum password length; the setting can raise it, never lower it. */
export const SPEC_PASSWORD_MIN_LENGTH = 8;
export const MEGABYTE = 1024 * 1024;

/** Every product-wide setting, in the page's order (settings.ts's schema has exactly these keys: the compiler checks). */
export const SYSTEM_SETTING_KEYS = [
  'product_name',
  'password_min_length',
  'lockout_threshold',
  'lockout_minutes',
  'session_idle_minutes',
  'session_max_hours',
  'login_rate_limit_per_minute',
  'upload_limit_bytes',
  'application_retention_days',
  'audit_retention_days',
  'self_registration_enabled',
  'two_factor_required_roles',
] as const;
export type SystemSettingKey = (typeof SYSTEM_SETTING_KEYS)[number];

export interface SettingInfo {
  label: string;
  help: string;
  unit?: string;
}

/** What each setting does, shown beside it on the page and in the API documentation. */
export const SYSTEM_SETTING_INFO: Record<SystemSettingKey, SettingInfo> = {
  product_name: {
    label: 'Product name',
    help: 'Shown in the sidebar, the browser tab and on the sign-in page (a branding.product_name configuration entry overrides it).',
  },
  password_min_length: {
    label: 'Minimum password length',
    help: 'Every new password (sign-up, new users, resets, changes) must be at least this long; never below 8.',
    unit: 'characters',
  },
  lockout_threshold: {
    label: 'Failed sign-ins before delays',
    help: 'After this many wrong passwords for one e-mail from one address, each further try from there waits longer (1 s, 2 s, 4 s, …); from four times as many across all addresses, sign-ins from addresses the account has never used wait too. Addresses the account has signed in from are never slowed by strangers.',
    unit: 'attempts',
  },
  lockout_minutes: {
    label: 'Longest sign-in delay',
    help: 'The longest a sign-in waits after failed tries (an administrator can end the wait sooner with Unlock).',
    unit: 'minutes',
  },
  session_idle_minutes: {
    label: 'Session idle limit',
    help: 'A session nobody used for this long ends on the server; its refresh token no longer works. An organization can set a shorter limit.',
    unit: 'minutes',
  },
  session_max_hours: { label: 'Session length limit', help: 'Every session ends this long after its sign-in, however active it is.', unit: 'hours' },
  login_rate_limit_per_minute: {
    label: 'Sign-in rate limit',
    help: 'Sign-in and sign-up attempts allowed per client address per minute (0: no limit).',
    unit: 'per minute',
  },
  upload_limit_bytes: {
    label: 'Upload size limit',
    help: 'Largest file accepted: configuration uploads and files sent with application forms.',
    unit: 'bytes',
  },
  application_retention_days: {
    label: 'Application data retention',
    help: 'Finished applications (completed, rejected, cancelled, failed) older than this are deleted with their events and files (0: keep forever). Analytics totals are kept.',
    unit: 'days',
  },
  audit_retention_days: { label: 'Audit log retention', help: 'Audit rows older than this are deleted (0: keep forever).', unit: 'days' },
  self_registration_enabled: {
    label: 'Self-registration',
    help: 'Lets people create an account from the sign-in page, in organizations that allow it, after confirming their e-mail address by a link sent to it. Needs e-mail (SMTP) to be set up.',
  },
  two_factor_required_roles: {
    label: 'Two-factor authentication required for',
    help: 'Accounts with these roles, in every organization, must sign in with a second factor: one without it sets up an authenticator app at its next sign-in before it can do anything else. An organization can require it for more roles.',
  },
};
