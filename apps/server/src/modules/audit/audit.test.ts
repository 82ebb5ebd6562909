import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../test/harness.ts';
import { confirmationLink, startMailbox, type Mailbox } from '../../test/mailbox.ts';
import { createTestConfig } from '../../test/system-config.factory.ts';
import { createTestConfiguration, createTestTool } from '../../test/tools.factory.ts';
import { createTestTemplate, createTestWorkflow } from '../../test/workflows.factory.ts';

interface AuditRow {
  actor_id: string | null;
  actor_email: string | null;
  organization_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  target_name: string | null;
  changes: Record<string, unknown>;
  ip: string | null;
  request_id: string | null;
  created_at: Date;
}

let ctx: TestContext;
let mailbox: Mailbox;
let hq: { id: string };
let orgA: { id: string };
let orgB: { id: string };
let superAdmin: TestUser;
let adminA: TestUser;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The audit rows written while serving this response (matched by its request id). */
async function auditOf(res: LightMyRequestResponse): Promise<AuditRow[]> {
  const id = res.headers['x-request-id'];
  expect(id).toBeTruthy();
  const rows = await ctx.db.query<AuditRow>('select * from audit_logs where request_id = $1 order by created_at, id', [String(id)]);
  return rows.rows;
}

/** Asserts the response wrote exactly one audit row, complete, and returns it. */
async function oneAudit(res: LightMyRequestResponse, expected: Partial<AuditRow>): Promise<AuditRow> {
  const rows = await auditOf(res);
  expect(rows, `audit rows for ${res.statusCode} ${res.body.slice(0, 120)}`).toHaveLength(1);
  const row = rows[0]!;
  expect(row).toMatchObject(expected);
  expect(row.ip).toBe('127.0.0.1');
  expect(row.created_at).toBeInstanceOf(Date);
  expect(row.target_type).toBeTruthy();
  return row;
}

/** Everything a failed mutation could have changed. */
async function snapshot() {
  const q = async (sql: string) => JSON.stringify((await ctx.db.query(sql)).rows);
  return {
    users: await q('select * from users order by id'),
    organizations: await q('select * from organizations order by id'),
    sessions: await q('select id, revoked_at from auth_sessions order by id'),
    audit: await q('select count(*)::int as n from audit_logs'),
  };
}

beforeAll(async () => {
  mailbox = await startMailbox();
  ctx = await createTestContext({ smtpUrl: mailbox.url });
  hq = await ctx.createOrg('HQ');
  orgA = await ctx.createOrg('Audit A');
  orgB = await ctx.createOrg('Audit B', { allow_registration: true, allowed_email_domains: ['audit-b.example'] });
  superAdmin = await ctx.createUser('super_admin', hq.id);
  adminA = await ctx.createUser('admin', orgA.id);
  // Sign the actors in now so their login rows do not mix with the assertions below.
  await ctx.headers(superAdmin);
  await ctx.headers(adminA);
});
afterAll(async () => {
  await ctx?.close();
  await mailbox?.close();
});

