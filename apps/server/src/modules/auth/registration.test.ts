/**
 * Self-registration (issue 31): an address is proven by a link e-mailed to it (a real SMTP server this file starts),
 * the account waits for an administrator where the organization asks for it (the default), and neither the answer
 * nor anything a stranger can read tells which addresses have accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, VALIDATION } from '@admin-portal/contract/messages';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { confirmationLink, startMailbox, type Mailbox } from '../../test/mailbox.ts';
import { isRegistrationOpen } from './registration.ts';

let ctx: TestContext;
let mailbox: Mailbox;
let open: { id: string; name: string };
let openAdmin: TestUser;

const PASSWORD = 'Register-Pass-1';
const availability = () => ctx.app.inject({ method: 'GET', url: '/api/auth/registration' });
const person = (email: string, extra: Record<string, unknown> = {}) => ({ email, password: PASSWORD, first_name: 'New', last_name: 'Person', ...extra });
const register = (payload: Record<string, unknown>, remoteAddress?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, ...(remoteAddress ? { remoteAddress } : {}) });
const confirm = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/register/confirm', payload: { token } });
const login = (email: string, password = PASSWORD) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const setSettings = (id: string, settings: Record<string, unknown>) =>
  ctx.db.query('update organizations set settings = settings || $2::jsonb where id = $1', [id, JSON.stringify(settings)]);
const count = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ n: number }>(sql, params)).rows[0]!.n;
const userByEmail = async (email: string) =>
  (
    await ctx.db.query<{ id: string; role: string; organization_id: string; pending_approval: boolean }>(
      'select id, role, organization_id, pending_approval from users where lower(email) = lower($1)',
      [email],
    )
  ).rows[0];
/** Waits until every queued account e-mail has gone out. */
async function mailsSent() {
  for (let i = 0; i < 200; i += 1) {
    if ((await count(`select count(*)::int as n from jobs where kind = 'account_email'`)) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('account e-mails still queued');
}
const linkFor = async (email: string) =>
  confirmationLink(await mailbox.waitFor((m) => m.to.includes(email.toLowerCase()) && /Confirm your e-mail/.test(m.subject)));

beforeAll(async () => {
  mailbox = await startMailbox();
  // A database of its own: no organization here allows registration until a test opens one.
  ctx = await createTestContext({ smtpUrl: mailbox.url, publicUrl: 'https://portal.test' });
});
afterAll(async () => {
  await ctx?.close();
  await mailbox?.close();
});

describe('GET /api/auth/registration', () => {
  it('answers without a session, false while no organization allows registration', async () => {
    await ctx.createOrg(undefined, { allow_registration: false, allowed_email_domains: ['closed.example'] });
    const res = await availability();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: false });
    expect(await isRegistrationOpen(ctx.db, { settingOn: true, environment: ctx.config.environment })).toBe(false);
  });

  it('stays false for an organization that allows registration but accepts no domain, or is deactivated', async () => {
    const noDomains = await ctx.createOrg(undefined, { allow_registration: true, allowed_email_domains: [] });
    expect((await availability()).json()).toEqual({ available: false });
    const inactive = await ctx.createOrg(undefined, { allow_registration: true, allowed_email_domains: ['dormant.example'] });
    await ctx.db.query('update organizations set is_active = false where id = $1', [inactive.id]);
    expect((await availability()).json()).toEqual({ available: false });
    await setSettings(noDomains.id, { allow_registration: true, allowed_email_domains: 'not-a-list' });
    expect((await availability()).json()).toEqual({ available: false });
  });

  it('is true once an active organization allows registration for a domain, and false again when it stops', async () => {
    const org = await ctx.createOrg(undefined, { allow_registration: true, allowed_email_domains: ['briefly-open.example'] });
    expect((await availability()).json()).toEqual({ available: true });
    await setSettings(org.id, { allow_registration: false });
    expect((await availability()).json()).toEqual({ available: false });
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/auth/registration'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/auth/register'].post.responses['202']).toBeDefined();
    expect(doc.paths['/api/auth/register/confirm'].post.responses['201']).toBeDefined();
  });
});

