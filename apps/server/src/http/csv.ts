/**
 * CSV (RFC 4180) for downloads that people open in spreadsheets.
 *
 * A cell that starts with = + - @ (or a tab / carriage return) is read as a formula by Excel, LibreOffice and
 * Google Sheets, so text from users could run in the reader's spreadsheet ("CSV injection"). Such cells get a
 * leading single quote, which spreadsheets show as text (OWASP's advice).
 */
export type CsvValue = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * Content-Disposition for a download: an ASCII `filename` (anything else replaced by `_`) and, when the name holds
 * more than that, the exact name as RFC 5987 `filename*`.
 */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\w.-]/g, '_');
  return ascii === filename ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
