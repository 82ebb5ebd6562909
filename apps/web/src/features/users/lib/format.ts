import type { Preferences } from '@admin-portal/contract/preferences';

export interface DateFormats {
  /** "Nov 22, 2026" */
  date: Intl.DateTimeFormat;
  /** "18:29" or "6:29 PM" */
  time: Intl.DateTimeFormat;
  /** Both, for tooltips. */
  full: Intl.DateTimeFormat;
}

function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(undefined, timeZone ? { ...options, timeZone } : options);
  } catch {
    return new Intl.DateTimeFormat(undefined, options); // a time zone this browser does not know
  }
}

/** Dates in the user's chosen time zone and clock (Settings), else the browser's. */
export function dateFormats(prefs: Pick<Preferences, 'timezone' | 'time_format'> | undefined): DateFormats {
  const tz = prefs?.timezone || undefined;
  const hour12 = prefs?.time_format === '12h';
  return {
    date: formatter({ dateStyle: 'medium' }, tz),
    time: formatter({ timeStyle: 'short', hour12 }, tz),
    full: formatter({ dateStyle: 'full', timeStyle: 'long', hour12 }, tz),
  };
}

export function formatDateTime(iso: string | null, format: Intl.DateTimeFormat, empty = 'Never'): string {
  return iso ? format.format(new Date(iso)) : empty;
}
