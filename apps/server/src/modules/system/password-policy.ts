import type { FastifyInstance } from 'fastify';
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordTooShortFor, SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { invalidField } from '../../http/errors.ts';

/**
 * The 49,233 most common passwords of zxcvbn-ts's maintained list (leaked-password corpora), lower-cased. A password
 * that is one of them, whatever its case, is refused (`Password1`, `12345678`, `qwertyuiop`).
 */
let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));

/** Why `password` is refused for the account `email` (null when it is acceptable), length aside. */
export function passwordWeakness(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return SERVER_MESSAGES.passwordTooCommon;
  if (email) {
    const address = email.trim().toLowerCase();
    // The address itself, or its name part dressed up with digits and symbols (`ada.lovelace` → `AdaLovelace!1`).
    const letters = (text: string) => text.replace(/[^\p{L}]/gu, '');
    const local = letters(address.split('@')[0] ?? '');
    if (lower.includes(address) || (local.length > 0 && letters(lower) === local)) return SERVER_MESSAGES.passwordContainsEmail;
  }
  return null;
}

/**
 * The rules every new password meets (sign-up, new users, resets, changes): the system settings' minimum length
 * (never below the spec's 8, which every schema already holds), not a common password, not the account's e-mail.
 * 422 on `field` otherwise.
 */
export async function assertPasswordAcceptable(app: FastifyInstance, password: string, field: string, email?: string): Promise<void> {
  const min = (await app.settings.get()).password_min_length;
  if ([...password].length < min) throw invalidField(field, passwordTooShortFor(min));
  const weakness = passwordWeakness(password, email);
  if (weakness) throw invalidField(field, weakness);
}