describe('every mutation writes one audit row', () => {
  it('auth: login, failed login, logout, refresh-token reuse, register, profile, change-password', async () => {
    const user = await ctx.createUser('viewer', orgA.id);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
    await oneAudit(login, {
      action: 'auth.login',
      actor_id: user.id,
      organization_id: orgA.id,
      target_type: 'user',
      target_id: user.id,
      target_name: 'Test viewer',
    });
    const tokens = login.json();

    const failed = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'wrong-password' } });
    expect(failed.statusCode).toBe(401);
    await oneAudit(failed, {
      action: 'auth.login_failed',
      actor_id: user.id,
      organization_id: orgA.id,
      target_type: 'user',
      target_id: user.id,
      changes: { failed_logins: 1 },
    });

    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(tokens.access_token),
      payload: { first_name: 'Audited', last_name: 'Person', email: user.email },
    });
    expect(profile.statusCode).toBe(200);
    const p = await oneAudit(profile, {
      action: 'auth.profile_update',
      actor_id: user.id,
      organization_id: orgA.id,
      target_type: 'user',
      target_id: user.id,
      target_name: 'Audited Person',
    });
    expect(p.changes).toEqual({ first_name: { from: 'Test', to: 'Audited' }, last_name: { from: 'viewer', to: 'Person' } });

    const change = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(tokens.access_token),
      payload: { old_password: TEST_PASSWORD, new_password: 'Audit-New-Pass-1' },
    });
    expect(change.statusCode).toBe(200);
    await oneAudit(change, { action: 'auth.password_change', actor_id: user.id, organization_id: orgA.id, target_type: 'user', target_id: user.id });

    const rotated = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: tokens.refresh_token } });
    expect(rotated.statusCode).toBe(200);
    const reuse = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: tokens.refresh_token } });
    expect(reuse.statusCode).toBe(401);
    const sessionId = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()).sid;
    await oneAudit(reuse, {
      action: 'auth.refresh_token_reuse',
      actor_id: user.id,
      organization_id: orgA.id,
      target_type: 'session',
      target_id: sessionId,
      target_name: 'Audited Person',
    });

    const again = await ctx.login(user.email, 'Audit-New-Pass-1');
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(again.access_token),
      payload: { refresh_token: again.refresh_token },
    });
    expect(logout.statusCode).toBe(200);
    await oneAudit(logout, { action: 'auth.logout', actor_id: user.id, organization_id: orgA.id, target_type: 'session' });

    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'joiner@audit-b.example', password: 'Joiner-Pass-1', first_name: 'Jo', last_name: 'Iner' },
    });
    expect(register.statusCode).toBe(202);
    await oneAudit(register, {
      action: 'auth.sign_up_requested',
      actor_id: null,
      organization_id: orgB.id,
      target_type: 'registration',
      target_name: 'joiner@audit-b.example',
      changes: { email: 'joiner@audit-b.example', outcome: 'confirmation link sent' },
    });
    const { token } = confirmationLink(await mailbox.waitFor((m) => m.to.includes('joiner@audit-b.example')));
    const confirmed = await ctx.app.inject({ method: 'POST', url: '/api/auth/register/confirm', payload: { token } });
    expect(confirmed.statusCode).toBe(201);
    const joiner = (await ctx.db.query<{ id: string }>(`select id from users where email = 'joiner@audit-b.example'`)).rows[0]!.id;
    await oneAudit(confirmed, {
      action: 'auth.register',
      actor_id: joiner,
      organization_id: orgB.id,
      target_type: 'user',
      target_id: joiner,
      target_name: 'Jo Iner',
      changes: { email: 'joiner@audit-b.example', role: 'viewer', pending_approval: true },
    });
  });

  it('the failure that makes unfamiliar addresses wait is recorded as such', async () => {
    const user = await ctx.createUser('viewer', orgA.id);
    let last!: LightMyRequestResponse;
    // Twenty failures, four from each of five addresses: the last one starts the account's wait.
    for (let i = 0; i < 20; i += 1) {
      last = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'wrong-password' },
        remoteAddress: `203.0.113.${i % 5}`,
      });
    }
    expect(last.statusCode).toBe(401);
    const row = (await auditOf(last))[0]!;
    expect(row).toMatchObject({
      action: 'auth.sign_in_slowed',
      actor_id: user.id,
      organization_id: orgA.id,
      target_id: user.id,
      changes: { failed_logins: 20 },
    });
  });

  it('users: create, update, password reset, unlock, permission add and remove, delete', async () => {
    const create = await ctx.as(adminA, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: 'audited.user@test.example', password: 'Audit-Create-1', first_name: 'Audited', last_name: 'User', role: 'operator' },
    });
    expect(create.statusCode).toBe(201);
    const id = create.json().id;
    const base = { actor_id: adminA.id, organization_id: orgA.id, target_type: 'user', target_id: id };
    await oneAudit(create, {
      ...base,
      action: 'user.create',
      target_name: 'Audited User',
      changes: { email: 'audited.user@test.example', role: 'operator', permissions: [] },
    });

    const update = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${id}`, payload: { role: 'viewer', first_name: 'Renamed' } });
    expect(update.statusCode).toBe(200);
    await oneAudit(update, {
      ...base,
      action: 'user.update',
      target_name: 'Renamed User',
      changes: { role: { from: 'operator', to: 'viewer' }, first_name: { from: 'Audited', to: 'Renamed' } },
    });

    const reset = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${id}/password`, payload: { new_password: 'Audit-Reset-1' } });
    expect(reset.statusCode).toBe(200);
    await oneAudit(reset, { ...base, action: 'user.password_reset' });

    const unlock = await ctx.as(adminA, { method: 'POST', url: `/api/admin/users/${id}/unlock` });
    expect(unlock.statusCode).toBe(200);
    await oneAudit(unlock, { ...base, action: 'user.unlock' });

    const add = await ctx.as(adminA, { method: 'POST', url: `/api/admin/users/${id}/permissions`, payload: { permission: 'manage_tools' } });
    expect(add.statusCode).toBe(200);
    await oneAudit(add, { ...base, action: 'user.permission_add', changes: { permission: 'manage_tools' } });

    const remove = await ctx.as(adminA, { method: 'DELETE', url: `/api/admin/users/${id}/permissions/manage_tools` });
    expect(remove.statusCode).toBe(200);
    await oneAudit(remove, { ...base, action: 'user.permission_remove', changes: { permission: 'manage_tools' } });

    const del = await ctx.as(adminA, { method: 'DELETE', url: `/api/admin/users/${id}` });
    expect(del.statusCode).toBe(200);
    await oneAudit(del, { ...base, action: 'user.delete', target_name: 'Renamed User', changes: { email: 'audited.user@test.example', role: 'viewer' } });
  });

  it('organizations: create, update, settings, delete', async () => {
    const create = await ctx.as(superAdmin, { method: 'POST', url: '/api/admin/organizations', payload: { name: 'Audited Org' } });
    expect(create.statusCode).toBe(201);
    const id = create.json().id;
    const base = { actor_id: superAdmin.id, target_type: 'organization', target_id: id };
    await oneAudit(create, { ...base, organization_id: id, action: 'organization.create', target_name: 'Audited Org', changes: { name: 'Audited Org' } });

    const update = await ctx.as(superAdmin, { method: 'PUT', url: `/api/admin/organizations/${id}`, payload: { description: 'Now described' } });
    expect(update.statusCode).toBe(200);
    await oneAudit(update, { ...base, organization_id: id, action: 'organization.update', changes: { description: { from: '', to: 'Now described' } } });

    const settings = await ctx.as(superAdmin, { method: 'PUT', url: `/api/admin/organizations/${id}/settings`, payload: { allow_registration: true } });
    expect(settings.statusCode).toBe(200);
    await oneAudit(settings, {
      ...base,
      organization_id: id,
      action: 'organization.settings_update',
      changes: { allow_registration: { from: false, to: true } },
    });

    const del = await ctx.as(superAdmin, { method: 'DELETE', url: `/api/admin/organizations/${id}` });
    expect(del.statusCode).toBe(200);
    // The organization is gone, so the row keeps its id and name as the target only.
    await oneAudit(del, { ...base, organization_id: null, action: 'organization.delete', target_name: 'Audited Org', changes: { name: 'Audited Org' } });
  });

  it('deletions keep the name their target had: workflows, templates, steps, connections, tools, configurations, entries', async () => {
    const workflow = await createTestWorkflow(ctx.db, hq.id, { name: 'Doomed workflow' });
    const other = await createTestWorkflow(ctx.db, hq.id, { name: 'Edited workflow' });
    const template = await createTestTemplate(ctx.db, hq.id, { name: 'Doomed template' });
    const tool = await createTestTool(ctx.db, hq.id, { name: 'Doomed tool' });
    const configuration = await createTestConfiguration(ctx.db, await createTestTool(ctx.db, hq.id, { name: 'Configured tool' }), ctx.app.secrets.secretKey, {
      environment: 'staging',
    });
    const entry = await createTestConfig(ctx.db, hq.id, { key: 'doomed.entry' });
    const deletions: [string, string, string][] = [
      [`/api/admin/steps/connections/${other.connections[0]}`, 'connection.delete', 'start → details'],
      [`/api/admin/steps/${other.steps.no}`, 'step.delete', 'no'],
      [`/api/admin/workflows/${workflow.id}`, 'workflow.delete', 'Doomed workflow'],
      [`/api/admin/workflow-templates/${template.id}`, 'workflow_template.delete', 'Doomed template'],
      [`/api/admin/tools/configurations/${configuration}`, 'tool_configuration.delete', 'Configured tool (staging)'],
      [`/api/admin/tools/${tool.id}`, 'tool.delete', 'Doomed tool'],
      [`/api/admin/system-config/${entry.id}`, 'system_config.delete', 'doomed.entry'],
    ];
    for (const [url, action, name] of deletions) {
      const res = await ctx.as(superAdmin, { method: 'DELETE', url });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(300);
      const [row] = await auditOf(res);
      expect(row, url).toMatchObject({ action, target_name: name });
    }
  });

  it("an organization admin's settings change is recorded in their organization", async () => {
    const res = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/organizations/${orgA.id}/settings`, payload: { timezone: 'Europe/Paris' } });
    expect(res.statusCode).toBe(200);
    await oneAudit(res, { actor_id: adminA.id, organization_id: orgA.id, action: 'organization.settings_update', target_id: orgA.id });
  });

  it('reads write nothing', async () => {
    for (const url of [
      '/api/auth/me',
      '/api/auth/verify',
      '/api/admin/users',
      `/api/admin/users/${adminA.id}/permissions`,
      '/api/admin/organizations',
      `/api/admin/organizations/${orgA.id}/settings`,
    ]) {
      const res = await ctx.as(adminA, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(await auditOf(res)).toEqual([]);
    }
  });
});

describe('a refused mutation writes no audit row and changes nothing', () => {
  let victim: TestUser;
  let viewer: TestUser;
  beforeAll(async () => {
    victim = await ctx.createUser('viewer', orgB.id);
    viewer = await ctx.createUser('viewer', orgA.id);
    await ctx.headers(viewer);
  });

  it.each([
    [
      'create with a taken email (409)',
      () =>
        ctx.as(adminA, {
          method: 'POST',
          url: '/api/admin/users',
          payload: { email: adminA.email, password: 'Whatever-123', first_name: 'A', last_name: 'B', role: 'viewer' },
        }),
    ],
    [
      'create a super admin as admin (403)',
      () =>
        ctx.as(adminA, {
          method: 'POST',
          url: '/api/admin/users',
          payload: { email: 'x1@test.example', password: 'Whatever-123', first_name: 'A', last_name: 'B', role: 'super_admin' },
        }),
    ],
    [
      'create with invalid input (422)',
      () =>
        ctx.as(adminA, { method: 'POST', url: '/api/admin/users', payload: { email: 'bad', password: 'x', first_name: '', last_name: '', role: 'viewer' } }),
    ],
    [
      'create without permission (403)',
      () =>
        ctx.as(viewer, {
          method: 'POST',
          url: '/api/admin/users',
          payload: { email: 'x2@test.example', password: 'Whatever-123', first_name: 'A', last_name: 'B', role: 'viewer' },
        }),
    ],
    [
      'update a user of another organization (404)',
      () => ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${victim.id}`, payload: { first_name: 'Hacked' } }),
    ],
    [
      'update onto a taken email (409)',
      () => ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${viewer.id}`, payload: { email: adminA.email, first_name: 'Changed' } }),
    ],
    ['delete yourself (400)', () => ctx.as(adminA, { method: 'DELETE', url: `/api/admin/users/${adminA.id}` })],
    ['delete a user of another organization (404)', () => ctx.as(adminA, { method: 'DELETE', url: `/api/admin/users/${victim.id}` })],
    [
      'reset the password of another organization’s user (404)',
      () => ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${victim.id}/password`, payload: { new_password: 'Hacked-Pass-1' } }),
    ],
    ['remove a role default permission (404)', () => ctx.as(adminA, { method: 'DELETE', url: `/api/admin/users/${viewer.id}/permissions/view_workflows` })],
    [
      'grant an unknown permission (422)',
      () => ctx.as(adminA, { method: 'POST', url: `/api/admin/users/${viewer.id}/permissions`, payload: { permission: 'fly' } }),
    ],
    [
      'create an organization with a taken name (409)',
      () => ctx.as(superAdmin, { method: 'POST', url: '/api/admin/organizations', payload: { name: 'audit a' } }),
    ],
    ['create an organization as admin (403)', () => ctx.as(adminA, { method: 'POST', url: '/api/admin/organizations', payload: { name: 'Sneaky' } })],
    ['delete an organization with users (409)', () => ctx.as(superAdmin, { method: 'DELETE', url: `/api/admin/organizations/${orgB.id}` })],
    [
      'settings with an invalid domain (422)',
      () =>
        ctx.as(adminA, {
          method: 'PUT',
          url: `/api/admin/organizations/${orgA.id}/settings`,
          payload: { allow_registration: true, allowed_email_domains: ['nope nope'] },
        }),
    ],
    [
      "another organization's settings (404)",
      () => ctx.as(adminA, { method: 'PUT', url: `/api/admin/organizations/${orgB.id}/settings`, payload: { allow_registration: false } }),
    ],
    [
      'profile onto a taken email (409)',
      () =>
        ctx.as(viewer, {
          method: 'PUT',
          url: '/api/auth/profile',
          payload: { first_name: 'New', last_name: 'Name', email: adminA.email, current_password: TEST_PASSWORD },
        }),
    ],
    [
      'change-password with a wrong current password (400)',
      () => ctx.as(viewer, { method: 'POST', url: '/api/auth/change-password', payload: { old_password: 'wrong-password', new_password: 'Whatever-123' } }),
    ],
    [
      'register into a closed organization (403)',
      () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: 'closed@nowhere.example', password: 'Whatever-123', first_name: 'A', last_name: 'B' },
        }),
    ],
    [
      'register with a common password (422)',
      () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: 'weak@audit-b.example', password: 'Password1', first_name: 'A', last_name: 'B' },
        }),
    ],
  ])('%s', async (_name, call) => {
    const before = await snapshot();
    const res = await call();
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await auditOf(res)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('secrets never reach the audit log', () => {
  it('no password, hash or token appears in any change summary', async () => {
    const secrets = ['Secret-Create-123', 'Secret-Reset-456', 'Secret-Change-789', 'Secret-Register-0'];
    const created = await ctx.as(adminA, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: 'secretive@test.example', password: secrets[0], first_name: 'Se', last_name: 'Cret', role: 'viewer' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${id}/password`, payload: { new_password: secrets[1] } })).statusCode).toBe(200);
    const tokens = await ctx.login('secretive@test.example', secrets[1]);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: bearer(tokens.access_token),
          payload: { old_password: secrets[1], new_password: secrets[2] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'secretive@test.example', password: 'Wrong-Guess-1' } })).statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: 'secret.joiner@audit-b.example', password: secrets[3], first_name: 'A', last_name: 'B' },
        })
      ).statusCode,
    ).toBe(202);
    const { token } = confirmationLink(await mailbox.waitFor((m) => m.to.includes('secret.joiner@audit-b.example')));
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/register/confirm', payload: { token } })).statusCode).toBe(201);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: tokens.refresh_token } });

    const rows = await ctx.db.query<{ action: string; changes: Record<string, unknown> }>('select action, changes from audit_logs');
    expect(rows.rows.length).toBeGreaterThan(10);
    const hashes = (await ctx.db.query<{ password_hash: string }>('select password_hash from users')).rows.map((r) => r.password_hash);
    for (const row of rows.rows) {
      const text = JSON.stringify(row.changes);
      for (const secret of [...secrets, 'Wrong-Guess-1', TEST_PASSWORD, tokens.refresh_token, tokens.access_token, token])
        expect(text, row.action).not.toContain(secret);
      for (const hash of hashes) expect(text, row.action).not.toContain(hash);
      expect(text, row.action).not.toMatch(/scrypt\$|password_hash/);
    }
  });
});
