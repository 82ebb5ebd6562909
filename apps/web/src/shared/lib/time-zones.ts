/** Every IANA time zone the browser knows, with UTC first and the current value kept even if the browser lacks it. */
export function timeZoneOptions(current?: string, supported: () => string[] = () => Intl.supportedValuesOf('timeZone')): string[] {
  let zones: string[];
  try {
    zones = supported();
  } catch {
    zones = [];
  }
  const out = ['UTC', ...zones.filter((z) => z !== 'UTC')];
  if (current && !out.includes(current)) out.splice(1, 0, current);
  return out;
}
