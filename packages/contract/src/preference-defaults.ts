/**
 * The defaults of the signed-in user's preferences (preferences.ts builds its schema's defaults from these), in a
 * module without zod: the web app's shell shows them before the server answers, and must not download zod for that.
 */
export const PREFERENCE_DEFAULTS = {
  theme: 'light',
  sidebar_open: true,
  page_size: 25,
  time_format: '24h',
  timezone: '',
} as const;
