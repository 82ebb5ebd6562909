import type { z } from 'zod';
import type { registerSchema } from '@admin-portal/contract/auth';
import { MESSAGES } from '@admin-portal/contract/messages';
import { call } from '../../../shared/api/api.ts';

export type RegisterInput = z.input<typeof registerSchema>;

/**
 * POST /auth/register: asks for a new viewer account in the organization that accepts the email's domain. Nothing is
 * created yet: the server e-mails a link that confirms the address (the same answer whether or not the address has an
 * account). Spec §8: 'Registration failed. Please try again.' when the server says nothing.
 */
export function register(input: RegisterInput) {
  return call('POST /api/auth/register', { body: input, skipAuthRefresh: true, fallbackMessage: MESSAGES.registrationFailed });
}
