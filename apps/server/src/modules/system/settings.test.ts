/**
 * System settings (spec §7 "System": GET, PUT /admin/system/settings): the defaults, who may change them, how a
 * bad change is refused, the audit row of a change, and every setting read where the product uses it (passwords,
 * lockout, sign-in rate limit, upload limit, self-registration, product name, retention).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '@admin-portal/contract/applications/api';
import { SERVER_MESSAGES } from '@admin-portal/contract/messages';
import { CONFIG_MESSAGES } from '@admin-portal/contract/system/config';
import { type SystemSettings } from '@admin-portal/contract/system/settings';
import { asKey, createTestApiKey, testLink, testStep, waitForCase } from '../../test/applications.factory.ts';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../test/harness.ts';
import { startMailbox, type Mailbox } from '../../test/mailbox.ts';
import { pairKey } from '../accounts/sign-in-throttle.ts';
import { SELF_REGISTRATION_NEEDS_EMAIL } from './settings.service.ts';
import { multipartForm } from '../../test/system-config.factory.ts';
import { createTestWorkflow, insertApplication, insertApplicationEvent } from '../../test/workflows.factory.ts';
import type { Queryable } from '../../db/client.ts';
import { purgeFinishedApplications, RetentionScheduler } from './retention.ts';
import { SettingsStore } from './settings.store.ts';

let ctx: TestContext;
let mailbox: Mailbox;
let org: { id: string; name: string };
let superAdmin: TestUser;
let admin: TestUser;

const DEFAULTS: SystemSettings = {
  product_name: 'Admin Portal',
  password_min_length: 8,
  lockout_threshold: 5,
  lockout_minutes: 15,
  session_idle_minutes: 30,
  session_max_hours: 12,
  login_rate_limit_per_minute: 0,
  upload_limit_bytes: 10 * 1024 * 1024,
  application_retention_days: 0,
  audit_retention_days: 0,
  // On: this file's server has e-mail (a real SMTP server), which self-registration needs.
  self_registration_enabled: true,
  two_factor_required_roles: [],
};

const getSettings = (user: TestUser) => ctx.as(user, { method: 'GET', url: '/api/admin/system/settings' });
const putSettings = (user: TestUser, payload: unknown) => ctx.as(user, { method: 'PUT', url: '/api/admin/system/settings', payload: payload as object });
async function set(values: Partial<SystemSettings>) {
  const res = await putSettings(superAdmin, values);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { settings: SystemSettings };
}
const count = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ n: number }>(sql, params)).rows[0]!.n;

beforeAll(async () => {
  mailbox = await startMailbox();
  ctx = await createTestContext({ smtpUrl: mailbox.url });
  org = await ctx.createOrg('Settings Org');
  superAdmin = await ctx.createUser('super_admin', org.id);
  admin = await ctx.createUser('admin', org.id);
  // Sign both in now, so the sign-in rate limit of a later test never meets their first sign-in.
  await ctx.headers(superAdmin);
  await ctx.headers(admin);
});
afterAll(async () => {
  await ctx?.close();
  await mailbox?.close();
});
// Every test leaves the defaults behind.
afterEach(async () => {
  await set(DEFAULTS);
});

describe('GET /api/admin/system/settings', () => {
  it('answers the defaults before anything is set (LOGIN_RATE_LIMIT and UPLOAD_LIMIT from the environment)', async () => {
    const res = await getSettings(superAdmin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.settings).toEqual(DEFAULTS);
    expect(body.defaults).toEqual(DEFAULTS);
    expect(body.customized).toEqual([]);
    expect(body.updated_at).toBeNull();
    expect(body.updated_by).toBeNull();
    // An administrator reads them too (settings:read).
    expect((await getSettings(admin)).json().settings).toEqual(DEFAULTS);
  });
});

describe('PUT /api/admin/system/settings', () => {
  it('is a super administrator’s: an administrator gets 403 and nothing changes', async () => {
    const res = await putSettings(admin, { product_name: 'Not Allowed' });
    expect(res.statusCode).toBe(403);
    expect((await getSettings(superAdmin)).json().settings.product_name).toBe('Admin Portal');
    expect(await count(`select count(*)::int as n from system_settings`)).toBe(0);
  });

  it('changes only the keys sent and says who changed them when', async () => {
    const body = (await set({ lockout_minutes: 30 })) as unknown as { settings: SystemSettings; customized: string[]; updated_by: string; updated_at: string };
    expect(body.settings).toEqual({ ...DEFAULTS, lockout_minutes: 30 });
    expect(body.customized).toEqual(['lockout_minutes']);
    expect(body.updated_by).toBe(superAdmin.email);
    expect(Date.now() - Date.parse(body.updated_at)).toBeLessThan(60_000);
  });

  it('refuses a password length under 8 with 422 and the field, writing nothing', async () => {
    const audits = await count(`select count(*)::int as n from audit_logs where action = 'system_settings.update'`);
    const res = await putSettings(superAdmin, { password_min_length: 7 });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([{ field: 'password_min_length', message: 'Must be at least 8' }]);
    expect((await getSettings(superAdmin)).json().settings.password_min_length).toBe(8);
    expect(await count(`select count(*)::int as n from audit_logs where action = 'system_settings.update'`)).toBe(audits);
  });

  it('refuses an unknown key with 400 and wrong types with 422', async () => {
    const unknown = await putSettings(superAdmin, { product_name: 'X', colour: 'blue' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().validation_errors).toEqual([{ field: 'colour', message: expect.any(String) }]);
    for (const bad of [
      { lockout_threshold: '3' },
      { self_registration_enabled: 'yes' },
      { upload_limit_bytes: 1.5 },
      { upload_limit_bytes: 100 },
      { product_name: '   ' },
      { login_rate_limit_per_minute: -1 },
      { audit_retention_days: null },
    ]) {
      const res = await putSettings(superAdmin, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().validation_errors[0].field).toBe(Object.keys(bad)[0]);
    }
    expect((await getSettings(superAdmin)).json().settings).toEqual(DEFAULTS);
  });

  it('writes one audit row with the before and after of the changed keys only', async () => {
    await set({ lockout_threshold: 5, lockout_minutes: 20, product_name: 'Admin Portal' });
    const before = await count(`select count(*)::int as n from audit_logs where action = 'system_settings.update'`);
    // lockout_threshold and product_name are sent unchanged: not in the diff.
    await set({ lockout_threshold: 5, lockout_minutes: 45, product_name: 'Admin Portal', audit_retention_days: 400 });
    const rows = await ctx.db.query<{ changes: Record<string, unknown>; actor_id: string; target_type: string }>(
      `select changes, actor_id, target_type from audit_logs where action = 'system_settings.update' order by created_at desc, id desc limit 1`,
    );
    expect(await count(`select count(*)::int as n from audit_logs where action = 'system_settings.update'`)).toBe(before + 1);
    expect(rows.rows[0]).toEqual({
      changes: { before: { lockout_minutes: 20, audit_retention_days: 0 }, after: { lockout_minutes: 45, audit_retention_days: 400 } },
      actor_id: superAdmin.id,
      target_type: 'system_settings',
    });
    // Nothing changed: no row.
    await set({ lockout_minutes: 45 });
    expect(await count(`select count(*)::int as n from audit_logs where action = 'system_settings.update'`)).toBe(before + 1);
  });
});

describe('password_min_length', () => {
  const tooShort = 'Abcdef-123'; // 10 characters
  const message = 'Password must be at least 12 characters';

  it('refuses a 10-character password on create user, reset, change password and sign-up (422)', async () => {
    await set({ password_min_length: 12 });
    const created = await ctx.as(admin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: 'short.pw@test.example', password: tooShort, first_name: 'Short', last_name: 'Password', role: 'viewer', organization_id: org.id },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().validation_errors).toEqual([{ field: 'password', message }]);
    expect(await count(`select count(*)::int as n from users where email = 'short.pw@test.example'`)).toBe(0);

    const target = await ctx.createUser('viewer', org.id);
    const reset = await ctx.as(admin, { method: 'PUT', url: `/api/admin/users/${target.id}/password`, payload: { new_password: tooShort } });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().validation_errors).toEqual([{ field: 'new_password', message }]);

    const changed = await ctx.as(target, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { old_password: TEST_PASSWORD, new_password: tooShort },
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().validation_errors).toEqual([{ field: 'new_password', message }]);
    // The old password still works.
    await ctx.login(target.email);

    await ctx.createOrg('Open Registration Org', { allow_registration: true, allowed_email_domains: ['pwlen.example'] });
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'new@pwlen.example', password: tooShort, first_name: 'New', last_name: 'Person' },
    });
    expect(registered.statusCode).toBe(422);
    expect(registered.json().validation_errors).toEqual([{ field: 'password', message }]);
    expect(await count(`select count(*)::int as n from registration_requests where email = 'new@pwlen.example'`)).toBe(0);

    // 12 characters go through everywhere.
    const longEnough = 'Abcdef-12345';
    expect((await ctx.as(admin, { method: 'PUT', url: `/api/admin/users/${target.id}/password`, payload: { new_password: longEnough } })).statusCode).toBe(200);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'new@pwlen.example', password: longEnough, first_name: 'New', last_name: 'Person' },
    });
    expect(ok.statusCode, ok.body).toBe(202);
    // The branding the sign-in page reads carries it, for the page's own check.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/system/branding' })).json().password_min_length).toBe(12);
  });
});

describe('lockout_threshold and lockout_minutes', () => {
  it('slows sign-ins from an address after 2 failures there, never longer than the minutes set', async () => {
    await set({ lockout_threshold: 2, lockout_minutes: 7 });
    const user = await ctx.createUser('viewer', org.id);
    const attempt = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password }, remoteAddress: '10.9.8.7' });
    const first = await attempt('Wrong-Password-1');
    expect(first.statusCode).toBe(401);
    expect(first.json().detail).toBe(SERVER_MESSAGES.invalidCredentials);
    expect((await attempt('Wrong-Password-1')).statusCode).toBe(401);
    // The third waits, even with the right password.
    const third = await attempt(TEST_PASSWORD);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('1');
    // However many failures, the wait is at most the minutes set.
    await ctx.db.query(`update sign_in_failures set failures = 40, wait_until = null where key = $1`, [pairKey(user.email, '10.9.8.7')]);
    expect((await attempt('Wrong-Password-1')).statusCode).toBe(401);
    const capped = Number((await attempt(TEST_PASSWORD)).headers['retry-after']);
    expect(capped).toBeGreaterThan(6.5 * 60);
    expect(capped).toBeLessThanOrEqual(7 * 60);
    // The account itself is not locked: its owner signs in from elsewhere.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD }, remoteAddress: '10.9.8.6' }))
        .statusCode,
    ).toBe(200);
  });

  it('does not slow down after 2 failures under the default threshold of 5', async () => {
    const user = await ctx.createUser('viewer', org.id);
    for (let i = 0; i < 2; i += 1) {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'Wrong-Password-1' } })).statusCode).toBe(
        401,
      );
    }
    expect((await ctx.db.query(`select locked_until from users where id = $1`, [user.id])).rows[0]).toEqual({ locked_until: null });
  });
});

describe('login_rate_limit_per_minute', () => {
  it('overrides LOGIN_RATE_LIMIT (0 in tests): the 4th sign-in from one address in a minute is 429', async () => {
    await set({ login_rate_limit_per_minute: 3 });
    const user = await ctx.createUser('viewer', org.id);
    const login = (remoteAddress: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD }, remoteAddress });
    for (let i = 0; i < 3; i += 1) expect((await login('10.1.2.3')).statusCode).toBe(200);
    const fourth = await login('10.1.2.3');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().detail).toBe(SERVER_MESSAGES.tooManyRequests);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own count.
    expect((await login('10.1.2.4')).statusCode).toBe(200);
    // Back to 0: no limit.
    await set({ login_rate_limit_per_minute: 0 });
    expect((await login('10.1.2.3')).statusCode).toBe(200);
  });
});

describe('upload_limit_bytes', () => {
  it('holds intake form files to the limit', async () => {
    const key = await createTestApiKey(ctx.db, org.id);
    const graph = {
      steps: [
        testStep('start', 'start', { trigger: 'api', required_fields: [] }),
        testStep('docs', 'form', { title: 'Documents', fields: [{ key: 'id_card', label: 'ID card', type: 'file', required: true }] }),
        testStep('end', 'end', { outcome: 'completed' }),
      ],
      connections: [testLink('start', 'docs'), testLink('docs', 'end')],
    };
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', graph });
    const created = await asKey(ctx, key, {
      method: 'POST',
      url: '/api/public/v1/applications',
      payload: { workflow_id: wf.id, applicant: { name: 'Ada', email: 'ada@example.com' }, data: {} },
    });
    expect(created.statusCode, created.body).toBe(201);
    await waitForCase(ctx.db, created.json().id, (c) => c.waiting_for === 'form');
    const status = (await asKey(ctx, key, { method: 'GET', url: created.json().status_url })).json();
    const send = (size: number) => {
      const form = multipartForm({}, { field: 'id_card', name: 'card.bin', type: 'application/octet-stream', content: Buffer.alloc(size, 7) });
      return ctx.app.inject({
        method: 'POST',
        url: status.required.submit_url,
        headers: { authorization: `Bearer ${key.key}`, ...form.headers },
        payload: form.payload,
      });
    };

    await set({ upload_limit_bytes: 2048 });
    const tooLarge = await send(2049);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toBe(APPLICATION_MESSAGES.fileTooLarge(2048));
    expect(await count(`select count(*)::int as n from application_files where application_id = $1`, [created.json().id])).toBe(0);
    // Raised: the same file goes through.
    await set({ upload_limit_bytes: 4096 });
    const ok = await send(2049);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await count(`select count(*)::int as n from application_files where application_id = $1`, [created.json().id])).toBe(1);
  });

  it('holds System Configuration uploads to the limit', async () => {
    await set({ upload_limit_bytes: 2048 });
    const upload = (size: number) => {
      const form = multipartForm(
        { key: 'limits.sample', organization_id: org.id },
        { name: 'sample.bin', type: 'application/octet-stream', content: Buffer.alloc(size, 1) },
      );
      return ctx.as(admin, { method: 'POST', url: '/api/admin/system-config/upload-binary', headers: form.headers, payload: form.payload });
    };
    const tooLarge = await upload(2049);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toBe(CONFIG_MESSAGES.fileTooLarge('2 KB'));
    expect(await count(`select count(*)::int as n from config_files`)).toBe(0);
    const atLimit = await upload(2048);
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    expect(atLimit.json().file.size_bytes).toBe(2048);
    // The stats call reports the limit in force.
    expect((await ctx.as(admin, { method: 'GET', url: '/api/admin/system-config/stats' })).json().upload_limit_bytes).toBe(2048);
  });
});

describe('self_registration_enabled', () => {
  it('false makes registration unavailable and refuses sign-up with 403', async () => {
    await ctx.createOrg('Self Registration Org', { allow_registration: true, allowed_email_domains: ['selfreg.example'] });
    const availability = () => ctx.app.inject({ method: 'GET', url: '/api/auth/registration' });
    expect((await availability()).json()).toEqual({ available: true });
    await set({ self_registration_enabled: false });
    expect((await availability()).json()).toEqual({ available: false });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'someone@selfreg.example', password: 'Register-Pass-1', first_name: 'Some', last_name: 'One' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(SERVER_MESSAGES.registrationUnavailable);
    expect(await count(`select count(*)::int as n from users where email = 'someone@selfreg.example'`)).toBe(0);
    await set({ self_registration_enabled: true });
    expect((await availability()).json()).toEqual({ available: true });
  });

  it('cannot be turned on by a server without e-mail, which says why', async () => {
    await set({ self_registration_enabled: false });
    const quiet = await ctx.anotherApp({ smtpUrl: undefined });
    const headers = await ctx.headers(superAdmin);
    const shown = await quiet.inject({ method: 'GET', url: '/api/admin/system/settings', headers });
    expect(shown.json().unavailable).toEqual({ self_registration_enabled: SELF_REGISTRATION_NEEDS_EMAIL });
    const refused = await quiet.inject({ method: 'PUT', url: '/api/admin/system/settings', headers, payload: { self_registration_enabled: true } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      detail: SELF_REGISTRATION_NEEDS_EMAIL,
      validation_errors: [{ field: 'self_registration_enabled', message: SELF_REGISTRATION_NEEDS_EMAIL }],
    });
    expect((await getSettings(superAdmin)).json().settings.self_registration_enabled).toBe(false);
    // A setting stored on does not open registration there either.
    await set({ self_registration_enabled: true });
    await ctx.createOrg('No Mail Org', { allow_registration: true, allowed_email_domains: ['no-mail-here.example'] });
    await quiet.settings.load();
    expect((await quiet.inject({ method: 'GET', url: '/api/auth/registration' })).json()).toEqual({ available: false });
    // With e-mail, nothing is unavailable.
    expect((await getSettings(superAdmin)).json().unavailable).toEqual({});
  });
});

describe('product_name', () => {
  it('shows in GET /api/system/branding, signed out and signed in', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/system/branding' })).json()).toEqual({
      product_name: 'Admin Portal',
      logo_url: null,
      password_min_length: 8,
      ai_assistant: false,
    });
    await set({ product_name: 'Onboarding Desk' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/system/branding' })).json().product_name).toBe('Onboarding Desk');
    const signedIn = await ctx.as(admin, { method: 'GET', url: '/api/system/branding' });
    expect(signedIn.json()).toMatchObject({ product_name: 'Onboarding Desk', ai_assistant: true });
  });
});

describe('application_retention_days and audit_retention_days', () => {
  it('purgeFinishedApplications deletes only finished cases that ended more than N days ago, with their events', async () => {
    const retentionOrg = await ctx.createOrg('Retention Org');
    const wf = await createTestWorkflow(ctx.db, retentionOrg.id);
    const w = { id: wf.id, organizationId: retentionOrg.id };
    const old = {
      completed: await insertApplication(ctx.db, w, { status: 'completed', createdAgo: '50 days', completedAgo: '40 days' }),
      failed: await insertApplication(ctx.db, w, { status: 'failed', createdAgo: '50 days', completedAgo: '31 days' }),
      cancelled: await insertApplication(ctx.db, w, { status: 'cancelled', createdAgo: '50 days', completedAgo: '40 days' }),
    };
    const kept = {
      recent: await insertApplication(ctx.db, w, { status: 'completed', createdAgo: '50 days', completedAgo: '29 days' }),
      running: await insertApplication(ctx.db, w, { status: 'running', createdAgo: '400 days' }),
      waiting: await insertApplication(ctx.db, w, { status: 'waiting', createdAgo: '400 days' }),
    };
    await insertApplicationEvent(ctx.db, { id: old.completed, organizationId: retentionOrg.id }, 'application_created', null);
    await insertApplicationEvent(ctx.db, { id: kept.recent, organizationId: retentionOrg.id }, 'application_created', null);

    expect(await purgeFinishedApplications(ctx.db, 0)).toBe(0);
    expect(await count(`select count(*)::int as n from applications where organization_id = $1`, [retentionOrg.id])).toBe(6);

    expect(await purgeFinishedApplications(ctx.db, 30)).toBe(3);
    const left = (await ctx.db.query<{ id: string }>(`select id from applications where organization_id = $1`, [retentionOrg.id])).rows.map((r) => r.id).sort();
    expect(left).toEqual(Object.values(kept).sort());
    expect(await count(`select count(*)::int as n from application_events where application_id = $1`, [old.completed])).toBe(0);
    expect(await count(`select count(*)::int as n from application_events where application_id = $1`, [kept.recent])).toBe(1);
    const audit = await ctx.db.query<{ changes: unknown }>(
      `select changes from audit_logs where action = 'application.retention_purge' and organization_id = $1`,
      [retentionOrg.id],
    );
    expect(audit.rows).toEqual([{ changes: { deleted: 3, older_than_days: 30 } }]);
    // A second pass finds nothing.
    expect(await purgeFinishedApplications(ctx.db, 30)).toBe(0);
  });

  it('RetentionScheduler.runOnce applies both settings', async () => {
    const retentionOrg = await ctx.createOrg('Retention Scheduler Org');
    const wf = await createTestWorkflow(ctx.db, retentionOrg.id);
    const w = { id: wf.id, organizationId: retentionOrg.id };
    const oldCase = await insertApplication(ctx.db, w, { status: 'completed', createdAgo: '20 days', completedAgo: '15 days' });
    const newCase = await insertApplication(ctx.db, w, { status: 'completed', createdAgo: '20 days', completedAgo: '5 days' });
    await ctx.db.query(
      `insert into audit_logs (organization_id, action, target_type, changes, created_at)
       values ($1, 'test.old', 'test', '{}', now() - interval '100 days'), ($1, 'test.old', 'test', '{}', now() - interval '91 days'),
              ($1, 'test.recent', 'test', '{}', now() - interval '89 days')`,
      [retentionOrg.id],
    );
    const scheduler = new RetentionScheduler(ctx.db, ctx.app.settings, ctx.app.log);

    // Both 0 (the defaults): nothing goes.
    const none = await scheduler.runOnce();
    expect(none).toMatchObject({ applications: 0, auditRows: 0 });
    expect(await count(`select count(*)::int as n from audit_logs where action like 'test.%' and organization_id = $1`, [retentionOrg.id])).toBe(3);

    await set({ application_retention_days: 10, audit_retention_days: 90 });
    // Every organization's finished cases that ended over 10 days ago (the previous test left one at 29 days).
    const due = await count(
      `select count(*)::int as n from applications where status in ('completed', 'failed', 'cancelled') and completed_at < now() - interval '10 days'`,
    );
    expect(due).toBeGreaterThanOrEqual(1);
    const done = await scheduler.runOnce();
    expect(done).toMatchObject({ applications: due, auditRows: 2 });
    expect((await ctx.db.query<{ id: string }>(`select id from applications where organization_id = $1`, [retentionOrg.id])).rows).toEqual([{ id: newCase }]);
    expect(await count(`select count(*)::int as n from applications where id = $1`, [oldCase])).toBe(0);
    const audits = await ctx.db.query<{ action: string }>(`select action from audit_logs where action like 'test.%' and organization_id = $1`, [
      retentionOrg.id,
    ]);
    expect(audits.rows).toEqual([{ action: 'test.recent' }]);
  });

  it('forgets sign-in counts a day old and sign-up requests a week past their expiry', async () => {
    await ctx.db.query(
      `insert into sign_in_failures (key, failures, last_failed_at) values ('pair:old', 9, now() - interval '25 hours'), ('pair:recent', 9, now() - interval '23 hours')`,
    );
    const request = (email: string, expiresAgo: string) =>
      ctx.db.query(
        `insert into registration_requests (organization_id, email, first_name, last_name, password_hash, expires_at) values ($1, $2, 'A', 'B', 'x', now() - $3::interval)`,
        [org.id, email, expiresAgo],
      );
    await request('stale@retention.example', '8 days');
    await request('lately@retention.example', '2 days');
    const done = await new RetentionScheduler(ctx.db, ctx.app.settings, ctx.app.log).runOnce();
    expect(done.signInLeftovers).toBeGreaterThanOrEqual(2);
    expect((await ctx.db.query(`select key from sign_in_failures where key in ('pair:old', 'pair:recent')`)).rows).toEqual([{ key: 'pair:recent' }]);
    expect((await ctx.db.query(`select email from registration_requests where email like '%@retention.example'`)).rows).toEqual([
      { email: 'lately@retention.example' },
    ]);
  });
});

describe('SettingsStore', () => {
  it('answers a caller inside a transaction when the shared read is queued behind that very transaction', async () => {
    // The embedded database has one connection: a read begun outside (a change notice, another request's refresh)
    // while a transaction holds it waits for that transaction, so a caller inside must not wait for that read.
    const store = new SettingsStore(ctx.db, ctx.config);
    await store.load();
    await set({ product_name: 'Queued Portal' });
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let proceed!: () => void;
    const noticeHeard = new Promise<void>((resolve) => (proceed = resolve));
    const answered = ctx.db.transaction(async () => {
      entered();
      await noticeHeard;
      return (await store.get()).product_name;
    });
    await inside;
    store.invalidate(); // heard outside the transaction while it holds the connection
    proceed();
    const tooLong = new Promise<string>((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5_000));
    expect(await Promise.race([answered, tooLong])).toBe('Queued Portal');
    expect((await store.get()).product_name).toBe('Queued Portal');
  });

  it('never keeps, nor answers a waiting load with, a read overtaken by a change', async () => {
    // The reads go to the real database; the first one is held until the change has been made and heard.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const slowFirst: Queryable = {
      query: async (sql, params) => {
        reads += 1;
        const res = await ctx.db.query(sql, params);
        if (reads === 1) await held;
        return res as never;
      },
    };
    const store = new SettingsStore(slowFirst, ctx.config);
    const first = store.load(); // reads the product name before the change
    await new Promise((resolve) => setTimeout(resolve, 20));
    await set({ product_name: 'Renamed Portal' });
    store.invalidate(); // the change notice, heard while the first read is still under way
    release();
    expect((await first).product_name).toBe('Renamed Portal');
    expect(store.current().product_name).toBe('Renamed Portal');
    expect(reads).toBe(2);
  });
});