describe('POST /api/auth/register while registration is not available', () => {
  it('is refused with 403 and a clear detail, and writes nothing', async () => {
    expect(await isRegistrationOpen(ctx.db, { settingOn: true, environment: ctx.config.environment })).toBe(false);
    const before = await count('select (select count(*) from users) + (select count(*) from registration_requests) + (select count(*) from audit_logs) as n');
    const res = await register(person('someone@closed.example'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: SERVER_MESSAGES.registrationUnavailable });
    expect(await count('select (select count(*) from users) + (select count(*) from registration_requests) + (select count(*) from audit_logs) as n')).toBe(
      before,
    );
  });

  it('is unavailable on a server without e-mail, whatever the organizations allow', async () => {
    const quiet = await createTestContext();
    try {
      await quiet.createOrg(undefined, { allow_registration: true, allowed_email_domains: ['no-mail.example'] });
      expect((await quiet.app.inject({ method: 'GET', url: '/api/auth/registration' })).json()).toEqual({ available: false });
      const res = await quiet.app.inject({ method: 'POST', url: '/api/auth/register', payload: person('someone@no-mail.example') });
      expect(res.statusCode).toBe(403);
      expect(await quiet.db.query('select 1 from users where email = $1', ['someone@no-mail.example']).then((r) => r.rows.length)).toBe(0);
    } finally {
      await quiet.close();
    }
  });
});

