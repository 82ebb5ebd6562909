// Starts the real server for the browser tests on a fresh, throwaway database, with a real SMTP server beside it
// whose received mails the specs read (e2e/mailbox.ts).
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
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
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        received += 1;
        const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: parsed.subject ?? '', text: parsed.text ?? '' };
        fs.writeFileSync(path.join(E2E_MAIL_DIR, `${String(received).padStart(6, '0')}.json`), JSON.stringify(mail));
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

await import('../apps/server/src/main.ts');
