/**
 * The applicant's pages' API (issue 34): a workflow's start link starts a case and answers its link; the link reads
 * only its own case, keeps a draft, answers the forms and shows the outcome; links expire, are revoked, and are
 * stored only as hashes; staff see each link's state and make new ones; nothing of staff reaches the applicant.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_LIMITS, APPLICANT_MESSAGES } from '@admin-portal/contract/applicant/api';
import { createTestApiKey, openReviewTask, testLink, testStep, waitForCase, type TestApiKey } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';
import { hashToken } from '../../security/tokens.ts';
import { requestLogLine } from '../../app.ts';

let ctx: TestContext;
let org: { id: string };
let other: { id: string };
let admin: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let key: TestApiKey;
let workflowId: string;

const graph = {
  steps: [
    testStep('start', 'start', { trigger: 'api', required_fields: [] }),
    testStep('details', 'form', {
      title: 'Your details',
      instructions: 'As on your passport.',
      fields: [
        { key: 'birth_date', label: 'Date of birth', type: 'date', required: true },
        { key: 'country', label: 'Country', type: 'select', required: true, options: ['DE', 'FR'] },
        { key: 'nickname', label: 'Nickname', type: 'text', required: false },
      ],
    }),
    testStep('review', 'approval', { assignee_role: 'operator', instructions: 'Internal: check the passport scan carefully', sla_hours: 24 }),
    testStep('ok', 'end', { outcome: 'approved' }),
    testStep('no', 'end', { outcome: 'rejected' }),
  ],
  connections: [testLink('start', 'details'), testLink('details', 'review'), testLink('review', 'ok', 'approved'), testLink('review', 'no', 'rejected')],
};

const tokenOf = (url: string) => url.split('/apply/c/')[1]!;
const asApplicant = (token: string, options: { method?: 'GET' | 'PUT' | 'POST'; url?: string; payload?: unknown } = {}) =>
  ctx.app.inject({
    method: options.method ?? 'GET',
    url: options.url ?? '/api/apply/case',
    headers: { authorization: `Bearer ${token}` },
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'https://portal.example.com' });
  org = await ctx.createOrg('Applicant Org');
  other = await ctx.createOrg('Other Org');
  admin = await ctx.createUser('admin', org.id);
  viewer = await ctx.createUser('viewer', org.id);
  outsider = await ctx.createUser('admin', other.id);
  key = await createTestApiKey(ctx.db, org.id);
  workflowId = (await createTestWorkflow(ctx.db, org.id, { status: 'active', graph })).id;
});
afterAll(() => ctx?.close());

async function startByApi(): Promise<{ id: string; token: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/public/v1/applications',
    headers: { authorization: `Bearer ${key.key}` },
    payload: { workflow_id: workflowId, applicant: { name: 'Ada Lovelace', email: 'ada@example.com' }, data: {} },
  });
  expect(res.statusCode, res.body).toBe(201);
  const url = res.json().applicant_url as string;
  expect(url).toMatch(/^https:\/\/portal\.example\.com\/apply\/c\/[A-Za-z0-9_-]{43}$/);
  return { id: res.json().id, token: tokenOf(url) };
}

describe('a case link', () => {
  it('comes with a case started by the intake API, and only its hash is stored', async () => {
    const { id, token } = await startByApi();
    const stored = await ctx.db.query<{ token_hash: string }>('select token_hash from applicant_links where application_id = $1', [id]);
    expect(stored.rows).toEqual([{ token_hash: hashToken(token) }]);
    const all = JSON.stringify((await ctx.db.query('select * from applicant_links')).rows);
    expect(all).not.toContain(token);
  });

  it('shows the form the case waits for, keeps a draft, takes the answers and then shows the review, never staff data', async () => {
    const { id, token } = await startByApi();
    await waitForCase(ctx.db, id, (c) => c.waiting_for === 'form');
    const first = await asApplicant(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    const view = first.json();
    expect(view).toMatchObject({ state: 'form', outcome: null, workflow_name: expect.any(String), branding: { language: 'en', color: null } });
    expect(view.form).toMatchObject({ title: 'Your details', instructions: 'As on your passport.', number: 1, answers: {} });
    expect(view.form.fields.map((f: { key: string }) => f.key)).toEqual(['birth_date', 'country', 'nickname']);

    // A draft is kept (only the form's own fields), and found again.
    const draft = await asApplicant(token, {
      method: 'PUT',
      url: '/api/apply/case/draft',
      payload: { step_id: view.form.step_id, answers: { country: 'FR', stranger: 'x' } },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await asApplicant(token)).json().form.answers).toEqual({ country: 'FR' });

    // The server checks the answers with the contract's rules.
    const bad = await asApplicant(token, {
      method: 'POST',
      url: `/api/apply/case/forms/${view.form.step_id}`,
      payload: { birth_date: '31.12.1990', country: 'XX' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validation_errors).toEqual([
      { field: 'birth_date', message: 'Expected a date as YYYY-MM-DD' },
      { field: 'country', message: 'Choose one of: DE, FR' },
    ]);

    const sent = await asApplicant(token, {
      method: 'POST',
      url: `/api/apply/case/forms/${view.form.step_id}`,
      payload: { birth_date: '1990-12-31', country: 'DE' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The answer is the next screen: the runtime has moved the case on to its review.
    expect(sent.json()).toMatchObject({ state: 'review', form: null });
    await waitForCase(ctx.db, id, (c) => c.waiting_for === 'approval');
    const review = await asApplicant(token);
    expect(review.json()).toMatchObject({ state: 'review', form: null, outcome: null });
    // Nothing of staff: the review's instructions, its role, the case's id, step names.
    for (const secret of ['Internal', 'operator', id, 'approval', 'sla']) expect(review.body).not.toContain(secret);
    const drafts = await ctx.db.query('select 1 from applicant_drafts where application_id = $1', [id]);
    expect(drafts.rows).toHaveLength(0);

    const taskId = await openReviewTask(ctx.db, id);
    const decided = await ctx.as(admin, { method: 'POST', url: `/api/admin/applications/review-tasks/${taskId}/decision`, payload: { decision: 'approve' } });
    expect(decided.statusCode, decided.body).toBe(200);
    await waitForCase(ctx.db, id, (c) => c.status === 'completed');
    expect((await asApplicant(token)).json()).toMatchObject({ state: 'done', outcome: 'approved' });
  });

  it('is refused when missing, malformed, unknown, expired or revoked, and a link never reaches another case', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/apply/case' })).json().detail).toBe(APPLICANT_MESSAGES.linkRequired);
    for (const token of ['short', 'x'.repeat(43)]) {
      const res = await asApplicant(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe(APPLICANT_MESSAGES.linkInvalid);
    }
    const a = await startByApi();
    const b = await startByApi();
    await waitForCase(ctx.db, a.id, (c) => c.waiting_for === 'form');
    await waitForCase(ctx.db, b.id, (c) => c.waiting_for === 'form');
    // Both cases wait at the same step of the same workflow: an answer by A's link is A's, whatever it names.
    const stepOfB = (await asApplicant(b.token)).json().form.step_id as string;
    const viaA = await asApplicant(a.token, { method: 'POST', url: `/api/apply/case/forms/${stepOfB}`, payload: { birth_date: '1990-01-01', country: 'DE' } });
    expect(viaA.statusCode, viaA.body).toBe(200);
    expect((await waitForCase(ctx.db, a.id, (c) => c.waiting_for === 'approval')).waiting_for).toBe('approval');
    expect((await asApplicant(b.token)).json()).toMatchObject({ state: 'form', form: { step_id: stepOfB } });

    await ctx.db.query(`update applicant_links set expires_at = now() - interval '1 second' where token_hash = $1`, [hashToken(b.token)]);
    expect((await asApplicant(b.token)).statusCode).toBe(401);

    const c = await startByApi();
    const revoked = await ctx.as(admin, { method: 'POST', url: `/api/admin/applications/${c.id}/applicant-links/revoke` });
    expect(revoked.json()).toEqual({ success: true, message: '1 link revoked' });
    expect((await asApplicant(c.token)).statusCode).toBe(401);
  });

  it('counts visits for staff, who may make a new link (shown once) but only in their organization and with the right permission', async () => {
    const { id, token } = await startByApi();
    await asApplicant(token);
    await asApplicant(token);
    // Whoever reads applications sees the links' state (never a token); making one needs execute_workflows.
    const listed = await ctx.as(viewer, { method: 'GET', url: `/api/admin/applications/${id}/applicant-links` });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().links).toEqual([
      expect.objectContaining({ state: 'active', created_by: 'api_key', visits: 1, first_opened_at: expect.any(String), last_seen_at: expect.any(String) }),
    ]);
    expect(listed.body).not.toContain(token);
    const events = await ctx.db.query<{ type: string; actor_type: string }>(
      `select type, actor_type from application_events where application_id = $1 and type = 'applicant_visited'`,
      [id],
    );
    expect(events.rows).toEqual([{ type: 'applicant_visited', actor_type: 'applicant' }]);

    expect((await ctx.as(outsider, { method: 'POST', url: `/api/admin/applications/${id}/applicant-links` })).statusCode).toBe(404);
    expect((await ctx.as(viewer, { method: 'POST', url: `/api/admin/applications/${id}/applicant-links` })).statusCode).toBe(403);
    const made = await ctx.as(admin, { method: 'POST', url: `/api/admin/applications/${id}/applicant-links` });
    expect(made.statusCode, made.body).toBe(201);
    expect((await asApplicant(tokenOf(made.json().url))).statusCode).toBe(200);
    // Without e-mail on this server, a link is copied, not sent.
    const send = await ctx.as(admin, { method: 'POST', url: `/api/admin/applications/${id}/applicant-links/send` });
    expect(send.statusCode).toBe(409);
    expect(send.json().detail).toBe(APPLICANT_MESSAGES.mailUnavailable);
    const audit = await ctx.db.query<{ action: string }>(`select action from audit_logs where target_id = $1 order by created_at`, [id]);
    expect(audit.rows.map((r) => r.action)).toContain('application.link_issued');
  });
});

describe('limits', () => {
  it('answers one link at most 60 times a minute', async () => {
    const { token } = await startByApi();
    const codes: number[] = [];
    for (let i = 0; i < 61; i++)
      codes.push(
        (await ctx.app.inject({ method: 'GET', url: '/api/apply/case', headers: { authorization: `Bearer ${token}` }, remoteAddress: `198.18.0.${i}` }))
          .statusCode,
      );
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });

  it('refuses files past what a case may hold altogether, and keeps nothing of the answer', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: {
        steps: [
          testStep('start', 'start', { trigger: 'api', required_fields: [] }),
          testStep('docs', 'form', { title: 'Documents', fields: [{ key: 'scan', label: 'Scan', type: 'file', required: true }] }),
          testStep('end', 'end', { outcome: 'completed' }),
        ],
        connections: [testLink('start', 'docs'), testLink('docs', 'end')],
      },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/v1/applications',
      headers: { authorization: `Bearer ${key.key}` },
      payload: { workflow_id: wf.id, applicant: { name: 'Full' } },
    });
    const id = res.json().id as string;
    const token = tokenOf(res.json().applicant_url as string);
    const waiting = await waitForCase(ctx.db, id, (c) => c.waiting_for === 'form');
    // Files already kept take all but 10 bytes of the case's allowance.
    await ctx.db.query(
      `insert into application_files (organization_id, application_id, step_id, field_key, file_name, content_type, size_bytes, sha256, content)
       values ($1, $2, $3, 'scan', 'earlier.pdf', 'application/pdf', $4, 'x', '\\x00')`,
      [org.id, id, waiting.current_step_id, APPLICANT_LIMITS.caseFileBytes - 10],
    );
    const left = (await asApplicant(token)).json().limits.case_bytes_left as number;
    expect(left).toBe(10);
    const boundary = 'b0undary';
    const body = `--${boundary}\r\ncontent-disposition: form-data; name="scan"; filename="big.pdf"\r\ncontent-type: application/pdf\r\n\r\n${'x'.repeat(100)}\r\n--${boundary}--\r\n`;
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/apply/case/forms/${waiting.current_step_id}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(sent.statusCode, sent.body).toBe(413);
    expect(sent.json().detail).toBe(APPLICANT_MESSAGES.caseFilesTooLarge(APPLICANT_LIMITS.caseFileBytes));
    const files = await ctx.db.query('select file_name from application_files where application_id = $1', [id]);
    expect(files.rows).toEqual([{ file_name: 'earlier.pdf' }]);
    expect((await asApplicant(token)).json().state).toBe('form');
  });
});

describe('where applicants stop', () => {
  it("is in the workflow's analytics, from the answers they kept", async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph, name: 'Stops' });
    const start = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/public/v1/applications',
        headers: { authorization: `Bearer ${key.key}` },
        payload: { workflow_id: wf.id, applicant: { name: 'Stopper' } },
      });
      await waitForCase(ctx.db, res.json().id, (c) => c.waiting_for === 'form');
      return tokenOf(res.json().applicant_url as string);
    };
    const [idle, halfway] = [await start(), await start()];
    const stepId = (await asApplicant(idle)).json().form.step_id as string;
    await asApplicant(halfway, { method: 'PUT', url: '/api/apply/case/draft', payload: { step_id: stepId, answers: { country: 'DE' } } });
    const figures = await ctx.as(admin, { method: 'GET', url: `/api/admin/workflows/${wf.id}/analytics` });
    expect(figures.statusCode, figures.body).toBe(200);
    expect(figures.json().form_stops.map((r: { label: string; stopped: number; waiting: number }) => [r.label, r.stopped, r.waiting])).toEqual([
      ['Nothing typed yet', 1, 2],
      ['Date of birth', 1, 2],
    ]);
  });
});

describe("a workflow's start link", () => {
  it('is off until staff turn it on; then anyone may start a case by it, unless the organization says otherwise', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph, name: 'Open account' });
    expect((await ctx.as(admin, { method: 'GET', url: `/api/admin/workflows/${wf.id}/start-link` })).json()).toEqual({ url: null });
    expect((await ctx.as(viewer, { method: 'PUT', url: `/api/admin/workflows/${wf.id}/start-link`, payload: { enabled: true } })).statusCode).toBe(403);
    expect((await ctx.as(outsider, { method: 'PUT', url: `/api/admin/workflows/${wf.id}/start-link`, payload: { enabled: true } })).statusCode).toBe(404);
    const on = await ctx.as(admin, { method: 'PUT', url: `/api/admin/workflows/${wf.id}/start-link`, payload: { enabled: true } });
    expect(on.statusCode, on.body).toBe(200);
    const link = (on.json().url as string).split('/apply/')[1]!;

    const page = await ctx.app.inject({ method: 'GET', url: `/api/apply/start/${link}` });
    expect(page.json()).toMatchObject({ workflow_name: 'Open account', start: 'open', branding: { language: 'en' } });
    expect(page.body).not.toContain(wf.id);

    // The honeypot field filled: nothing is started.
    const before = await ctx.db.query<{ n: number }>(`select count(*)::int as n from applications where workflow_id = $1`, [wf.id]);
    const bot = await ctx.app.inject({
      method: 'POST',
      url: `/api/apply/start/${link}`,
      payload: { name: 'Bot', email: 'bot@example.com', website: 'http://spam' },
    });
    expect(bot.statusCode).toBe(422);
    const started = await ctx.app.inject({ method: 'POST', url: `/api/apply/start/${link}`, payload: { name: 'Grace Hopper', email: 'Grace@Example.com' } });
    expect(started.statusCode, started.body).toBe(201);
    const after = await ctx.db.query<{ n: number; source: string; applicant_email: string }>(
      `select count(*)::int as n, min(source) as source, min(applicant_email) as applicant_email from applications where workflow_id = $1`,
      [wf.id],
    );
    expect(after.rows[0]).toEqual({ n: before.rows[0]!.n + 1, source: 'apply', applicant_email: 'grace@example.com' });
    expect((await asApplicant(tokenOf(started.json().url))).statusCode).toBe(200);

    await ctx.db.query(`update organizations set settings = settings || '{"applicant_start":"invitation"}'::jsonb where id = $1`, [org.id]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/apply/start/${link}` })).json().start).toBe('invitation');
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/apply/start/${link}`, payload: { name: 'Grace Hopper', email: 'grace@example.com' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(APPLICANT_MESSAGES.startInvitationOnly);
    await ctx.db.query(`update organizations set settings = settings - 'applicant_start' where id = $1`, [org.id]);

    const off = await ctx.as(admin, { method: 'PUT', url: `/api/admin/workflows/${wf.id}/start-link`, payload: { enabled: false } });
    expect(off.json()).toEqual({ url: null });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/apply/start/${link}` })).statusCode).toBe(404);
  });

  it('starts at most 10 cases an hour from one address', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph, name: 'Limited' });
    const link = (
      (await ctx.as(admin, { method: 'PUT', url: `/api/admin/workflows/${wf.id}/start-link`, payload: { enabled: true } })).json().url as string
    ).split('/apply/')[1]!;
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/apply/start/${link}`,
        remoteAddress: '203.0.113.9',
        payload: { name: `P ${i}`, email: `p${i}@example.com` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe("the applicant's page itself", () => {
  it('is its own HTML, framed only by the sites its organization names, never indexed', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-apply-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Admin Portal</title>');
    fs.writeFileSync(path.join(dist, 'apply.html'), '<!doctype html><title>Application</title>');
    const web = await createTestContext({ webDist: dist, publicUrl: 'https://portal.example.com' });
    try {
      const o = await web.createOrg('Framing Org', { applicant_embed_origins: ['https://www.bank.example'] });
      const plain = await web.createOrg('Plain Org');
      const key = await createTestApiKey(web.db, o.id);
      const plainKey = await createTestApiKey(web.db, plain.id);
      const wf = await createTestWorkflow(web.db, o.id, { status: 'active', graph });
      const plainWf = await createTestWorkflow(web.db, plain.id, { status: 'active', graph });
      const linkOf = async (k: TestApiKey, workflow: string) => {
        const res = await web.app.inject({
          method: 'POST',
          url: '/api/public/v1/applications',
          headers: { authorization: `Bearer ${k.key}` },
          payload: { workflow_id: workflow, applicant: { name: 'Framed' } },
        });
        return new URL(res.json().applicant_url as string).pathname;
      };
      const framed = await web.app.inject({ method: 'GET', url: await linkOf(key, wf.id) });
      expect(framed.body).toContain('<title>Application</title>');
      expect(framed.headers['x-robots-tag']).toBe('noindex');
      expect(framed.headers['content-security-policy']).toContain("frame-ancestors 'self' https://www.bank.example");
      expect(framed.headers['x-frame-options']).toBeUndefined();

      for (const url of [await linkOf(plainKey, plainWf.id), `/apply/c/${'z'.repeat(43)}`, '/apply/unknown-start-link']) {
        const res = await web.app.inject({ method: 'GET', url });
        expect(res.body, url).toContain('<title>Application</title>');
        expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
        expect(res.headers['x-frame-options'], url).toBe('DENY');
      }
      // The staff app is never framed.
      expect((await web.app.inject({ method: 'GET', url: '/dashboard' })).headers['x-frame-options']).toBe('DENY');
    } finally {
      await web.close();
    }
  });

  it('refuses an embedding site that is not an origin', async () => {
    const res = await ctx.as(admin, {
      method: 'PUT',
      url: `/api/admin/organizations/${org.id}/settings`,
      payload: { applicant_embed_origins: ['https://ok.example', 'javascript:alert(1)', 'http://plain.example'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([
      { field: 'applicant_embed_origins.1', message: 'Enter an origin such as https://www.example.com' },
      { field: 'applicant_embed_origins.2', message: 'Enter an origin such as https://www.example.com' },
    ]);
  });
});

describe('request logs', () => {
  it('never carry a case link’s token', () => {
    const line = requestLogLine({ method: 'GET', url: `/apply/c/${'a'.repeat(43)}?x=1`, hostname: 'h', ip: '1.2.3.4' });
    expect(line.url).toBe('/apply/c/[link]?x=1');
  });
});
