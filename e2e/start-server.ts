// Starts the real server for the browser tests on a fresh, throwaway database, with a real SMTP server beside it
// whose received mails the specs read (e2e/mailbox.ts): each is written as a JSON file as it arrives.
import fs from 'node:fs';
import path from 'node:path';
import { startMailbox } from '../apps/server/src/test/mailbox.ts';
import { E2E_MAIL_DIR } from './mailbox.ts';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data-test-e2e');
for (const dir of [dataDir, E2E_MAIL_DIR]) {
  if (!path.basename(dir).startsWith('.data-test')) {
    throw new Error(`Refusing to wipe ${dir}: the e2e DATA_DIR and mail folder must be .data-test* directories`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
fs.mkdirSync(E2E_MAIL_DIR, { recursive: true });
process.env.DATA_DIR = dataDir;

let received = 0;
const smtp = await startMailbox({
  onMail(mail) {
    received += 1;
    fs.writeFileSync(path.join(E2E_MAIL_DIR, `${String(received).padStart(6, '0')}.json`), JSON.stringify(mail));
  },
});
process.env.SMTP_URL = smtp.url;

await import('../apps/server/src/main.ts');
