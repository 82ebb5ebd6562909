import { call } from '../../../shared/api/api.ts';

/** GET /auth/verify: the periodic session check (spec §4); a 401 goes through the client's refresh-or-logout path. */
export function verifySession() {
  return call('GET /api/auth/verify');
}
