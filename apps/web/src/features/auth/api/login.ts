import { MESSAGES } from '@admin-portal/contract/messages';
import type { User } from '@admin-portal/contract/users';
import { api } from '../../../shared/api/api.ts';

export interface LoginInput {
  email: string;
  password: string;
}

export interface LoginResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  user: User;
}

/** POST /auth/login. A 401 here means wrong credentials, so it must not trigger a token refresh. */
export function login(input: LoginInput) {
  return api.post<LoginResponse>('/auth/login', input, { skipAuthRefresh: true, fallbackMessage: MESSAGES.loginFailed });
}
