import type { Preferences } from '@admin-portal/contract/preferences';

export interface DateFormats {
  /** "Nov 22, 2026" */
  date: Intl.DateTimeFormat;
  /** Date and time: the history and tooltips. */
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
    full: formatter({ dateStyle: 'medium', timeStyle: 'short', hour12 }, tz),
  };
}
