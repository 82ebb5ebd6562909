import { MESSAGES } from '@admin-portal/contract/messages';
import { api } from '../../../shared/api/api.ts';

export interface ChangePasswordInput {
  old_password: string;
  new_password: string;
}

/** POST /auth/change-password (spec §7). The server keeps this session and ends the user's others. */
export function changePassword(input: ChangePasswordInput) {
  return api.post<{ success: boolean; message: string }>('/auth/change-password', input, {
    fallbackMessage: MESSAGES.passwordChangeFailedService,
  });
}
