/**
 * E-mails about a person's own account: the link that confirms a sign-up, the notice that an address already has an
 * account, approval and rejection of a sign-up, a changed sign-in e-mail. Queued as jobs in the same transaction as
 * the change they tell of, and sent by whichever process's worker claims them (retried with backoff when the SMTP
 * server fails), so a request never waits on the mail server and answers alike whether it sent mail or not.
 *
 * The confirmation link's token is made by the job when it sends the mail, and only its digest is stored: neither
 * the queue nor the database holds a usable link.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { type ClaimedJob, enqueueJob, type JobHandler, type Mailer } from '../../engine/commands.ts';
import { hashToken, newOpaqueToken } from '../../security/tokens.ts';
import { countMailInHour, findApprovedUserContact, findOpenRegistration, setRegistrationTokenHash } from './account-emails.queries.ts';

export const ACCOUNT_EMAIL_JOB = 'account_email';

/** How long a sign-up's confirmation link works. */
export const REGISTRATION_LINK_HOURS = 24;
/** The web page a confirmation link opens; the token travels in the fragment, which never reaches a server's logs. */
export const CONFIRM_PATH = '/register/confirm';

export type AccountEmail =
  | { type: 'confirm_registration'; registration_id: string }
  | { type: 'already_registered'; email: string }
  | { type: 'account_approved'; user_id: string }
  | { type: 'signup_rejected'; email: string; organization: string }
  | { type: 'email_changed'; old_email: string; new_email: string };

/** Queues `mail` in the caller's transaction. Nothing is queued when e-mail is not set up. */
export async function queueAccountEmail(tx: Queryable, db: Db, config: Config, organizationId: string | null, mail: AccountEmail): Promise<void> {
  if (!config.smtpUrl) return;
  await enqueueJob(tx, db, { organizationId, kind: ACCOUNT_EMAIL_JOB, payload: { mail } });
}

/**
 * A fixed window of `perHour` mails to one address: a stranger cannot flood somebody's mailbox by signing up with
 * their address again and again. Counted in sign_in_failures under a digest of the address.
 */
export async function mayMailAddress(tx: Queryable, email: string, perHour = 3): Promise<boolean> {
  const failures = await countMailInHour(tx, `mail:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`);
  return failures <= perHour;
}

interface Composed {
  to: string;
  subject: string;
  text: string;
}

async function compose(db: Db, config: Config, product: string, mail: AccountEmail): Promise<Composed | null> {
  const signIn = `${config.publicUrl}/login`;
  switch (mail.type) {
    case 'confirm_registration': {
      const request = await findOpenRegistration(db, mail.registration_id);
      if (!request) return null; // used or expired meanwhile: nothing to confirm
      const token = newOpaqueToken();
      await setRegistrationTokenHash(db, mail.registration_id, hashToken(token));
      return {
        to: request.email,
        subject: `Confirm your e-mail address for ${product}`,
        text: [
          `Hello ${request.first_name},`,
          '',
          `Someone (we hope you) signed up for ${product} in ${request.organization} with this e-mail address.`,
          'To confirm it is yours and create the account, open this link:',
          '',
          `${config.publicUrl}${CONFIRM_PATH}#token=${token}`,
          '',
          `The link works once, within ${REGISTRATION_LINK_HOURS} hours. If you did not sign up, ignore this e-mail: no account is created.`,
        ].join('\n'),
      };
    }
    case 'already_registered':
      return {
        to: mail.email,
        subject: `Sign-up attempt for ${product}`,
        text: [
          `Someone (perhaps you) tried to sign up for ${product} with this e-mail address, which already has an account.`,
          '',
          `If it was you, sign in at ${signIn}. If you forgot your password, ask an administrator of your organization to set a new one.`,
          'If it was not you, you need not do anything: nothing was changed.',
        ].join('\n'),
      };
    case 'account_approved': {
      const user = await findApprovedUserContact(db, mail.user_id);
      if (!user) return null;
      return {
        to: user.email,
        subject: `Your ${product} account is approved`,
        text: [`Hello ${user.first_name},`, '', `An administrator approved your account. You can sign in now at ${signIn}.`].join('\n'),
      };
    }
    case 'signup_rejected':
      return {
        to: mail.email,
        subject: `Your sign-up for ${product}`,
        text: [
          `An administrator of ${mail.organization} did not approve the account you signed up for, and it was removed.`,
          'If you think this is a mistake, contact them.',
        ].join('\n'),
      };
    case 'email_changed':
      return {
        to: mail.old_email,
        subject: `Your ${product} sign-in e-mail was changed`,
        text: [
          `The e-mail address you sign in to ${product} with was changed from ${mail.old_email} to ${mail.new_email}.`,
          '',
          'If you did not do this, tell an administrator of your organization at once.',
        ].join('\n'),
      };
  }
}

/** The worker's handler: composes the mail from the database as it is now and sends it. */
/** Where the product's name (System Settings) is read when an e-mail is written (the settings store gives it). */
export interface ProductName {
  get(): Promise<{ product_name: string }>;
}

export function accountEmailJobHandler(deps: { db: Db; config: Config; mailer: Mailer; settings: ProductName; logger?: FastifyBaseLogger }): JobHandler {
  return {
    async run(job: ClaimedJob) {
      const mail = job.payload.mail as AccountEmail | undefined;
      if (!mail || !deps.mailer.configured) return;
      const product = (await deps.settings.get()).product_name;
      const composed = await compose(deps.db, deps.config, product, mail);
      if (!composed) return;
      await deps.mailer.send(composed);
      deps.logger?.info({ job_id: job.id, mail: mail.type }, 'account e-mail sent');
    },
    async giveUp(job: ClaimedJob, reason: string) {
      const mail = job.payload.mail as AccountEmail | undefined;
      deps.logger?.error({ job_id: job.id, mail: mail?.type, reason }, 'account e-mail could not be sent');
    },
  };
}
