import { queryOptions, useQuery } from '@tanstack/react-query';
import { PREFERENCE_DEFAULTS } from '@admin-portal/contract/preference-defaults';
import type { Preferences } from '@admin-portal/contract/preferences';
import { call } from '../api/api.ts';
import { unwrap } from '../api/api-result.ts';
import { PREFERENCES_QUERY_KEY } from './preferences-key.ts';

export { PREFERENCES_QUERY_KEY };

/** The preferences before the server has answered (and for anything it never stored): the contract's defaults. */
export const DEFAULT_PREFERENCES: Preferences = PREFERENCE_DEFAULTS;

export async function getPreferences(signal?: AbortSignal): Promise<Preferences> {
  return unwrap(await call('GET /api/auth/preferences', { signal }));
}

/** GET /auth/preferences: the signed-in user's preferences, kept on the server so they follow the user. */
export const preferencesQueryOptions = queryOptions({
  queryKey: PREFERENCES_QUERY_KEY,
  queryFn: ({ signal }) => getPreferences(signal),
  staleTime: 5 * 60_000,
});

export function usePreferences() {
  return useQuery(preferencesQueryOptions);
}

/** Rows per page for server-paginated tables: the user's choice, the default until it is known. */
export function usePageSize(): number {
  return usePreferences().data?.page_size ?? DEFAULT_PREFERENCES.page_size;
}
