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
