import type { z } from 'zod';
import type { ConfirmRegistrationResponse, confirmRegistrationSchema } from '@admin-portal/contract/auth';
import { api } from '../../../shared/api/api.ts';

export type ConfirmRegistrationInput = z.input<typeof confirmRegistrationSchema>;

/** POST /auth/register/confirm: the token from the e-mailed link creates the account (no session comes back). */
export function confirmRegistration(input: ConfirmRegistrationInput) {
  return api.post<ConfirmRegistrationResponse>('/auth/register/confirm', input, { skipAuthRefresh: true });
}
