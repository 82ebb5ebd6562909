import { useMutation } from '@tanstack/react-query';
import type { UserExportQuery } from '@admin-portal/contract/users';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { saveTextFile } from '../../../shared/lib/save-text-file.ts';
import { exportFilename } from '../lib/export-file.ts';

/** An export of many users can take longer than an ordinary call's 30 s. */
const EXPORT_TIMEOUT_MS = 5 * 60_000;

/** GET /admin/users/export: every user matching the filters as CSV text, fetched with the session's token. */
export async function getUsersCsv(query: UserExportQuery): Promise<string> {
  const text = unwrap(
    await api.get<string>('/admin/users/export', { query: { ...query }, headers: { Accept: 'text/csv' }, timeoutMs: EXPORT_TIMEOUT_MS }),
  );
  return typeof text === 'string' ? text : '';
}

/** Downloads the CSV as users-YYYY-MM-DD.csv. */
export function useExportUsers() {
  return useMutation({
    mutationFn: async (query: UserExportQuery) => {
      saveTextFile(await getUsersCsv(query), exportFilename());
    },
  });
}
