import type { z } from 'zod';
import type { confirmRegistrationSchema } from '@admin-portal/contract/auth';
import { call } from '../../../shared/api/api.ts';

export type ConfirmRegistrationInput = z.input<typeof confirmRegistrationSchema>;

/** POST /auth/register/confirm: the token from the e-mailed link creates the account (no session comes back). */
export function confirmRegistration(input: ConfirmRegistrationInput) {
  return call('POST /api/auth/register/confirm', { body: input, skipAuthRefresh: true });
}
