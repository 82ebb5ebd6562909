import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '@admin-portal/contract/preferences';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';
import { PREFERENCES_QUERY_KEY } from '../../../shared/preferences/preferences.ts';

/** PUT /auth/preferences: changes the keys sent and answers every preference. */
export async function updatePreferences(update: Partial<Preferences>): Promise<Preferences> {
  return unwrap(await call('PUT /api/auth/preferences', { body: update }));
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) => queryClient.setQueryData(PREFERENCES_QUERY_KEY, preferences),
  });
}
