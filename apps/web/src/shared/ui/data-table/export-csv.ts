import { COUNT_CAP, LIST_LIMIT_MAX } from '@admin-portal/contract/list-limits';
import { saveTextFile } from '../../lib/save-text-file.ts';
import { toCsv, type CsvColumn } from './csv.ts';

export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * Every row of a limit/offset list, walked page by page at the largest page size the API allows, up to `cap` rows
 * (the lists count up to COUNT_CAP, so that is where "every row" ends for them too).
 */
export async function collectPages<T>(fetchPage: (offset: number, limit: number) => Promise<ListPage<T>>, cap = COUNT_CAP): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const page = await fetchPage(rows.length, Math.min(LIST_LIMIT_MAX, cap - rows.length));
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= Math.min(page.total, cap)) return rows;
  }
}

/** The same for a keyset list ("older" pages by `next_cursor`), e.g. applications. */
export async function collectCursorPages<T>(
  fetchPage: (cursor: string | null, limit: number) => Promise<{ items: T[]; next_cursor: string | null }>,
  cap = COUNT_CAP,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await fetchPage(cursor, Math.min(LIST_LIMIT_MAX, cap - rows.length));
    rows.push(...page.items);
    cursor = page.next_cursor;
    if (!cursor || page.items.length === 0 || rows.length >= cap) return rows;
  }
}

/** `name-YYYY-MM-DD.csv`, dated in the user's time zone. */
export function csvFilename(name: string, now = new Date()): string {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `${name}-${day}.csv`;
}

/** Downloads the rows as CSV, in the columns' order and wording. Answers how many rows were written. */
export async function exportCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[] | Promise<readonly T[]>, name: string): Promise<number> {
  const all = await rows;
  saveTextFile(toCsv(columns, all), csvFilename(name));
  return all.length;
}
