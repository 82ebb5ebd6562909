import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES, VALIDATION } from '@admin-portal/contract/messages';
import { expandPermissions, ROLE_DEFAULTS } from '@admin-portal/contract/permissions';
import { createTestContext, TEST_PASSWORD, type TestContext, type TestUser } from '../../test/harness.ts';
import { accountKey, pairKey } from '../accounts/sign-in-throttle.ts';

let ctx: TestContext;
let hq: { id: string; name: string };
let orgA: { id: string; name: string };
let orgB: { id: string; name: string };
let superAdmin: TestUser;
let adminA: TestUser;
let adminB: TestUser;
let viewerA: TestUser;
/** A manager who was also granted manage_users. */
let userManagerA: TestUser;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const newUser = (extra: Record<string, unknown> = {}) => ({
  email: `new.${Math.random().toString(36).slice(2, 10)}@test.example`,
  password: 'Created-Pass-1',
  first_name: 'New',
  last_name: 'User',
  role: 'viewer',
  ...extra,
});
const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

beforeAll(async () => {
  ctx = await createTestContext();
  hq = await ctx.createOrg('Headquarters');
  orgA = await ctx.createOrg('Org A');
  orgB = await ctx.createOrg('Org B');
  superAdmin = await ctx.createUser('super_admin', hq.id);
  adminA = await ctx.createUser('admin', orgA.id);
  adminB = await ctx.createUser('admin', orgB.id);
  viewerA = await ctx.createUser('viewer', orgA.id);
  userManagerA = await ctx.createUser('manager', orgA.id, { permissions: ['manage_users'] });
});
afterAll(() => ctx.close());

