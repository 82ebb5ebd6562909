import { useEffect, useState } from 'react';
import { usePreferences } from '../../shared/preferences/preferences.ts';

/** Spec §2: the header clock is refreshed every 60 seconds. */
export const CLOCK_REFRESH_MS = 60_000;

/** Weekday, date and time, in the user's preferred hour format and time zone (Settings). */
export function clockFormat(timeFormat: '24h' | '12h', timeZone: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: timeFormat === '12h' ? 'h12' : 'h23',
  };
  try {
    return new Intl.DateTimeFormat(undefined, timeZone ? { ...options, timeZone } : options);
  } catch {
    return new Intl.DateTimeFormat(undefined, options);
  }
}

/** Runs `work` when the browser is next idle, at most a second from now; returns the cancel. */
function afterDrawing(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}

export function HeaderClock() {
  const { data: preferences } = usePreferences();
  const timeFormat = preferences?.time_format ?? '24h';
  const timeZone = preferences?.timezone ?? '';
  const [now, setNow] = useState(() => new Date());
  const [format, setFormat] = useState<Intl.DateTimeFormat | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  // Made once the browser is idle after the page is drawn (within a second): a page's first date formatter loads the
  // browser's locale data (18–50 ms on the bench machine), better spent after the page's heading and the builder's
  // canvas are on screen than before them (issue 32 items 19 and 21).
  useEffect(() => afterDrawing(() => setFormat(clockFormat(timeFormat, timeZone))), [timeFormat, timeZone]);
  return (
    <time className="header-clock" dateTime={now.toISOString()}>
      {format?.format(now)}
    </time>
  );
}
