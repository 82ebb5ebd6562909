/**
 * CSV (RFC 4180) for downloads that people open in spreadsheets.
 *
 * A cell that starts with = + - @ (or a tab / carriage return) is read as a formula by Excel, LibreOffice and
 * Google Sheets, so text from users could run in the reader's spreadsheet ("CSV injection"). Such cells get a
 * leading single quote, which spreadsheets show as text (OWASP's advice).
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

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

/**
 * Sends CSV text made batch by batch (header first) as a download, streamed so a large export never sits in memory.
 * The header and the first batch are read before anything is sent: bad input or a failing first query is an error
 * status, not a 200. Once rows are on their way the status cannot change, so a later failure breaks the connection
 * (Fastify destroys the response: no closing chunk), and no reader takes a cut-off file for a complete one.
 */
export async function sendCsv(reply: FastifyReply, filename: string, chunks: AsyncIterable<string>): Promise<FastifyReply> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const next = await iterator.next();
    if (next.done) break;
    first.push(next.value);
  }
  async function* all(): AsyncGenerator<string> {
    yield* first;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  // A byte stream (not object mode), so a slow reader holds back the next batch's query instead of queueing batches
  // (ADR 0015). It is sent as it is, never serialised: a route's documented string schema is for readers.
  const body = Readable.from(all(), { objectMode: false }) as unknown as string;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachment(filename))
    .header('cache-control', 'no-store')
    .send(body);
}
