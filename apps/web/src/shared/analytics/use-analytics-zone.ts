import { useMemo } from 'react';
import { dateFormats, type DateFormats } from '../lib/date-formats.ts';
import { usePreferences } from '../preferences/preferences.ts';
import { analyticsTimeZone, todayIn } from './period-state.ts';

export interface AnalyticsZone {
  /** The time zone the figures are counted in; null until the user's preferences are known (so nothing is asked twice). */
  tz: string | null;
  /** Today (yyyy-mm-dd) in that zone. */
  today: string;
  /** The user's clock. */
  hour12: boolean;
  /** Dates as the user reads them (medium date, short time). */
  dates: DateFormats;
}

/** The time zone and clock of the user's Settings (else the browser's), for the analytics calls and their labels. */
export function useAnalyticsZone(): AnalyticsZone {
  const preferences = usePreferences();
  const known = !preferences.isPending;
  const data = preferences.data;
  return useMemo(() => {
    const tz = analyticsTimeZone(data?.timezone);
    return {
      tz: known ? tz : null,
      today: todayIn(tz),
      hour12: data?.time_format === '12h',
      dates: dateFormats(data, { dateStyle: 'medium', timeStyle: 'short' }),
    };
  }, [known, data]);
}
