import type { UserExportQuery } from '@admin-portal/contract/users';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { saveTextFile } from '../../../shared/lib/save-text-file.ts';
import { exportFilename } from '../lib/export-file.ts';

/** An export of many users can take longer than an ordinary call's 30 s. */
const EXPORT_TIMEOUT_MS = 5 * 60_000;

/** GET /admin/users/export: every user matching the filters as CSV text, fetched with the session's token. */
export async function getUsersCsv(query: UserExportQuery): Promise<string> {
  const text = unwrap(await call('GET /api/admin/users/export', { query, headers: { Accept: 'text/csv' }, timeoutMs: EXPORT_TIMEOUT_MS }));
  return typeof text === 'string' ? text : '';
}

/** Downloads every user matching the filters as users-YYYY-MM-DD.csv; answers how many rows it holds. */
export async function exportUsersCsv(query: UserExportQuery): Promise<number> {
  const text = await getUsersCsv(query);
  saveTextFile(text, exportFilename());
  return Math.max(0, text.split('\r\n').filter((line) => line !== '').length - 1);
}
