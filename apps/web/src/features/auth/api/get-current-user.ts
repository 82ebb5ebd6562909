import { call } from '../../../shared/api/api.ts';

/** GET /auth/me: the signed-in user with effective permissions. */
export function getCurrentUser() {
  return call('GET /api/auth/me');
}
