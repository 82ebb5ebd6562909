import { USER_EXPORT_COLUMNS } from '@admin-portal/contract/users';
import { csvLine, type CsvValue } from '../../http/csv.ts';
import { isLocked } from './users.presenter.ts';
import type { UserExportRow } from './users-list.queries.ts';

type Column = (typeof USER_EXPORT_COLUMNS)[number];

const CELLS: Record<Column, (row: UserExportRow, now: number) => CsvValue> = {
  id: (r) => r.id,
  email: (r) => r.email,
  first_name: (r) => r.first_name,
  last_name: (r) => r.last_name,
  role: (r) => r.role,
  organization: (r) => r.organization_name,
  is_active: (r) => r.is_active,
  is_locked: (r, now) => isLocked(r, now),
  last_login_at: (r) => (r.last_login_at ? new Date(r.last_login_at) : null),
  created_at: (r) => new Date(r.created_at),
};

/** users-YYYY-MM-DD.csv, dated in UTC like every timestamp inside. */
export function userExportFilename(now: Date = new Date()): string {
  return `users-${now.toISOString().slice(0, 10)}.csv`;
}

/** The CSV text, header first, one chunk per batch, so a large export streams instead of piling up. */
export async function* userCsv(batches: AsyncIterable<readonly UserExportRow[]>): AsyncGenerator<string> {
  yield csvLine(USER_EXPORT_COLUMNS);
  for await (const rows of batches) {
    const now = Date.now();
    yield rows.map((row) => csvLine(USER_EXPORT_COLUMNS.map((column) => CELLS[column](row, now)))).join('');
  }
}
