import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { LIST_COUNT_CAP } from '../../db/capped-count.ts';

describe('user list totals stop counting at the cap', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    const org = await ctx.createOrg();
    admin = await ctx.createUser('super_admin', org.id);
    await ctx.db.query(
      `insert into users (organization_id, email, first_name, last_name, role, password_hash)
       select $1, 'bulk' || g || '@count.example', 'Bulk', 'User ' || g, case when g % 100 = 0 then 'manager' else 'viewer' end, 'x'
         from generate_series(1, $2::int) g`,
      [org.id, LIST_COUNT_CAP + 50],
    );
  });
  afterAll(() => ctx.close());

  it('reports a capped, inexact total past the cap', async () => {
    const res = await ctx.as(admin, { method: 'GET', url: '/api/admin/users?limit=25' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    expect(res.json().items).toHaveLength(25);
  });

  it('reports an exact total when the matches fit under the cap', async () => {
    const res = await ctx.as(admin, { method: 'GET', url: '/api/admin/users?role=manager' });
    expect(res.json()).toMatchObject({ total: Math.floor((LIST_COUNT_CAP + 50) / 100), total_exact: true });
  });

  it('still pages past the counted rows', async () => {
    const res = await ctx.as(admin, { method: 'GET', url: `/api/admin/users?limit=25&offset=${LIST_COUNT_CAP + 25}` });
    expect(res.json().items).toHaveLength(25);
  });
});

describe("an organization's users total, kept by the database", () => {
  let ctx: TestContext;
  let superAdmin: TestUser;
  let orgA: { id: string };
  let orgB: { id: string };
  let adminA: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    orgA = await ctx.createOrg('Kept A');
    orgB = await ctx.createOrg('Kept B');
    superAdmin = await ctx.createUser('super_admin', orgB.id);
    adminA = await ctx.createUser('admin', orgA.id);
  });
  afterAll(() => ctx.close());

  const totals = async () => {
    const asAdmin = (await ctx.as(adminA, { method: 'GET', url: '/api/admin/users?limit=1' })).json();
    const chosen = (await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/users?limit=1&organization_id=${orgB.id}` })).json();
    return { a: [asAdmin.total, asAdmin.total_exact], b: [chosen.total, chosen.total_exact] };
  };
  /** What the kept rows say against a count of the table itself. */
  const keptMatchesTable = async () => {
    const res = await ctx.db.query<{ wrong: number }>(
      `select count(*)::int as wrong from organizations o
         left join organization_user_counts c on c.organization_id = o.id
        where c.users is distinct from (select count(*) from users u where u.organization_id = o.id)`,
    );
    expect(res.rows[0]!.wrong).toBe(0);
  };

  it('is exact past the cap, and follows every insert, move and delete, one by one or in bulk', async () => {
    expect(await totals()).toEqual({ a: [1, true], b: [1, true] });
    // In bulk, past the cap.
    await ctx.db.query(
      `insert into users (organization_id, email, first_name, last_name, role, password_hash)
       select case when g % 2 = 0 then $1::uuid else $2::uuid end, 'kept' || g || '@count.example', 'Kept', 'User', 'viewer', 'x'
         from generate_series(1, $3::int) g`,
      [orgA.id, orgB.id, 2 * LIST_COUNT_CAP + 10],
    );
    expect(await totals()).toEqual({ a: [LIST_COUNT_CAP + 6, true], b: [LIST_COUNT_CAP + 6, true] });
    // A page past the end still has the total; the last page has the rest.
    const past = (await ctx.as(adminA, { method: 'GET', url: `/api/admin/users?limit=10&offset=${LIST_COUNT_CAP + 10}` })).json();
    expect(past).toMatchObject({ items: [], total: LIST_COUNT_CAP + 6, total_exact: true });
    const last = (await ctx.as(adminA, { method: 'GET', url: `/api/admin/users?limit=10&offset=${LIST_COUNT_CAP}` })).json();
    expect(last.items).toHaveLength(6);
    // Through the API: a creation, a move to the other organization, a deletion.
    const created = await ctx.as(superAdmin, {
      method: 'POST',
      url: '/api/admin/users',
      payload: {
        email: 'kept.api@count.example',
        first_name: 'Kept',
        last_name: 'Api',
        role: 'viewer',
        organization_id: orgA.id,
        password: 'Kept-Password-42',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await totals()).a).toEqual([LIST_COUNT_CAP + 7, true]);
    const moved = await ctx.as(superAdmin, { method: 'PUT', url: `/api/admin/users/${created.json().id}`, payload: { organization_id: orgB.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await totals()).toEqual({ a: [LIST_COUNT_CAP + 6, true], b: [LIST_COUNT_CAP + 7, true] });
    expect((await ctx.as(superAdmin, { method: 'DELETE', url: `/api/admin/users/${created.json().id}` })).statusCode).toBe(200);
    expect((await totals()).b).toEqual([LIST_COUNT_CAP + 6, true]);
    await ctx.db.query(`delete from users where email like 'kept%@count.example' and organization_id = $1`, [orgB.id]);
    expect((await totals()).b).toEqual([1, true]);
    await keptMatchesTable();
    // A filter still counts the matches themselves, up to the cap.
    const filtered = (await ctx.as(adminA, { method: 'GET', url: '/api/admin/users?limit=1&role=viewer' })).json();
    expect(filtered).toMatchObject({ total: LIST_COUNT_CAP, total_exact: false });
    // Two organizations that differ (a super admin's chosen one and another as the filter) hold nobody.
    const none = await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/users?organization_id=${orgA.id}`, headers: { 'x-organization-id': orgB.id } });
    expect(none.json()).toMatchObject({ items: [], total: 0, total_exact: true });
  });

  it('starts at zero for a new organization', async () => {
    const fresh = await ctx.createOrg('Kept C');
    const row = (await ctx.db.query<{ users: unknown }>(`select users from organization_user_counts where organization_id = $1`, [fresh.id])).rows;
    expect(row.map((r) => Number(r.users))).toEqual([0]);
    await keptMatchesTable();
  });
});
