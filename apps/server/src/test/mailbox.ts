/**
 * A real SMTP server for tests (smtp-server), keeping every message it receives, parsed (mailparser), so a test can
 * wait for the mail a request should have caused and follow the link in it.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export interface Mailbox {
  /** `smtp://127.0.0.1:<port>` for the server's SMTP_URL. */
  url: string;
  readonly mails: ReceivedMail[];
  /** The first mail (received or yet to come) that satisfies `match`; fails after `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails sent to `address` (any case). */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

/** The link in a confirmation mail, and its token. */
export function confirmationLink(mail: ReceivedMail): { url: string; token: string } {
  const match = /(https?:\/\/\S+\/register\/confirm#token=([A-Za-z0-9_-]+))/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return { url: match[1]!, token: match[2]! };
}

/** Starts the SMTP server on a free loopback port; `onMail` also hears each message as it is kept. */
export async function startMailbox(options: { onMail?: (mail: ReceivedMail) => void } = {}): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: parsed.subject ?? '', text: parsed.text ?? '' };
          mails.push(mail);
          options.onMail?.(mail);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address) => mails.filter((m) => m.to.includes(address.toLowerCase())),
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such mail within ${timeoutMs} ms; received: ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
