import { call } from '../../../shared/api/api.ts';

/** POST /auth/logout with the tokens captured before they were cleared locally. */
export function logout(tokens: { accessToken: string | null; refreshToken: string | null }) {
  return call('POST /api/auth/logout', {
    body: tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {},
    skipAuthRefresh: true,
    headers: tokens.accessToken ? { Authorization: `Bearer ${tokens.accessToken}` } : {},
  });
}
