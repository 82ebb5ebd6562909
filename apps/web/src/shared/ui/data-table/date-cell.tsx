import type { DateFormats } from '../../lib/date-formats.ts';

/** A list's date cell: the date on screen, the whole instant in the tooltip, machine-readable in `dateTime`. */
export function DateCell({ iso, format }: { iso: string; format: DateFormats }) {
  const when = new Date(iso);
  return (
    <time dateTime={iso} title={format.full.format(when)}>
      {format.date.format(when)}
    </time>
  );
}
