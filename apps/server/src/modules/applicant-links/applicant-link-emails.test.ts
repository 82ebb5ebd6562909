/**
 * "Continue your application" e-mails over a real SMTP server (issue 34): the applicant who starts on a start link
 * gets a link to come back by, staff can send a new one, in the organization's language, at most 3 an hour to one
 * address; the sent link works and its sending is on the case's timeline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_MESSAGES } from '@admin-portal/contract/applicant/api';
import { testLink, testStep, waitForCase } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { startMailbox, type Mailbox, type ReceivedMail } from '../../test/mailbox.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';

let ctx: TestContext;
let mailbox: Mailbox;
let admin: TestUser;
let org: { id: string };

const graph = {
  steps: [
    testStep('start', 'start', { trigger: 'api', required_fields: [] }),
    testStep('details', 'form', { title: 'Your details', fields: [{ key: 'city', label: 'City', type: 'text', required: true }] }),
    testStep('end', 'end', { outcome: 'completed' }),
  ],
  connections: [testLink('start', 'details'), testLink('details', 'end')],
};

const linkIn = (mail: ReceivedMail) => /https?:\/\/\S+\/apply\/c\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];

beforeAll(async () => {
  mailbox = await startMailbox();
  ctx = await createTestContext({ smtpUrl: mailbox.url, publicUrl: 'https://portal.example.com' });
  org = await ctx.createOrg('Mail Org');
  admin = await ctx.createUser('admin', org.id);
});
afterAll(async () => {
  await ctx?.close();
  await mailbox?.close();
});

async function startOn(email: string, name = 'Grace Hopper'): Promise<{ link: string; token: string }> {
  const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph, name: 'Savings account' });
  const on = await ctx.as(admin, { method: 'PUT', url: `/api/admin/workflows/${wf.id}/start-link`, payload: { enabled: true } });
  const link = (on.json().url as string).split('/apply/')[1]!;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/apply/start/${link}`,
    payload: { name, email },
    remoteAddress: `192.0.2.${Math.floor(Math.random() * 250)}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { link, token: (res.json().url as string).split('/apply/c/')[1]! };
}

describe('a continue-your-application e-mail', () => {
  it('goes to an applicant who starts on a start link, with a second link that works, and is on the timeline', async () => {
    const { token } = await startOn('grace@example.com');
    const mail = await mailbox.waitFor((m) => m.to.includes('grace@example.com'));
    expect(mail.subject).toBe('Continue your application with Admin Portal');
    expect(mail.text).toContain('Hello Grace Hopper,');
    expect(mail.text).toContain('"Savings account"');
    expect(mail.text).toContain('The link works for 14 days.');
    const mailed = linkIn(mail)!;
    expect(mailed).not.toBe(token);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/apply/case', headers: { authorization: `Bearer ${mailed}` } });
    expect(page.statusCode, page.body).toBe(200);
    const id = (await ctx.db.query<{ application_id: string }>(`select application_id from applicant_links where sent_to = 'grace@example.com'`)).rows[0]!
      .application_id;
    const links = (await ctx.as(admin, { method: 'GET', url: `/api/admin/applications/${id}/applicant-links` })).json().links as {
      sent_to: string | null;
      created_by: string;
    }[];
    expect(links.filter((l) => l.sent_to === 'grace@example.com')).toEqual([expect.objectContaining({ created_by: 'applicant' })]);
    const events = await ctx.db.query<{ type: string }>(`select type from application_events where application_id = $1 and type = 'applicant_link_sent'`, [id]);
    expect(events.rows).toHaveLength(1);
  });

  it('is sent by staff on request, in the organization’s language, at most 3 an hour to one address', async () => {
    await ctx.db.query(`update organizations set settings = settings || '{"applicant_language":"de"}'::jsonb where id = $1`, [org.id]);
    await startOn('ada@example.com', 'Ada Lovelace');
    await mailbox.waitFor((m) => m.to.includes('ada@example.com'));
    const id = (await ctx.db.query<{ id: string }>(`select id from applications where applicant_email = 'ada@example.com'`)).rows[0]!.id;
    for (let i = 0; i < 3; i++) {
      const sent = await ctx.as(admin, { method: 'POST', url: `/api/admin/applications/${id}/applicant-links/send` });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().message).toBe(APPLICANT_MESSAGES.linkOnItsWay('ada@example.com'));
    }
    // The start's mail and two of staff's: the third of staff's is the fourth this hour.
    await expect.poll(() => mailbox.to('ada@example.com').length, { timeout: 15_000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailbox.to('ada@example.com')).toHaveLength(3);
    expect(mailbox.to('ada@example.com')[1]!.subject).toBe('Setzen Sie Ihren Antrag bei Admin Portal fort');
    expect(mailbox.to('ada@example.com')[1]!.text).toContain('Hallo Ada Lovelace,');
    await ctx.db.query(`update organizations set settings = settings - 'applicant_language' where id = $1`, [org.id]);
  });

  it('is refused for an applicant without an address and for a case that has ended', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph });
    const started = await ctx.as(admin, { method: 'POST', url: '/api/admin/applications', payload: { workflow_id: wf.id, applicant: { name: 'No Mail' } } });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id as string;
    const noMail = await ctx.as(admin, { method: 'POST', url: `/api/admin/applications/${id}/applicant-links/send` });
    expect(noMail.statusCode).toBe(409);
    expect(noMail.json().detail).toBe(APPLICANT_MESSAGES.noEmail);
    await ctx.db.query(`update applications set status = 'cancelled' where id = $1`, [id]);
    const ended = await ctx.as(admin, { method: 'POST', url: `/api/admin/applications/${id}/applicant-links/send` });
    expect(ended.json().detail).toBe(APPLICANT_MESSAGES.notInProgress);
  });

  it('is what a notification step sends with {{applicant_link}}: a working link, made for that e-mail', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: {
        steps: [
          testStep('start', 'start', { trigger: 'api', required_fields: [] }),
          testStep('mail', 'notification', {
            channel: 'email',
            to: '{{applicant.email}}',
            subject: 'Your documents',
            message: 'Please upload them: {{applicant_link}}',
          }),
          testStep('details', 'form', { title: 'Documents', fields: [{ key: 'city', label: 'City', type: 'text', required: true }] }),
          testStep('end', 'end', { outcome: 'completed' }),
        ],
        connections: [testLink('start', 'mail'), testLink('mail', 'details'), testLink('details', 'end')],
      },
    });
    const started = await ctx.as(admin, {
      method: 'POST',
      url: '/api/admin/applications',
      payload: { workflow_id: wf.id, applicant: { name: 'Hedy', email: 'hedy@example.com' } },
    });
    expect(started.statusCode, started.body).toBe(201);
    const mail = await mailbox.waitFor((m) => m.to.includes('hedy@example.com') && m.subject === 'Your documents');
    const token = linkIn(mail)!;
    // The mail leaves while the step runs; the case reaches its form once the step's result is written.
    await waitForCase(ctx.db, started.json().id as string, (c) => c.waiting_for === 'form');
    const page = await ctx.app.inject({ method: 'GET', url: '/api/apply/case', headers: { authorization: `Bearer ${token}` } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ state: 'form', form: { title: 'Documents' } });
    const links = (await ctx.as(admin, { method: 'GET', url: `/api/admin/applications/${started.json().id}/applicant-links` })).json().links;
    expect(links).toEqual([expect.objectContaining({ created_by: 'system', sent_to: 'hedy@example.com', state: 'active' })]);
  });
});
