/**
 * E-mailing an applicant their case link ("continue your application"): when they start on a workflow's start link,
 * and when staff send it from the case. Queued as a job in the caller's transaction and sent by a worker (retried
 * when the SMTP server fails), like the account e-mails. The link is made by the job as it sends the mail, so neither
 * the queue nor the database holds a usable link; at most 3 such mails an hour go to one address.
 */
import type { FastifyBaseLogger } from 'fastify';
import { applicantTexts } from '@admin-portal/contract/applicant/texts';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { type ClaimedJob, enqueueJob, isOpen, type JobHandler, type Mailer, recordApplicantEvent } from '../../engine/commands.ts';
import { mayMailAddress } from '../accounts/account-emails.ts';
import { applicantSettingsOf, issueCaseLink } from './applicant-links.ts';
import { findLinkMailCase, markLinkSent, type LinkCreator } from './applicant-links.queries.ts';

export const APPLICANT_LINK_JOB = 'applicant_link_email';

/** Queues the e-mail in the caller's transaction; nothing is queued when e-mail is not set up. */
export async function queueApplicantLinkEmail(
  tx: Queryable,
  db: Db,
  config: Config,
  at: { organizationId: string; applicationId: string; requestedBy: { type: LinkCreator; id: string | null } },
): Promise<boolean> {
  if (!config.smtpUrl) return false;
  await enqueueJob(tx, db, {
    organizationId: at.organizationId,
    kind: APPLICANT_LINK_JOB,
    payload: { application_id: at.applicationId, requested_by: at.requestedBy },
  });
  return true;
}

export function applicantLinkEmailJobHandler(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** The organization's product name (its branding.product_name, else the product setting). */
  productName: (organizationId: string) => Promise<string>;
  logger?: FastifyBaseLogger;
}): JobHandler {
  return {
    async run(job: ClaimedJob) {
      const applicationId = job.payload.application_id as string | undefined;
      const requestedBy = (job.payload.requested_by as { type: LinkCreator; id: string | null } | undefined) ?? { type: 'system', id: null };
      if (!applicationId || !deps.mailer.configured) return;
      const c = await findLinkMailCase(deps.db, applicationId);
      // Erased, ended or without an address meanwhile: nothing to send.
      if (!c || !isOpen(c) || !c.applicant_email) return;
      const settings = applicantSettingsOf(c.settings);
      const t = applicantTexts(settings.language);
      const product = await deps.productName(c.organization_id);
      // The link is made first (committed), then mailed, then marked sent: a failed send leaves a link nobody knows,
      // and the job's retry makes another.
      const made = await deps.db.transaction(async (tx) =>
        (await mayMailAddress(tx, c.applicant_email))
          ? issueCaseLink(tx, {
              organizationId: c.organization_id,
              applicationId: c.id,
              createdBy: requestedBy,
              days: settings.linkDays,
              publicUrl: deps.config.publicUrl,
            })
          : null,
      );
      const sent = made !== null;
      if (made) {
        const name = c.applicant_name || c.applicant_email;
        await deps.mailer.send({
          to: c.applicant_email,
          subject: t.mail.subject(product),
          text: t.mail.body(name, c.workflow_name, made.issued.url, settings.linkDays),
        });
        await deps.db.transaction(async (tx) => {
          await markLinkSent(tx, made.row.id, c.applicant_email);
          await recordApplicantEvent(tx, deps.db, c, 'applicant_link_sent', requestedBy, { link_id: made.row.id });
        });
      }
      deps.logger?.info(
        { job_id: job.id, application_id: c.id, sent },
        sent ? 'applicant link e-mailed' : 'applicant link not e-mailed: 3 mails to the address this hour',
      );
    },
    async giveUp(job: ClaimedJob, reason: string) {
      deps.logger?.error({ job_id: job.id, application_id: job.payload.application_id, reason }, 'applicant link e-mail could not be sent');
    },
  };
}