describe('GET /api/admin/users (list)', () => {
  let orgL: { id: string };
  let adminL: TestUser;
  let members: TestUser[];
  const list = (query: string, as: TestUser = adminL, headers: Record<string, string> = {}) =>
    ctx.as(as, { method: 'GET', url: `/api/admin/users${query}`, headers });

  beforeAll(async () => {
    orgL = await ctx.createOrg('Listing Org');
    adminL = await ctx.createUser('admin', orgL.id, { email: 'adminl@listing.example' });
    members = [adminL];
    for (const [role, email] of [
      ['viewer', 'alpha@listing.example'],
      ['viewer', 'bravo@listing.example'],
      ['operator', 'charlie@listing.example'],
      ['manager', 'delta@listing.example'],
      ['analyst', 'zelda.search@listing.example'],
      ['viewer', 'locked@listing.example'],
      ['viewer', 'inactive@listing.example'],
    ] as const) {
      members.push(await ctx.createUser(role, orgL.id, { email }));
    }
    await ctx.db.query("update users set locked_until = now() + interval '10 minutes', failed_logins = 5 where email = 'locked@listing.example'");
    await ctx.db.query("update users set is_active = false where email = 'inactive@listing.example'");
  });

  it('shows every row as one user shows it: timestamps, lock and its end written alike', async () => {
    await ctx.db.query("update users set last_login_at = '2026-03-04T05:06:07.891234Z' where email = 'locked@listing.example'");
    const rows = (await list('?limit=100')).json().items as { id: string; is_locked: boolean }[];
    expect(rows.filter((r) => r.is_locked).length).toBe(1);
    for (const row of rows) {
      const { permissions: _, ...one } = (await ctx.as(adminL, { method: 'GET', url: `/api/admin/users/${row.id}` })).json();
      // The list adds the second factors each account has (none here).
      expect(row).toEqual({ ...one, second_factors: [] });
    }
  });

  it('paginates with limit and offset and reports the total', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < members.length; offset += 3) {
      const res = await list(`?limit=3&offset=${offset}&sort=email`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: members.length, limit: 3, offset });
      expect(body.items.length).toBe(Math.min(3, members.length - offset));
      seen.push(...body.items.map((u: { email: string }) => u.email));
    }
    expect(seen).toEqual(members.map((m) => m.email).sort());
    const past = await list(`?limit=3&offset=${members.length}`);
    expect(past.json()).toMatchObject({ items: [], total: members.length });
  });

  it('lists rows with the role and the extras, not the expanded permissions nor any secret; one user carries them', async () => {
    const extra = await ctx.createUser('viewer', orgL.id, { email: 'extras@listing.example', permissions: ['manage_tools'] });
    try {
      const res = await list('?q=extras@listing');
      expect(res.statusCode).toBe(200);
      const [row] = res.json().items;
      expect(row).toMatchObject({ id: extra.id, role: 'viewer', extra_permissions: ['manage_tools'], organization_name: 'Listing Org' });
      expect(row).not.toHaveProperty('permissions');
      expect(row).not.toHaveProperty('password_hash');
      expect(row).not.toHaveProperty('preferences');
      const one = await ctx.as(adminL, { method: 'GET', url: `/api/admin/users/${extra.id}` });
      expect(one.json().permissions).toEqual(expandPermissions([...ROLE_DEFAULTS.viewer, 'manage_tools']));
      const { permissions: _, ...rest } = one.json();
      expect(row).toEqual({ ...rest, second_factors: [] });
    } finally {
      await ctx.db.query('delete from users where id = $1', [extra.id]);
    }
  });

  it('defaults to 25 per page and refuses limits outside 1..200', async () => {
    expect((await list('')).json()).toMatchObject({ limit: 25, offset: 0 });
    for (const bad of ['?limit=0', '?limit=201', '?offset=-1', '?limit=abc']) {
      const res = await list(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().validation_errors[0].field).toMatch(/limit|offset/);
    }
  });

  it('never returns password hashes', async () => {
    const res = await list('?limit=200');
    expect(res.body).not.toMatch(/password|scrypt\$/i);
  });

  it('searches email and names with q, case-insensitively, treating wildcards literally', async () => {
    const res = await list('?q=ZELDA');
    expect(res.json().items.map((u: { email: string }) => u.email)).toEqual(['zelda.search@listing.example']);
    expect(res.json().total).toBe(1);
    // last_name of factory users is their role
    expect((await list('?q=operator')).json().total).toBe(1);
    expect((await list('?q=%25')).json().total).toBe(0);
    expect((await list('?q=_')).json().total).toBe(0);
  });

  it('filters by role', async () => {
    const res = await list('?role=viewer');
    expect(res.json().total).toBe(4);
    expect(res.json().items.every((u: { role: string }) => u.role === 'viewer')).toBe(true);
    expect((await list('?role=wizard')).statusCode).toBe(422);
  });

  it('filters by organization_id (super admin)', async () => {
    const res = await list(`?organization_id=${orgL.id}&limit=200`, superAdmin);
    expect(res.json().total).toBe(members.length);
    expect(res.json().items.every((u: { organization_id: string }) => u.organization_id === orgL.id)).toBe(true);
    expect((await list('?organization_id=not-a-uuid', superAdmin)).statusCode).toBe(422);
  });

  it('filters by locked', async () => {
    const locked = await list('?locked=true');
    expect(locked.json().items.map((u: { email: string }) => u.email)).toEqual(['locked@listing.example']);
    expect(locked.json().items[0]).toMatchObject({ is_locked: true });
    const unlocked = await list('?locked=false&limit=200');
    expect(unlocked.json().total).toBe(members.length - 1);
    expect(unlocked.json().items.some((u: { email: string }) => u.email === 'locked@listing.example')).toBe(false);
  });

  it('filters by is_active', async () => {
    const inactive = await list('?is_active=false');
    expect(inactive.json().items.map((u: { email: string }) => u.email)).toEqual(['inactive@listing.example']);
    expect((await list('?is_active=true')).json().total).toBe(members.length - 1);
    expect((await list('?is_active=maybe')).statusCode).toBe(422);
  });

  it('combines filters', async () => {
    const res = await list('?role=viewer&is_active=true&locked=false');
    expect(
      res
        .json()
        .items.map((u: { email: string }) => u.email)
        .sort(),
    ).toEqual(['alpha@listing.example', 'bravo@listing.example']);
  });

  it('sorts by a known field, ascending or descending', async () => {
    const emails = members.map((m) => m.email).sort();
    const asc = await list('?sort=email&limit=200');
    expect(asc.json().items.map((u: { email: string }) => u.email)).toEqual(emails);
    const desc = await list('?sort=-email&limit=200');
    expect(desc.json().items.map((u: { email: string }) => u.email)).toEqual([...emails].reverse());
    const byRole = await list('?sort=role&limit=200');
    const roles = byRole.json().items.map((u: { role: string }) => u.role);
    expect(roles).toEqual([...roles].sort());
  });

  it('refuses an unknown sort with 422 on the sort field', async () => {
    const res = await list('?sort=password_hash');
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([expect.objectContaining({ field: 'sort' })]);
  });

  it('needs user:read', async () => {
    const res = await list('', viewerA);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: SERVER_MESSAGES.forbidden });
  });
});

