import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRegistrationAvailability } from './registration-availability.ts';

export { getRegistrationAvailability };

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
