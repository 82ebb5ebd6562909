/** The CSV of a list's rows as its columns say (RFC 4180 quoting; a leading =+-@ is defused against formula injection). */
export interface CsvColumn<T> {
  header: string;
  csv?: ((row: T) => string | number | boolean | null | undefined) | undefined;
}

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const exported = columns.filter((c) => c.csv);
  const lines = [exported.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(exported.map((c) => csvCell(c.csv!(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