describe('POST /api/admin/users (create)', () => {
  it('creates a user in the admin’s organization and answers 201 with the user and the spec message', async () => {
    const payload = newUser({ email: '  Fresh.Person@Test.Example ', first_name: 'Fresh', last_name: 'Person', role: 'operator' });
    const res = await ctx.as(adminA, { method: 'POST', url: '/api/admin/users/', payload });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.userCreated);
    expect(MESSAGES.userCreated).toBe('User created successfully');
    expect(body).toMatchObject({
      email: 'fresh.person@test.example',
      first_name: 'Fresh',
      last_name: 'Person',
      role: 'operator',
      organization_id: orgA.id,
      is_active: true,
    });
    expect(body.id).toEqual(expect.any(String));
    expect(res.body).not.toMatch(/Created-Pass-1|password|scrypt\$/i);

    const shown = await ctx.as(adminA, { method: 'GET', url: `/api/admin/users/${body.id}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: body.id, email: 'fresh.person@test.example' });
    expect((await login('fresh.person@test.example', 'Created-Pass-1')).statusCode).toBe(200);
  });

  it('creates a user with extra permissions', async () => {
    const res = await ctx.as(adminA, { method: 'POST', url: '/api/admin/users', payload: newUser({ permissions: ['manage_tools'] }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().extra_permissions).toEqual(['manage_tools']);
    expect(res.json().permissions).toEqual(expect.arrayContaining(['manage_tools', 'tool:read', 'tool:manage']));
  });

  it('refuses an email already in use (any case) with 409 on the email field', async () => {
    const res = await ctx.as(adminA, { method: 'POST', url: '/api/admin/users', payload: newUser({ email: viewerA.email.toUpperCase() }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: SERVER_MESSAGES.emailTaken, validation_errors: [{ field: 'email', message: SERVER_MESSAGES.emailTaken }] });
  });

  it('answers concurrent creates with the same email with one 201 and 409s, never a 5xx', async () => {
    const payload = newUser();
    const results = await Promise.all(Array.from({ length: 10 }, () => ctx.as(adminA, { method: 'POST', url: '/api/admin/users', payload })));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().validation_errors).toEqual([{ field: 'email', message: SERVER_MESSAGES.emailTaken }]);
  });

  it('does not let an admin create a super admin', async () => {
    const res = await ctx.as(adminA, { method: 'POST', url: '/api/admin/users', payload: newUser({ role: 'super_admin' }) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: SERVER_MESSAGES.roleNotAssignable });
  });

  it('does not let an admin create a user in another organization', async () => {
    const res = await ctx.as(adminA, { method: 'POST', url: '/api/admin/users', payload: newUser({ organization_id: orgB.id }) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: SERVER_MESSAGES.otherOrganization });
  });

  it('lets a manager with manage_users create a viewer but not an admin, nor grant what they lack', async () => {
    const viewer = await ctx.as(userManagerA, { method: 'POST', url: '/api/admin/users', payload: newUser() });
    expect(viewer.statusCode).toBe(201);
    expect(viewer.json().organization_id).toBe(orgA.id);

    const adminRes = await ctx.as(userManagerA, { method: 'POST', url: '/api/admin/users', payload: newUser({ role: 'admin' }) });
    expect(adminRes.statusCode).toBe(403);
    expect(adminRes.json()).toEqual({ detail: SERVER_MESSAGES.roleNotAssignable });

    const grant = await ctx.as(userManagerA, { method: 'POST', url: '/api/admin/users', payload: newUser({ permissions: ['manage_organizations'] }) });
    expect(grant.statusCode).toBe(403);
    expect(grant.json()).toEqual({ detail: SERVER_MESSAGES.permissionNotGrantable });
  });

  it('lets a super admin create a user in any organization, by organization_id or X-Organization-Id', async () => {
    const byBody = await ctx.as(superAdmin, { method: 'POST', url: '/api/admin/users', payload: newUser({ organization_id: orgB.id, role: 'admin' }) });
    expect(byBody.statusCode).toBe(201);
    expect(byBody.json().organization_id).toBe(orgB.id);
    const byHeader = await ctx.as(superAdmin, { method: 'POST', url: '/api/admin/users', headers: { 'x-organization-id': orgA.id }, payload: newUser() });
    expect(byHeader.statusCode).toBe(201);
    expect(byHeader.json().organization_id).toBe(orgA.id);
    const sa = await ctx.as(superAdmin, { method: 'POST', url: '/api/admin/users', payload: newUser({ role: 'super_admin' }) });
    expect(sa.statusCode).toBe(201);
    expect(sa.json().organization_id).toBe(hq.id);
  });

  it('refuses an unknown organization with 422 on organization_id', async () => {
    const res = await ctx.as(superAdmin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: newUser({ organization_id: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([expect.objectContaining({ field: 'organization_id' })]);
  });

  it('validates the payload with the spec texts', async () => {
    const res = await ctx.as(adminA, {
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: 'nope', password: 'short', first_name: '', last_name: 'X', role: 'wizard' },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().validation_errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: VALIDATION.emailInvalid },
        { field: 'password', message: VALIDATION.passwordTooShort },
        { field: 'first_name', message: VALIDATION.firstNameRequired },
        expect.objectContaining({ field: 'role' }),
      ]),
    );
  });

  it('needs user:manage', async () => {
    const res = await ctx.as(viewerA, { method: 'POST', url: '/api/admin/users', payload: newUser() });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/admin/users/:id (update)', () => {
  it('changes only the fields sent', async () => {
    const target = await ctx.createUser('viewer', orgA.id);
    const res = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${target.id}`, payload: { first_name: 'Grace', role: 'operator' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: target.id,
      first_name: 'Grace',
      last_name: 'viewer',
      email: target.email,
      role: 'operator',
      organization_id: orgA.id,
    });
    expect(res.json().permissions).toEqual(expect.arrayContaining(['execute_workflows']));
    const shown = await ctx.as(adminA, { method: 'GET', url: `/api/admin/users/${target.id}` });
    expect(shown.json()).toMatchObject({ first_name: 'Grace', role: 'operator' });
  });

  it("refuses another user's email with 409", async () => {
    const target = await ctx.createUser('viewer', orgA.id);
    const res = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${target.id}`, payload: { email: viewerA.email, first_name: 'Changed' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().validation_errors).toEqual([{ field: 'email', message: SERVER_MESSAGES.emailTaken }]);
    expect((await ctx.as(adminA, { method: 'GET', url: `/api/admin/users/${target.id}` })).json().first_name).toBe('Test');
  });

  it('deactivating a user ends their sessions and stops their sign-in', async () => {
    const target = await ctx.createUser('viewer', orgA.id);
    const tokens = await ctx.login(target.email);
    const res = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${target.id}`, payload: { is_active: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_active).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokens.access_token) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: tokens.refresh_token } })).statusCode).toBe(401);
    expect((await login(target.email, TEST_PASSWORD)).json()).toEqual({ detail: SERVER_MESSAGES.accountInactive });
  });

  it('does not let you change your own role or deactivate yourself', async () => {
    const self = await ctx.createUser('admin', orgA.id);
    expect((await ctx.as(self, { method: 'PUT', url: `/api/admin/users/${self.id}`, payload: { role: 'viewer' } })).statusCode).toBe(400);
    expect((await ctx.as(self, { method: 'PUT', url: `/api/admin/users/${self.id}`, payload: { is_active: false } })).statusCode).toBe(400);
    // Your own name is fine.
    expect((await ctx.as(self, { method: 'PUT', url: `/api/admin/users/${self.id}`, payload: { first_name: 'Me' } })).statusCode).toBe(200);
  });

  it('does not let an admin promote to super admin or move a user to another organization', async () => {
    const target = await ctx.createUser('viewer', orgA.id);
    const promote = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${target.id}`, payload: { role: 'super_admin' } });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().detail).toBe(SERVER_MESSAGES.roleNotAssignable);
    const move = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${target.id}`, payload: { organization_id: orgB.id } });
    expect(move.statusCode).toBe(403);
    expect(move.json().detail).toBe(SERVER_MESSAGES.otherOrganization);
  });

  it('does not let a user manager touch someone with more privileges', async () => {
    const res = await ctx.as(userManagerA, { method: 'PUT', url: `/api/admin/users/${adminA.id}`, payload: { first_name: 'Hijacked' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(SERVER_MESSAGES.targetOutranksActor);
  });

  it('lets a super admin move a user to another organization, ending their sessions', async () => {
    const target = await ctx.createUser('viewer', orgA.id);
    const tokens = await ctx.login(target.email);
    const res = await ctx.as(superAdmin, { method: 'PUT', url: `/api/admin/users/${target.id}`, payload: { organization_id: orgB.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().organization_id).toBe(orgB.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokens.access_token) })).statusCode).toBe(401);
  });

  it('lets two admins update each other at the same moment', async () => {
    const x = await ctx.createUser('admin', orgA.id);
    const y = await ctx.createUser('admin', orgA.id);
    await ctx.headers(x);
    await ctx.headers(y);
    for (let round = 0; round < 5; round += 1) {
      const results = await Promise.all([
        ctx.as(x, { method: 'PUT', url: `/api/admin/users/${y.id}`, payload: { first_name: `Y${round}` } }),
        ctx.as(y, { method: 'PUT', url: `/api/admin/users/${x.id}`, payload: { first_name: `X${round}` } }),
        ctx.as(x, { method: 'POST', url: `/api/admin/users/${y.id}/permissions`, payload: { permission: 'manage_tools' } }),
        ctx.as(y, { method: 'POST', url: `/api/admin/users/${x.id}/unlock` }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    }
  });

  it('answers 404 for an unknown user', async () => {
    const res = await ctx.as(adminA, { method: 'PUT', url: '/api/admin/users/00000000-0000-4000-8000-000000000000', payload: { first_name: 'X' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deletes a user; their token stops working', async () => {
    const target = await ctx.createUser('viewer', orgA.id);
    const tokens = await ctx.login(target.email);
    const res = await ctx.as(adminA, { method: 'DELETE', url: `/api/admin/users/${target.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.userDeleted });
    expect((await ctx.as(adminA, { method: 'GET', url: `/api/admin/users/${target.id}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokens.access_token) })).statusCode).toBe(401);
    expect((await ctx.as(adminA, { method: 'DELETE', url: `/api/admin/users/${target.id}` })).statusCode).toBe(404);
  });

  it('never deletes yourself', async () => {
    for (const actor of [adminA, superAdmin]) {
      const res = await ctx.as(actor, { method: 'DELETE', url: `/api/admin/users/${actor.id}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: SERVER_MESSAGES.cannotDeleteSelf });
    }
    expect((await ctx.as(adminA, { method: 'GET', url: `/api/admin/users/${adminA.id}` })).statusCode).toBe(200);
  });

  it('does not let an admin delete a super admin or a user manager delete an admin', async () => {
    const saInA = await ctx.createUser('super_admin', orgA.id);
    const res = await ctx.as(adminA, { method: 'DELETE', url: `/api/admin/users/${saInA.id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(SERVER_MESSAGES.targetOutranksActor);
    await ctx.db.query('delete from users where id = $1', [saInA.id]);
    expect((await ctx.as(userManagerA, { method: 'DELETE', url: `/api/admin/users/${adminA.id}` })).statusCode).toBe(403);
  });
});

describe('PUT /api/admin/users/:id/password', () => {
  it("sets a new password, ends the target's sessions and clears a lockout", async () => {
    const target = await ctx.createUser('viewer', orgA.id);
    const tokens = await ctx.login(target.email);
    await ctx.db.query("update users set failed_logins = 5, locked_until = now() + interval '15 minutes' where id = $1", [target.id]);
    const res = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${target.id}/password`, payload: { new_password: 'Reset-By-Admin-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: SERVER_MESSAGES.passwordReset });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokens.access_token) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: tokens.refresh_token } })).statusCode).toBe(401);
    expect((await login(target.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(target.email, 'Reset-By-Admin-1')).statusCode).toBe(200);
  });

  it('refuses a short password with the spec text', async () => {
    const res = await ctx.as(adminA, { method: 'PUT', url: `/api/admin/users/${viewerA.id}/password`, payload: { new_password: 'short' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([{ field: 'new_password', message: VALIDATION.passwordTooShort }]);
  });

  it('needs user:manage and the right to manage the target', async () => {
    expect(
      (await ctx.as(viewerA, { method: 'PUT', url: `/api/admin/users/${adminA.id}/password`, payload: { new_password: 'Whatever-123' } })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.as(userManagerA, { method: 'PUT', url: `/api/admin/users/${adminA.id}/password`, payload: { new_password: 'Whatever-123' } })).statusCode,
    ).toBe(403);
    expect((await login(adminA.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/users/:id/unlock', () => {
  it('ends every wait of the account after failed sign-ins, from every address', async () => {
    const target = await ctx.createUser('viewer', orgA.id);
    await ctx.db.query("update users set failed_logins = 25, locked_until = now() + interval '15 minutes' where id = $1", [target.id]);
    for (const key of [accountKey(target.email), pairKey(target.email, '127.0.0.1')]) {
      await ctx.db.query(`insert into sign_in_failures (key, failures, wait_until) values ($1, 25, now() + interval '15 minutes')`, [key]);
    }
    expect((await login(target.email, TEST_PASSWORD)).statusCode).toBe(429);
    const res = await ctx.as(adminA, { method: 'POST', url: `/api/admin/users/${target.id}/unlock` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, is_locked: false, locked_until: null, failed_logins: 0 });
    expect((await login(target.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('sign-ups waiting for approval', () => {
  it('are listed with pending=true and shown as waiting, and only they can be approved or rejected', async () => {
    const waiting = await ctx.createUser('viewer', orgA.id);
    await ctx.db.query('update users set pending_approval = true where id = $1', [waiting.id]);
    const list = await ctx.as(adminA, { method: 'GET', url: '/api/admin/users?pending=true&limit=200' });
    expect(list.json().items.map((u: { id: string }) => u.id)).toEqual([waiting.id]);
    expect(list.json().items[0]).toMatchObject({ pending_approval: true });
    const others = await ctx.as(adminA, { method: 'GET', url: '/api/admin/users?pending=false&limit=200' });
    expect(others.json().items.some((u: { id: string }) => u.id === waiting.id)).toBe(false);
    // A waiting account's token, should it hold one, reads nothing.
    const session = await ctx.login(adminA.email);
    await ctx.db.query('update users set pending_approval = true where id = $1', [adminA.id]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${session.access_token}` } })).statusCode).toBe(401);
    await ctx.db.query('update users set pending_approval = false where id = $1', [adminA.id]);
    expect((await ctx.as(adminA, { method: 'POST', url: `/api/admin/users/${adminA.id}/reject` })).statusCode).toBe(409);
    expect((await ctx.as(adminA, { method: 'POST', url: `/api/admin/users/${waiting.id}/approve` })).statusCode).toBe(200);
  });
});

describe('permissions', () => {
  it('reads role defaults, extras and the effective expanded list', async () => {
    const target = await ctx.createUser('viewer', orgA.id);
    const res = await ctx.as(adminA, { method: 'GET', url: `/api/admin/users/${target.id}/permissions` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['extra_permissions', 'permissions', 'role_permissions', 'success']);
    expect(body.success).toBe(true);
    expect(body.extra_permissions).toEqual([]);
    expect(body.role_permissions).toEqual(expandPermissions(ROLE_DEFAULTS.viewer));
    expect(body.permissions).toEqual(expect.arrayContaining(['view_workflows', 'view_analytics', 'workflow:read', 'application:read']));
    expect(body.permissions).not.toContain('tool:read');
  });

  it('grants an extra permission with its implications, once', async () => {
    const target = await ctx.createUser('viewer', orgA.id);
    const res = await ctx.as(adminA, { method: 'POST', url: `/api/admin/users/${target.id}/permissions`, payload: { permission: 'manage_tools' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(res.json().extra_permissions).toEqual(['manage_tools']);
    expect(res.json().permissions).toEqual(expect.arrayContaining(['manage_tools', 'tool:read', 'tool:manage', 'view_workflows']));
    expect(res.json().role_permissions).not.toContain('tool:read');

    const again = await ctx.as(adminA, { method: 'POST', url: `/api/admin/users/${target.id}/permissions`, payload: { permission: 'manage_tools' } });
    expect(again.json().extra_permissions).toEqual(['manage_tools']);

    // The user sees it too.
    const tokens = await ctx.login(target.email);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(tokens.access_token) });
    expect(me.json().permissions).toEqual(expect.arrayContaining(['tool:read', 'tool:manage']));
  });

  it('withdraws an extra permission', async () => {
    const target = await ctx.createUser('viewer', orgA.id, { permissions: ['manage_tools'] });
    const res = await ctx.as(adminA, { method: 'DELETE', url: `/api/admin/users/${target.id}/permissions/manage_tools` });
    expect(res.statusCode).toBe(200);
    expect(res.json().extra_permissions).toEqual([]);
    expect(res.json().permissions).not.toContain('tool:read');
  });

  it('answers 404 for removing a role default (it is not a grant)', async () => {
    const res = await ctx.as(adminA, { method: 'DELETE', url: `/api/admin/users/${viewerA.id}/permissions/view_workflows` });
    expect(res.statusCode).toBe(404);
    const after = await ctx.as(adminA, { method: 'GET', url: `/api/admin/users/${viewerA.id}/permissions` });
    expect(after.json().permissions).toContain('view_workflows');
  });

  it('refuses an unknown permission with 422', async () => {
    const add = await ctx.as(adminA, { method: 'POST', url: `/api/admin/users/${viewerA.id}/permissions`, payload: { permission: 'fly_planes' } });
    expect(add.statusCode).toBe(422);
    expect(add.json().validation_errors).toEqual([expect.objectContaining({ field: 'permission' })]);
    const remove = await ctx.as(adminA, { method: 'DELETE', url: `/api/admin/users/${viewerA.id}/permissions/fly_planes` });
    expect(remove.statusCode).toBe(422);
    expect(remove.json().validation_errors).toEqual([{ field: 'permission', message: SERVER_MESSAGES.unknownPermission }]);
  });

  it('lets a user read their own permissions without user:read, but not anyone else’s', async () => {
    const own = await ctx.as(viewerA, { method: 'GET', url: `/api/admin/users/${viewerA.id}/permissions` });
    expect(own.statusCode).toBe(200);
    expect(own.json().success).toBe(true);
    expect((await ctx.as(viewerA, { method: 'GET', url: `/api/admin/users/${adminA.id}/permissions` })).statusCode).toBe(403);
    expect(
      (await ctx.as(viewerA, { method: 'POST', url: `/api/admin/users/${viewerA.id}/permissions`, payload: { permission: 'manage_users' } })).statusCode,
    ).toBe(403);
  });

  it('does not let a user manager grant what they do not hold', async () => {
    const target = await ctx.createUser('viewer', orgA.id);
    const res = await ctx.as(userManagerA, {
      method: 'POST',
      url: `/api/admin/users/${target.id}/permissions`,
      payload: { permission: 'manage_organizations' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(SERVER_MESSAGES.permissionNotGrantable);
    const ok = await ctx.as(userManagerA, { method: 'POST', url: `/api/admin/users/${target.id}/permissions`, payload: { permission: 'manage_tools' } });
    expect(ok.statusCode).toBe(200);
  });
});

describe('organization boundaries', () => {
  let userB: TestUser;
  beforeAll(async () => {
    userB = await ctx.createUser('viewer', orgB.id, { permissions: ['manage_tools'] });
  });

  it('answers 404 to an admin of another organization on every /:id route, and changes nothing', async () => {
    const before = (await ctx.db.query('select * from users where id = $1', [userB.id])).rows[0];
    const base = `/api/admin/users/${userB.id}`;
    const calls = [
      { method: 'GET', url: base },
      { method: 'PUT', url: base, payload: { first_name: 'Hacked' } },
      { method: 'DELETE', url: base },
      { method: 'PUT', url: `${base}/password`, payload: { new_password: 'Hacked-Pass-1' } },
      { method: 'POST', url: `${base}/unlock` },
      { method: 'GET', url: `${base}/permissions` },
      { method: 'POST', url: `${base}/permissions`, payload: { permission: 'manage_workflows' } },
      { method: 'DELETE', url: `${base}/permissions/manage_tools` },
    ] as const;
    for (const call of calls) {
      const res = await ctx.as(adminA, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json().detail).toMatch(/not found/);
    }
    const after = (await ctx.db.query('select * from users where id = $1', [userB.id])).rows[0];
    expect(after).toEqual(before);
    expect((await login(userB.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('never lists users of another organization, whatever the filters', async () => {
    for (const query of ['?limit=200', `?organization_id=${orgB.id}`, `?q=${encodeURIComponent(userB.email)}`]) {
      const res = await ctx.as(adminA, { method: 'GET', url: `/api/admin/users${query}` });
      expect(res.statusCode).toBe(200);
      expect(
        res.json().items.every((u: { organization_id: string }) => u.organization_id === orgA.id),
        query,
      ).toBe(true);
    }
    expect((await ctx.as(adminA, { method: 'GET', url: `/api/admin/users?organization_id=${orgB.id}` })).json().total).toBe(0);
  });

  it('refuses X-Organization-Id of another organization for a non-super admin', async () => {
    const res = await ctx.as(adminA, { method: 'GET', url: '/api/admin/users', headers: { 'x-organization-id': orgB.id } });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(SERVER_MESSAGES.otherOrganization);
    const own = await ctx.as(adminA, { method: 'GET', url: '/api/admin/users', headers: { 'x-organization-id': orgA.id } });
    expect(own.statusCode).toBe(200);
  });

  it('lets a super admin see every organization, and X-Organization-Id scope the list', async () => {
    const all = await ctx.as(superAdmin, { method: 'GET', url: '/api/admin/users?limit=200' });
    const total = (await ctx.db.query<{ n: number }>('select count(*)::int as n from users')).rows[0]!.n;
    expect(all.json().total).toBe(total);
    const orgs = new Set(all.json().items.map((u: { organization_id: string }) => u.organization_id));
    expect(orgs.has(orgA.id) && orgs.has(orgB.id)).toBe(true);

    const scoped = await ctx.as(superAdmin, { method: 'GET', url: '/api/admin/users?limit=200', headers: { 'x-organization-id': orgB.id } });
    const inB = (await ctx.db.query<{ n: number }>('select count(*)::int as n from users where organization_id = $1', [orgB.id])).rows[0]!.n;
    expect(scoped.json().total).toBe(inB);
    expect(scoped.json().items.every((u: { organization_id: string }) => u.organization_id === orgB.id)).toBe(true);
    expect(scoped.json().items.map((u: { id: string }) => u.id)).toContain(userB.id);

    expect((await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/users/${userB.id}` })).statusCode).toBe(200);
    expect((await ctx.as(adminB, { method: 'GET', url: `/api/admin/users/${userB.id}` })).statusCode).toBe(200);
  });
});

describe('the last active super administrator', () => {
  it('survives two super admins deleting each other at the same moment', async () => {
    const a = await ctx.createUser('super_admin', hq.id);
    const b = await ctx.createUser('super_admin', hq.id);
    await ctx.headers(a);
    await ctx.headers(b);
    // Only a and b are active super admins during this test.
    await ctx.db.query("update users set is_active = false where role = 'super_admin' and id <> all($1::uuid[])", [[a.id, b.id]]);
    try {
      const [ab, ba] = await Promise.all([
        ctx.as(a, { method: 'DELETE', url: `/api/admin/users/${b.id}` }),
        ctx.as(b, { method: 'DELETE', url: `/api/admin/users/${a.id}` }),
      ]);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      // One wins; the other is refused as the last super admin (409), or finds itself deleted (401).
      expect([
        [200, 409],
        [200, 401],
      ]).toContainEqual(statuses);
      const loser = ab.statusCode === 200 ? ba : ab;
      if (loser.statusCode === 409) expect(loser.json().detail).toBe(SERVER_MESSAGES.cannotRemoveLastSuperAdmin);
      const left = await ctx.db.query<{ n: number }>("select count(*)::int as n from users where role = 'super_admin' and is_active");
      expect(left.rows[0]!.n).toBe(1);
    } finally {
      await ctx.db.query("update users set is_active = true where role = 'super_admin'");
    }
  });

  it('survives two super admins demoting each other at the same moment', async () => {
    const a = await ctx.createUser('super_admin', hq.id);
    const b = await ctx.createUser('super_admin', hq.id);
    await ctx.headers(a);
    await ctx.headers(b);
    await ctx.db.query("update users set is_active = false where role = 'super_admin' and id <> all($1::uuid[])", [[a.id, b.id]]);
    try {
      const [ab, ba] = await Promise.all([
        ctx.as(a, { method: 'PUT', url: `/api/admin/users/${b.id}`, payload: { role: 'admin' } }),
        ctx.as(b, { method: 'PUT', url: `/api/admin/users/${a.id}`, payload: { role: 'admin' } }),
      ]);
      const statuses = [ab.statusCode, ba.statusCode].sort();
      // The loser is refused as the last super admin (409), or has already lost the right to act (403).
      expect([
        [200, 409],
        [200, 403],
      ]).toContainEqual(statuses);
      const left = await ctx.db.query<{ n: number }>("select count(*)::int as n from users where role = 'super_admin' and is_active");
      expect(left.rows[0]!.n).toBe(1);
    } finally {
      await ctx.db.query("update users set is_active = true where role = 'super_admin'");
    }
  });
});
