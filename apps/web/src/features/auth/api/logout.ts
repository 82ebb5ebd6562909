import { api } from '../../../shared/api/api.ts';

/** POST /auth/logout with the tokens captured before they were cleared locally. */
export function logout(tokens: { accessToken: string | null; refreshToken: string | null }) {
  return api.post<{ success: boolean }>('/auth/logout', tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}, {
    skipAuthRefresh: true,
    headers: tokens.accessToken ? { Authorization: `Bearer ${tokens.accessToken}` } : {},
  });
}
