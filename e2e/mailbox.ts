/**
 * The e-mails the portal sent during the browser tests. start-server.ts runs a real SMTP server (smtp-server) beside
 * the portal and writes each message it receives, parsed, as a JSON file here; a test waits for the one it caused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export const E2E_MAIL_DIR = path.resolve(process.env.E2E_MAIL_DIR ?? '.data-test-e2e-mail');

export interface SentMail {
  to: string[];
  subject: string;
  text: string;
}

function readAll(): SentMail[] {
  if (!fs.existsSync(E2E_MAIL_DIR)) return [];
  return fs
    .readdirSync(E2E_MAIL_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(E2E_MAIL_DIR, f), 'utf8')) as SentMail);
}

/** The newest mail to `address` whose subject matches, waiting for it to arrive. */
export async function mailTo(address: string, subject: RegExp): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      () => {
        found = readAll()
          .filter((m) => m.to.includes(address.toLowerCase()) && subject.test(m.subject))
          .at(-1);
        return found !== undefined;
      },
      { timeout: 20_000, message: `an e-mail to ${address} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The confirmation link in a sign-up mail (on the portal's PUBLIC_URL). */
export function linkIn(mail: SentMail): string {
  const match = /(https?:\/\/\S+\/register\/confirm#token=[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return match[1]!;
}
