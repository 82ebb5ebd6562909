import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLES } from '@admin-portal/contract/roles';
import type { Config } from '../../config.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { firstStart } from './first-start.ts';

let ctx: TestContext;

const config = (overrides: Partial<Config> = {}): Config => ({
  ...ctx.config,
  adminEmail: 'root@first-start.example',
  adminPassword: undefined,
  adminOrgName: 'First Org',
  seedDemo: false,
  ...overrides,
});
const login = (email: string, password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const count = async (table: string) => (await ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// Each test starts from an empty database.
beforeEach(async () => {
  // Audit rows go only through the purge's door (migration 0010's guard).
  await ctx.db.transaction(async (tx) => {
    await tx.query("select set_config('app.audit_purge', 'on', true)");
    await tx.query('delete from audit_logs');
  });
  await ctx.db.query('delete from users');
  await ctx.db.query('delete from organizations');
});

describe('firstStart', () => {
  it('creates the super admin with a generated password that signs in', async () => {
    const result = await firstStart(ctx.db, config());
    expect(result.admin).toMatchObject({ email: 'root@first-start.example', organization: 'First Org', generated: true });
    const password = result.admin!.password!;
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(result.demo).toBeUndefined();

    const users = await ctx.db.query<{ email: string; role: string; organization_id: string; password_hash: string; is_active: boolean }>(
      'select * from users',
    );
    expect(users.rows).toHaveLength(1);
    expect(users.rows[0]).toMatchObject({ email: 'root@first-start.example', role: 'super_admin', is_active: true });
    expect(users.rows[0]!.password_hash).not.toContain(password);
    const orgs = await ctx.db.query<{ id: string; name: string }>('select id, name from organizations');
    expect(orgs.rows).toEqual([{ id: users.rows[0]!.organization_id, name: 'First Org' }]);

    const res = await login('root@first-start.example', password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ role: 'super_admin', organization_name: 'First Org' });
  });

  it('uses the configured password and does not echo it', async () => {
    const result = await firstStart(ctx.db, config({ adminPassword: 'Configured-Pass-1' }));
    expect(result.admin).toMatchObject({ email: 'root@first-start.example', generated: false, password: null });
    expect((await login('root@first-start.example', 'Configured-Pass-1')).statusCode).toBe(200);
  });

  it('seeds two demo organizations with one user of each role that all sign in', async () => {
    const result = await firstStart(ctx.db, config({ seedDemo: true }));
    const demo = result.demo!;
    expect(demo.length).toBeGreaterThan(0);
    const orgs = [...new Set(demo.map((a) => a.organization))];
    expect(orgs).toHaveLength(2);
    expect(await count('organizations')).toBe(3);

    for (const org of orgs) {
      const roles = demo.filter((a) => a.organization === org).map((a) => a.role);
      expect(new Set(roles).size, `${org} has one user per role`).toBe(roles.length);
      expect(roles).not.toContain('super_admin');
    }
    // Between them, the demo organizations show every role but super admin (the first org holds that one).
    expect(new Set(demo.map((a) => a.role))).toEqual(new Set(ROLES.filter((r) => r !== 'super_admin')));
    const first = demo
      .filter((a) => a.organization === orgs[0])
      .map((a) => a.role)
      .sort();
    expect(first).toEqual(ROLES.filter((r) => r !== 'super_admin').sort());

    const rows = await ctx.db.query<{ email: string; role: string; org: string }>(
      'select u.email, u.role, o.name as org from users u join organizations o on o.id = u.organization_id',
    );
    expect(rows.rows).toHaveLength(demo.length + 1);
    for (const account of demo) {
      expect(rows.rows).toContainEqual({ email: account.email, role: account.role, org: account.organization });
    }
    // One shared generated password, and it works.
    expect(new Set(demo.map((a) => a.password)).size).toBe(1);
    for (const account of [demo[0]!, demo[demo.length - 1]!]) {
      expect((await login(account.email, account.password)).statusCode, account.email).toBe(200);
    }
    expect((await login('root@first-start.example', result.admin!.password!)).statusCode).toBe(200);
  });

  it('does nothing on a second call', async () => {
    const first = await firstStart(ctx.db, config({ seedDemo: true }));
    expect(first.admin).toBeDefined();
    const users = await ctx.db.query('select id, email, password_hash from users order by id');
    const orgs = await ctx.db.query('select id, name from organizations order by id');

    const second = await firstStart(ctx.db, config({ seedDemo: true, adminEmail: 'other@first-start.example', adminPassword: 'Other-Pass-123' }));
    expect(second).toEqual({});
    expect((await ctx.db.query('select id, email, password_hash from users order by id')).rows).toEqual(users.rows);
    expect((await ctx.db.query('select id, name from organizations order by id')).rows).toEqual(orgs.rows);
    expect((await login('other@first-start.example', 'Other-Pass-123')).statusCode).toBe(401);
    expect((await login('root@first-start.example', first.admin!.password!)).statusCode).toBe(200);
  });

  it('creates exactly one super admin when two starts race on an empty database', async () => {
    const results = await Promise.all([
      firstStart(ctx.db, config({ adminPassword: 'Racer-Pass-123' })),
      firstStart(ctx.db, config({ adminPassword: 'Racer-Pass-123' })),
    ]);
    expect(results.filter((r) => r.admin)).toHaveLength(1);
    expect(await count('users')).toBe(1);
    expect(await count('organizations')).toBe(1);
  });
});
