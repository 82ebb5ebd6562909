/**
 * Email for notification steps, over SMTP with nodemailer (`SMTP_URL`, e.g. smtp://user:pass@mail.example:587;
 * `SMTP_FROM`). Without SMTP_URL nothing is sent: email steps keep their messages in the outbox table, marked
 * undelivered, rather than pretending to send.
 */
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly configured: boolean;
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export const SMTP_NOT_CONFIGURED = 'Not sent: email is not set up (set SMTP_URL and SMTP_FROM); the message is kept in the outbox';

export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) {
    return {
      configured: false,
      send: async () => {
        throw new Error(SMTP_NOT_CONFIGURED);
      },
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    configured: true,
    async send(message) {
      const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
