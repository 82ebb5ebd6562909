import { MESSAGES } from '@admin-portal/contract/messages';
import { call } from '../../../shared/api/api.ts';

export interface ProfileInput {
  first_name: string;
  last_name: string;
  email: string;
  /** Required when the email changes (it is the sign-in name). */
  current_password?: string;
}

/** PUT /auth/profile: the signed-in user's own name and email (spec §7). */
export function updateProfile(input: ProfileInput) {
  return call('PUT /api/auth/profile', { body: input, fallbackMessage: MESSAGES.profileUpdateFailedService });
}
