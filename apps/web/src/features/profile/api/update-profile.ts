import { MESSAGES } from '@admin-portal/contract/messages';
import type { User } from '@admin-portal/contract/users';
import { api } from '../../../shared/api/api.ts';

export interface ProfileInput {
  first_name: string;
  last_name: string;
  email: string;
  /** Required when the email changes (it is the sign-in name). */
  current_password?: string;
}

export interface ProfileResponse {
  success: boolean;
  user: User;
  message: string;
}

/** PUT /auth/profile: the signed-in user's own name and email (spec §7). */
export function updateProfile(input: ProfileInput) {
  return api.put<ProfileResponse>('/auth/profile', input, { fallbackMessage: MESSAGES.profileUpdateFailedService });
}
