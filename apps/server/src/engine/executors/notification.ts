/**
 * A notification step: an email over SMTP, an internal notification for staff (a role, or a user by email), or a
 * signed webhook through the SSRF guard. `{{data.x}}`, `{{applicant.x}}` and `{{application.id}}` are filled in, and in
 * an e-mail `{{applicant_link}}`, a personal link to the applicant's pages made for it.
 */
import { createHmac } from 'node:crypto';
import { EMAIL_PATTERN } from '@admin-portal/contract/common';
import { ROLES } from '@admin-portal/contract/roles';
import { PLACEHOLDER } from '@admin-portal/contract/tools/tool-types/common';
import { stringifyValue, walk } from '@admin-portal/contract/tools/placeholders';
import { findOrganizationUserByEmail, insertStaffNotification, keepInOutbox } from '../engine.queries.ts';
import { SMTP_NOT_CONFIGURED } from '../mailer.ts';
import type { CaseRow } from '../transitions.ts';
import { scopeOf, type StepExecutor, type StepInput, type StepOutcome } from './types.ts';

export interface NotificationConfig {
  channel: 'email' | 'internal' | 'webhook';
  to: string;
  subject: string;
  message: string;
}

const WEBHOOK_TIMEOUT_MS = 10_000;

/** Fills `{{data.x}}`-style placeholders from the case (a missing value is empty). */
export function fillCaseTemplate(template: string, c: CaseRow): string {
  const scope = scopeOf(c);
  return template.replace(PLACEHOLDER, (_m, path: string) => stringifyValue(walk(scope, path.split('.'))));
}

