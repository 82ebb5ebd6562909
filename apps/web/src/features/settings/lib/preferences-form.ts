import type { Preferences } from '@admin-portal/contract/preferences';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Only the preferences that differ from what is saved (the PUT takes a partial). */
export function changedPreferences(saved: Preferences, draft: Preferences): Partial<Preferences> {
  const out: Partial<Record<keyof Preferences, unknown>> = {};
  for (const key of Object.keys(draft) as (keyof Preferences)[]) if (draft[key] !== saved[key]) out[key] = draft[key];
  return out as Partial<Preferences>;
}

/** The browser's own time zone, for the 'Browser default' choice. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** What the clock would show with these preferences, e.g. '2:05 PM' or '14:05'. */
export function clockPreview(date: Date, prefs: Pick<Preferences, 'time_format' | 'timezone'>, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    hour12: prefs.time_format === '12h',
    ...(prefs.timezone ? { timeZone: prefs.timezone } : {}),
  }).format(date);
}
