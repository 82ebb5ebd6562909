import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistrationAvailability } from '@admin-portal/contract/auth';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

/** GET /auth/registration: whether anyone may create an account here at all. */
export async function getRegistrationAvailability(signal?: AbortSignal): Promise<RegistrationAvailability> {
  return unwrap(await api.get<RegistrationAvailability>('/auth/registration', { signal, skipAuthRefresh: true }));
}

export const registrationAvailabilityQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'registration'],
    queryFn: ({ signal }) => getRegistrationAvailability(signal),
    // An administrator may open or close it at any time; a fresh page asks again.
    staleTime: 0,
  });

export function useRegistrationAvailability() {
  return useQuery(registrationAvailabilityQueryOptions());
}
