import type { RegistrationAvailability } from '@admin-portal/contract/auth';
import { call } from '../../../shared/api/api.ts';
import { unwrap } from '../../../shared/api/api-result.ts';

/** GET /auth/registration: whether anyone may create an account here at all. (No query library: /login's own download calls it too.) */
export async function getRegistrationAvailability(signal?: AbortSignal): Promise<RegistrationAvailability> {
  return unwrap(await call('GET /api/auth/registration', { ...(signal ? { signal } : {}), skipAuthRefresh: true }));
}
