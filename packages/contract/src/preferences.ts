import { z } from 'zod';
import { isTimeZone } from './analytics/period.ts';
import { TIME_ZONE_RULE } from './input-rules.ts';
import { PREFERENCE_DEFAULTS } from './preference-defaults.ts';

/** The signed-in user's own preferences (Settings page), kept on the server so they follow the user. */
export const preferencesSchema = z.object({
  theme: z.enum(['light', 'dark']).default(PREFERENCE_DEFAULTS.theme),
  sidebar_open: z.boolean().default(PREFERENCE_DEFAULTS.sidebar_open),
  page_size: z.union([z.literal(10), z.literal(25), z.literal(50), z.literal(100)]).default(PREFERENCE_DEFAULTS.page_size),
  time_format: z.enum(['24h', '12h']).default(PREFERENCE_DEFAULTS.time_format),
  /** IANA time zone used to show dates; empty = the browser's. */
  timezone: z.string().max(64).default(PREFERENCE_DEFAULTS.timezone),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const preferencesUpdateSchema = z
  .object({
    theme: z.enum(['light', 'dark']),
    sidebar_open: z.boolean(),
    page_size: z.union([z.literal(10), z.literal(25), z.literal(50), z.literal(100)]),
    time_format: z.enum(['24h', '12h']),
    timezone: z
      .string()
      .max(64)
      .refine((tz) => tz === '' || isTimeZone(tz), 'Unknown time zone')
      .meta({ 'x-time-zone': `Empty for the browser's own, or: ${TIME_ZONE_RULE}` }),
  })
  .partial()
  .strict();
