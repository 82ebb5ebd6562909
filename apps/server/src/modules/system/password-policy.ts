import type { FastifyInstance } from 'fastify';
import { invalidField } from '../../http/errors.ts';

export const passwordTooShort = (min: number) => `Password must be at least ${min} characters`;

/**
 * The system settings' minimum password length (never below the spec's 8, which every schema already holds):
 * 422 on `field` when the new password is shorter.
 */
export async function assertPasswordLength(app: FastifyInstance, password: string, field: string): Promise<void> {
  const min = (await app.settings.get()).password_min_length;
  if ([...password].length < min) throw invalidField(field, passwordTooShort(min));
}