describe('signing up', () => {
  beforeAll(async () => {
    open = await ctx.createOrg('Open Org', { allow_registration: true, allowed_email_domains: ['open-registration.example'] });
    openAdmin = await ctx.createUser('admin', open.id);
  });

  it('creates no account until the e-mailed link comes back, then a viewer waiting for approval who reads nothing', async () => {
    const res = await register(person('Newcomer@Open-Registration.example'));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.registrationCheckEmail });
    expect(res.body).not.toMatch(/Register-Pass-1|scrypt\$|token/);
    expect(await userByEmail('newcomer@open-registration.example')).toBeUndefined();
    expect((await login('newcomer@open-registration.example')).statusCode).toBe(401);

    const { url, token } = await linkFor('newcomer@open-registration.example');
    expect(url.startsWith('https://portal.test/register/confirm#token=')).toBe(true);
    // Only the token's digest is stored, nowhere the token itself.
    expect(await count('select count(*)::int as n from registration_requests where token_hash = $1', [token])).toBe(0);
    expect(await count(`select count(*)::int as n from jobs where payload::text like '%' || $1 || '%'`, [token])).toBe(0);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json()).toEqual({ success: true, pending_approval: true, message: SERVER_MESSAGES.registrationConfirmedPending });
    const user = await userByEmail('newcomer@open-registration.example');
    expect(user).toMatchObject({ role: 'viewer', organization_id: open.id, pending_approval: true });

    // Waiting for approval: the right password says so, and no session is opened.
    const pending = await login('newcomer@open-registration.example');
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({ detail: SERVER_MESSAGES.accountPending });
    expect(await count('select count(*)::int as n from auth_sessions where user_id = $1', [user!.id])).toBe(0);
    // A wrong password gets the answer everybody gets.
    expect((await login('newcomer@open-registration.example', 'Wrong-Pass-99')).json()).toEqual({ detail: SERVER_MESSAGES.invalidCredentials });

    // The link works once.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: SERVER_MESSAGES.registrationLinkInvalid,
      validation_errors: [{ field: 'token', message: SERVER_MESSAGES.registrationLinkInvalid }],
    });
  });

  it('lets an administrator of the organization see, approve and so let in a waiting account, and tells it by e-mail', async () => {
    await register(person('approve.me@open-registration.example'));
    await confirm((await linkFor('approve.me@open-registration.example')).token);
    const user = (await userByEmail('approve.me@open-registration.example'))!;

    // The dashboard tells the organization's administrators that a sign-up waits for them.
    const dashboard = await ctx.as(openAdmin, { method: 'GET', url: '/api/admin/analytics/dashboard' });
    expect(dashboard.json().attention.pending_sign_ups).toBeGreaterThanOrEqual(1);

    const waiting = await ctx.as(openAdmin, { method: 'GET', url: '/api/admin/users?pending=true' });
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json().items.map((u: { email: string }) => u.email)).toContain('approve.me@open-registration.example');
    expect(waiting.json().items.every((u: { pending_approval: boolean }) => u.pending_approval)).toBe(true);

    // Another organization's administrator cannot see or approve it.
    const elsewhere = await ctx.createOrg();
    const otherAdmin = await ctx.createUser('admin', elsewhere.id);
    expect((await ctx.as(otherAdmin, { method: 'POST', url: `/api/admin/users/${user.id}/approve` })).statusCode).toBe(404);
    // A viewer cannot approve.
    const viewer = await ctx.createUser('viewer', open.id);
    expect((await ctx.as(viewer, { method: 'POST', url: `/api/admin/users/${user.id}/approve` })).statusCode).toBe(403);

    const approved = await ctx.as(openAdmin, { method: 'POST', url: `/api/admin/users/${user.id}/approve` });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: user.id, pending_approval: false });
    expect((await ctx.as(openAdmin, { method: 'POST', url: `/api/admin/users/${user.id}/approve` })).statusCode).toBe(409);
    await mailbox.waitFor((m) => m.to.includes('approve.me@open-registration.example') && /approved/.test(m.subject));
    expect((await login('approve.me@open-registration.example')).statusCode).toBe(200);
    const audit = await count(`select count(*)::int as n from audit_logs where action = 'user.approve' and target_id = $1 and actor_id = $2`, [
      user.id,
      openAdmin.id,
    ]);
    expect(audit).toBe(1);
  });

  it('lets an administrator reject a waiting account, which removes it', async () => {
    await register(person('reject.me@open-registration.example'));
    await confirm((await linkFor('reject.me@open-registration.example')).token);
    const user = (await userByEmail('reject.me@open-registration.example'))!;
    const rejected = await ctx.as(openAdmin, { method: 'POST', url: `/api/admin/users/${user.id}/reject` });
    expect(rejected.statusCode).toBe(200);
    expect(await userByEmail('reject.me@open-registration.example')).toBeUndefined();
    await mailbox.waitFor((m) => m.to.includes('reject.me@open-registration.example') && /sign-up/.test(m.subject));
    // Only waiting accounts can be rejected.
    expect((await ctx.as(openAdmin, { method: 'POST', url: `/api/admin/users/${openAdmin.id}/reject` })).statusCode).toBe(409);
  });

  it('lets the account in at once where the organization does not ask for approval', async () => {
    const trusting = await ctx.createOrg(undefined, {
      allow_registration: true,
      allowed_email_domains: ['trusting.example'],
      registration_requires_approval: false,
    });
    await register(person('straight.in@trusting.example'));
    const confirmed = await confirm((await linkFor('straight.in@trusting.example')).token);
    expect(confirmed.json()).toEqual({ success: true, pending_approval: false, message: SERVER_MESSAGES.registrationConfirmed });
    const signedIn = await login('straight.in@trusting.example');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ organization_id: trusting.id, role: 'viewer', pending_approval: false });
  });

  it('answers an address that already has an account exactly as a new one, and mails its owner a notice instead of a link', async () => {
    await ctx.createUser('viewer', open.id, { email: 'owner@open-registration.example' });
    const fresh = await register(person('fresh.one@open-registration.example'));
    const existing = await register(person('OWNER@open-registration.example'));
    expect([fresh.statusCode, existing.statusCode]).toEqual([202, 202]);
    expect(existing.body).toBe(fresh.body);
    const notice = await mailbox.waitFor((m) => m.to.includes('owner@open-registration.example'));
    expect(notice.subject).toMatch(/Sign-up attempt/);
    expect(notice.text).not.toMatch(/register\/confirm/);
    expect(notice.text).toContain('https://portal.test/login');
    expect(await count(`select count(*)::int as n from registration_requests where lower(email) = 'owner@open-registration.example'`)).toBe(0);
  });

  it('sends an address at most three mails an hour, however often a stranger signs it up', async () => {
    for (let i = 0; i < 6; i += 1) expect((await register(person('flooded@open-registration.example'))).statusCode).toBe(202);
    await mailsSent();
    expect(mailbox.to('flooded@open-registration.example').length).toBe(3);
    expect(await count(`select count(*)::int as n from registration_requests where email = 'flooded@open-registration.example'`)).toBe(3);
  });

  it('makes every earlier link of an address stop working once one is used', async () => {
    await register(person('two.links@open-registration.example'));
    const first = await linkFor('two.links@open-registration.example');
    await register(person('two.links@open-registration.example', { first_name: 'Second' }));
    const second = confirmationLink(await mailbox.waitFor((m) => m.to.includes('two.links@open-registration.example') && !m.text.includes(first.token)));
    expect((await confirm(second.token)).statusCode).toBe(201);
    expect((await confirm(first.token)).statusCode).toBe(400);
  });

  it('refuses an expired link', async () => {
    await register(person('slow.reader@open-registration.example'));
    const { token } = await linkFor('slow.reader@open-registration.example');
    await ctx.db.query(
      `update registration_requests set expires_at = now() - interval '1 second' where lower(email) = 'slow.reader@open-registration.example'`,
    );
    expect((await confirm(token)).statusCode).toBe(400);
    expect(await userByEmail('slow.reader@open-registration.example')).toBeUndefined();
  });

  it('refuses a link whose organization stopped taking sign-ups meanwhile', async () => {
    const closing = await ctx.createOrg(undefined, { allow_registration: true, allowed_email_domains: ['closing.example'] });
    await register(person('late@closing.example'));
    const { token } = await linkFor('late@closing.example');
    await setSettings(closing.id, { allow_registration: false });
    const res = await confirm(token);
    expect(res.statusCode).toBe(403);
    expect(await userByEmail('late@closing.example')).toBeUndefined();
  });

  it('refuses a link once self-registration was switched off for the whole product, and takes it again when back on', async () => {
    await register(person('switched.off@open-registration.example'));
    const { token } = await linkFor('switched.off@open-registration.example');
    await ctx.db.query(
      `insert into system_settings (key, value) values ('self_registration_enabled', 'false') on conflict (key) do update set value = excluded.value`,
    );
    await ctx.app.settings.load();
    try {
      const res = await confirm(token);
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(SERVER_MESSAGES.registrationUnavailable);
      expect(await userByEmail('switched.off@open-registration.example')).toBeUndefined();
    } finally {
      await ctx.db.query(`delete from system_settings where key = 'self_registration_enabled'`);
      await ctx.app.settings.load();
    }
    expect((await confirm(token)).statusCode).toBe(201);
  });

  it('refuses an unknown token and an empty one', async () => {
    expect((await confirm('x'.repeat(43))).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/register/confirm', payload: { token: '' } })).statusCode).toBe(422);
  });

  it('refuses an organization that does not allow registration, or a domain it does not list', async () => {
    const closed = await ctx.createOrg(undefined, { allow_registration: false, allowed_email_domains: ['closed-registration.example'] });
    for (const payload of [
      person('someone@closed-registration.example'),
      person('someone2@closed-registration.example', { organization_id: closed.id }),
      person('someone@elsewhere.example'),
      person('someone@elsewhere.example', { organization_id: open.id }),
    ]) {
      const res = await register(payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: SERVER_MESSAGES.registrationClosed,
        validation_errors: [{ field: 'email', message: SERVER_MESSAGES.registrationClosed }],
      });
    }
    expect(
      await count(`select count(*)::int as n from registration_requests where email like '%closed-registration.example' or email like '%elsewhere.example'`),
    ).toBe(0);
  });

  it('refuses common passwords and ones made of the e-mail address', async () => {
    for (const [password, message] of [
      ['12345678', SERVER_MESSAGES.passwordTooCommon],
      ['password', SERVER_MESSAGES.passwordTooCommon],
      ['Password1', SERVER_MESSAGES.passwordTooCommon],
      ['weakling2024!', SERVER_MESSAGES.passwordContainsEmail],
    ] as const) {
      const res = await register(person('weakling@open-registration.example', { password }));
      expect(res.statusCode, password).toBe(422);
      expect(res.json().validation_errors).toEqual([{ field: 'password', message }]);
    }
  });

  it('validates the payload', async () => {
    const res = await register({ email: 'bad', password: 'short', first_name: '', last_name: 'X' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: VALIDATION.emailInvalid },
        { field: 'password', message: VALIDATION.passwordTooShort },
        { field: 'first_name', message: VALIDATION.firstNameRequired },
      ]),
    );
  });
});
