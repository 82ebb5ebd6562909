import { MESSAGES } from '@admin-portal/contract/messages';
import { call } from '../../../shared/api/api.ts';

export interface ChangePasswordInput {
  old_password: string;
  new_password: string;
}

/** POST /auth/change-password (spec §7). The server keeps this session and ends the user's others. */
export function changePassword(input: ChangePasswordInput) {
  return call('POST /api/auth/change-password', { body: input, fallbackMessage: MESSAGES.passwordChangeFailedService });
}
