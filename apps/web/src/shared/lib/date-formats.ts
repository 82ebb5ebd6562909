import type { Preferences } from '@admin-portal/contract/preferences';

/** The Settings that decide how dates read: the time zone and the 12- or 24-hour clock. */
export type DatePreferences = Pick<Preferences, 'timezone' | 'time_format'>;

export interface DateFormats {
  /** "Nov 22, 2026" */
  date: Intl.DateTimeFormat;
  /** "18:29" or "6:29 PM" */
  time: Intl.DateTimeFormat;
  /** Date and time, for tooltips and histories (its styles are the caller's choice). */
  full: Intl.DateTimeFormat;
}

/**
 * An Intl.DateTimeFormat made when it first formats. A page's first formatter loads the browser's locale data (about
 * 20 ms on the bench machine); pages make theirs as they first draw, before their data, so the cost is better paid
 * when the first date is shown than before the page's heading is (issue 32 item 19). `format` is bound, as Intl's is.
 */
class DateTimeFormatOnUse implements Intl.DateTimeFormat {
  #made: Intl.DateTimeFormat | null = null;
  readonly #make: () => Intl.DateTimeFormat;
  constructor(make: () => Intl.DateTimeFormat) {
    this.#make = make;
  }
  #formatter(): Intl.DateTimeFormat {
    return (this.#made ??= this.#make());
  }
  format = (date?: Date | number): string => this.#formatter().format(date);
  formatToParts = (date?: Date | number): Intl.DateTimeFormatPart[] => this.#formatter().formatToParts(date);
  formatRange = (startDate: Date | number | bigint, endDate: Date | number | bigint): string =>
    this.#formatter().formatRange(startDate as Date, endDate as Date);
  formatRangeToParts = (startDate: Date | number | bigint, endDate: Date | number | bigint): Intl.DateTimeRangeFormatPart[] =>
    this.#formatter().formatRangeToParts(startDate as Date, endDate as Date);
  resolvedOptions = (): Intl.ResolvedDateTimeFormatOptions => this.#formatter().resolvedOptions();
}

/** A formatter in `timeZone`; in the browser's when none is given or this browser does not know it. Made on first use. */
export function zonedFormat(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  return new DateTimeFormatOnUse(() => {
    try {
      return new Intl.DateTimeFormat(undefined, timeZone ? { ...options, timeZone } : options);
    } catch {
      return new Intl.DateTimeFormat(undefined, options); // a time zone this browser does not know
    }
  });
}

/** The user's time zone (undefined: the browser's) and whether their clock is 12-hour. */
export function dateSettings(prefs: DatePreferences | undefined): { timeZone: string | undefined; hour12: boolean } {
  return { timeZone: prefs?.timezone || undefined, hour12: prefs?.time_format === '12h' };
}

/**
 * Dates in the user's chosen time zone and clock (Settings), else the browser's. `full` takes the date and time
 * styles of the long form (by default "Sunday, November 22, 2026 at 18:29:00 UTC").
 */
export function dateFormats(
  prefs: DatePreferences | undefined,
  full: Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'> = { dateStyle: 'full', timeStyle: 'long' },
): DateFormats {
  const { timeZone, hour12 } = dateSettings(prefs);
  return {
    date: zonedFormat({ dateStyle: 'medium' }, timeZone),
    time: zonedFormat({ timeStyle: 'short', hour12 }, timeZone),
    full: zonedFormat({ ...full, hour12 }, timeZone),
  };
}

/** `iso` in `format`, or `empty` when there is no date. */
export function formatDateTime(iso: string | null, format: Intl.DateTimeFormat, empty = 'Never'): string {
  return iso ? format.format(new Date(iso)) : empty;
}
