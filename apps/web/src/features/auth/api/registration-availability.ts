import type { RegistrationAvailability } from '@admin-portal/contract/auth';
import { api } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

/** GET /auth/registration: whether anyone may create an account here at all. (No query library: /login's own download calls it too.) */
export async function getRegistrationAvailability(signal?: AbortSignal): Promise<RegistrationAvailability> {
  return unwrap(await api.get<RegistrationAvailability>('/auth/registration', { signal, skipAuthRefresh: true }));
}
