import type { User } from '@admin-portal/contract/users';
import { api } from '../../../shared/api/api.ts';

/** GET /auth/me: the signed-in user with effective permissions. */
export function getCurrentUser() {
  return api.get<User>('/auth/me');
}