/** The key an organization's webhooks are signed with (HMAC-SHA256), derived from SECRET_KEY. */
export function webhookSigningKey(secretKey: string, organizationId: string): string {
  return createHmac('sha256', secretKey).update(`webhook-signing:${organizationId}`).digest('hex');
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as the X-Portal-Signature header carries it. */
export function signWebhook(key: string, body: string, at = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${createHmac('sha256', key).update(`${at}.${body}`).digest('hex')}`;
}

/** `{{applicant_link}}`: the applicant's personal link to their pages, made for the e-mail that carries it. */
export const APPLICANT_LINK_PLACEHOLDER = /\{\{\s*applicant_link\s*\}\}/g;
/** What an e-mail kept in the outbox says instead of a link: a usable link is never stored. */
export const LINK_NOT_MADE = "[the applicant's personal link, made when the e-mail is sent]";

/**
 * The step's recipient filled from the case, and why it cannot be used (null when it can): an e-mail that is not an
 * address, a webhook that is not an http(s) URL, an internal recipient that is neither a role nor an e-mail address
 * (whether that address is a user of the organization is the database's to say). A replay asks it without sending
 * anything (ADR 0063).
 */
export function recipientOf(config: Pick<NotificationConfig, 'channel' | 'to'>, c: CaseRow): { to: string; problem: string | null } {
  const to = fillCaseTemplate(config.to, c).trim();
  const problem = (() => {
    if (config.channel === 'email') return EMAIL_PATTERN.test(to) ? null : `"${to || config.to}" is not an email address`;
    if (config.channel === 'webhook') return URL.canParse(to) && /^https?:$/.test(new URL(to).protocol) ? null : `"${to}" is not an http(s) URL`;
    return (ROLES as readonly string[]).includes(to) || EMAIL_PATTERN.test(to) ? null : `"${to}" is neither a role nor a user of this organization`;
  })();
  return { to, problem };
}

async function sendEmail({ case: c, step, deps, tx }: StepInput, config: NotificationConfig): Promise<StepOutcome> {
  const { to, problem } = recipientOf(config, c);
  if (problem) return { kind: 'error', retryable: false, error: problem };
  const subject = fillCaseTemplate(config.subject, c) || 'Your application';
  const wantsLink = new RegExp(APPLICANT_LINK_PLACEHOLDER.source).test(config.message);
  if (!deps.mailer.configured) {
    // No SMTP server: the email is kept, undelivered, in the outbox (and the step says so), so a fresh install runs
    // its workflows without pretending to send.
    const outboxId = await keepInOutbox(tx, {
      organizationId: c.organization_id,
      applicationId: c.id,
      stepId: step.id,
      to,
      subject,
      body: fillCaseTemplate(config.message.replace(APPLICANT_LINK_PLACEHOLDER, LINK_NOT_MADE), c),
    });
    return {
      kind: 'done',
      output: { channel: 'email', to, subject, delivered: false, outbox_id: outboxId, reason: SMTP_NOT_CONFIGURED },
      report: { type: 'notification_sent', data: { channel: 'email', to, subject, delivered: false } },
    };
  }
  try {
    const link = wantsLink ? await deps.applicantLinks.issue(deps.db, c, to) : null;
    const message = link ? config.message.replace(APPLICANT_LINK_PLACEHOLDER, link) : config.message;
    const sent = await deps.mailer.send({ to, subject, text: fillCaseTemplate(message, c) });
    return {
      kind: 'done',
      output: { channel: 'email', to, subject, message_id: sent.messageId, ...(link ? { applicant_link: 'sent' } : {}) },
      report: { type: 'notification_sent', data: { channel: 'email', to, subject, delivered: true } },
    };
  } catch (error) {
    return { kind: 'error', retryable: true, error: `Email to ${to} failed: ${(error as Error).message}` };
  }
}

async function notifyStaff({ case: c, tx }: StepInput, config: NotificationConfig): Promise<StepOutcome> {
  const to = fillCaseTemplate(config.to, c).trim();
  const subject = fillCaseTemplate(config.subject, c) || 'Application update';
  const body = fillCaseTemplate(config.message, c);
  let role: string | null = null;
  let userId: string | null = null;
  if ((ROLES as readonly string[]).includes(to)) {
    role = to;
  } else {
    userId = await findOrganizationUserByEmail(tx, c.organization_id, to);
    if (!userId) return { kind: 'error', retryable: false, error: `"${to}" is neither a role nor a user of this organization` };
  }
  const notificationId = await insertStaffNotification(tx, { organizationId: c.organization_id, applicationId: c.id, role, userId, title: subject, body });
  return {
    kind: 'done',
    output: { channel: 'internal', to, notification_id: notificationId },
    report: { type: 'notification_sent', data: { channel: 'internal', to, subject, recipient_role: role, recipient_user_id: userId, delivered: true } },
  };
}

async function callWebhook({ case: c, step, deps }: StepInput, config: NotificationConfig): Promise<StepOutcome> {
  const { to, problem } = recipientOf(config, c);
  if (problem) return { kind: 'error', retryable: false, error: problem };
  const url = new URL(to);
  const body = JSON.stringify({
    type: 'application.notification',
    application: { id: c.id, workflow_id: c.workflow_id, external_ref: c.external_ref, status: c.status },
    step: { id: step.id, name: step.name },
    subject: fillCaseTemplate(config.subject, c),
    message: fillCaseTemplate(config.message, c),
    sent_at: new Date(deps.clock.now()).toISOString(),
  });
  const answer = await deps.webhooks.post(
    url,
    body,
    {
      'content-type': 'application/json',
      'user-agent': 'admin-portal-webhooks/1.0',
      'x-portal-signature': signWebhook(webhookSigningKey(deps.secretKey, c.organization_id), body, Math.floor(deps.clock.now() / 1000)),
    },
    WEBHOOK_TIMEOUT_MS,
  );
  if (answer.kind === 'refused') return { kind: 'error', retryable: false, error: answer.error };
  if (answer.kind === 'failed') return { kind: 'error', retryable: true, error: `The webhook could not be called: ${answer.error}` };
  const output = { channel: 'webhook', url: url.href, status: answer.status };
  if (answer.status >= 200 && answer.status < 300) {
    return { kind: 'done', output, report: { type: 'notification_sent', data: { channel: 'webhook', to: url.href, status: answer.status, delivered: true } } };
  }
  return { kind: 'error', retryable: answer.status >= 500 || answer.status === 429, output, error: `The webhook answered ${answer.status}` };
}

export const notificationExecutor: StepExecutor = {
  // Internal notifications, and emails kept in the outbox (no SMTP server), are rows written with the step's result.
  io: (step, deps) => {
    const channel = (step.config as { channel?: string }).channel ?? 'email';
    return channel === 'webhook' || (channel === 'email' && deps.mailer.configured);
  },
  retryPolicy: () => ({ retries: 3, onError: 'fail' }),
  run(input) {
    const config = input.step.config as unknown as NotificationConfig;
    if (config.channel === 'internal') return notifyStaff(input, config);
    if (config.channel === 'webhook') return callWebhook(input, config);
    return sendEmail(input, config);
  },
};
