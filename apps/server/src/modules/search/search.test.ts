import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';

interface Result {
  type: string;
  id: string;
  title: string;
  subtitle: string;
  url: string;
}
interface SearchBody {
  q: string;
  results: Result[];
  totals: Record<string, number>;
}

let ctx: TestContext;
let hq: { id: string; name: string };
let alpha: { id: string; name: string };
let bravo: { id: string; name: string };
let superAdmin: TestUser;
let adminA: TestUser;
let viewerA: TestUser;
let danaA: TestUser;
let danB: TestUser;

async function search(user: TestUser, query: string, headers: Record<string, string> = {}) {
  const res = await ctx.as(user, { method: 'GET', url: `/api/admin/search?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchBody;
}
const ofType = (body: SearchBody, type: string) => body.results.filter((r) => r.type === type);
const ids = (results: Result[]) => results.map((r) => r.id);

beforeAll(async () => {
  ctx = await createTestContext();
  hq = await ctx.createOrg('Search Headquarters');
  alpha = await ctx.createOrg('Alpha Search Org');
  bravo = await ctx.createOrg('Bravo Search Org');
  superAdmin = await ctx.createUser('super_admin', hq.id, { email: 'root@search.example' });
  adminA = await ctx.createUser('admin', alpha.id, { email: 'boss@alpha.example' });
  viewerA = await ctx.createUser('viewer', alpha.id, { email: 'watcher@alpha.example' });
  danaA = await ctx.createUser('operator', alpha.id, { email: 'dana.ops@alpha.example' });
  danB = await ctx.createUser('manager', bravo.id, { email: 'dan.manager@bravo.example' });
  await ctx.db.query("update users set first_name = 'Dana', last_name = 'Okafor' where id = $1", [danaA.id]);
  await ctx.db.query("update users set first_name = 'Dan', last_name = 'Brooks' where id = $1", [danB.id]);
});
afterAll(() => ctx.close());

describe('search: what each caller may see', () => {
  it('finds users and organizations case-insensitively for a super admin, across every organization', async () => {
    const body = await search(superAdmin, 'q=DAN');
    expect(body.q).toBe('DAN');
    expect(ids(ofType(body, 'user')).sort()).toEqual([danaA.id, danB.id].sort());
    expect(body.totals).toEqual({ user: 2, organization: 0 });

    const orgs = await search(superAdmin, 'q=search%20org');
    expect(ofType(orgs, 'organization').map((r) => r.title)).toEqual(['Alpha Search Org', 'Bravo Search Org']);
    expect(orgs.totals.organization).toBe(2);
  });

  it('describes each result and links it to its portal page', async () => {
    const body = await search(superAdmin, 'q=dana.ops');
    expect(ofType(body, 'user')).toEqual([
      {
        type: 'user',
        id: danaA.id,
        title: 'Dana Okafor',
        subtitle: 'dana.ops@alpha.example · Operator · Alpha Search Org',
        url: '/users?q=dana.ops%40alpha.example',
      },
    ]);
    const org = await search(superAdmin, 'q=bravo');
    expect(ofType(org, 'organization')).toEqual([
      {
        type: 'organization',
        id: bravo.id,
        title: 'Bravo Search Org',
        subtitle: 'bravo-search-org · 1 user · Active',
        url: '/settings/organizations?q=Bravo%20Search%20Org',
      },
    ]);
  });

  it('matches full names and slugs', async () => {
    expect(ids(ofType(await search(superAdmin, 'q=dana%20oka'), 'user'))).toEqual([danaA.id]);
    expect(ids(ofType(await search(superAdmin, 'q=alpha-search'), 'organization'))).toEqual([alpha.id]);
  });

  it('scopes a super admin’s user results to the organization named by X-Organization-Id, and keeps every organization', async () => {
    const inBravo = await search(superAdmin, 'q=dan', { 'x-organization-id': bravo.id });
    expect(ids(ofType(inBravo, 'user'))).toEqual([danB.id]);
    expect(inBravo.totals.user).toBe(1);
    const orgs = await search(superAdmin, 'q=search%20org', { 'x-organization-id': bravo.id });
    expect(ofType(orgs, 'organization')).toHaveLength(2);
  });

  it('keeps an organization admin to their own organization’s users, and their own organization linked to the dashboard', async () => {
    const users = await search(adminA, 'q=dan');
    expect(ids(ofType(users, 'user'))).toEqual([danaA.id]);
    expect(users.totals.user).toBe(1);

    const orgs = await search(adminA, 'q=search');
    expect(ofType(orgs, 'organization')).toEqual([expect.objectContaining({ id: alpha.id, url: '/dashboard' })]);
    expect(orgs.totals.organization).toBe(1);
    expect(ofType(await search(adminA, 'q=bravo'), 'organization')).toEqual([]);
  });

  it('refuses another organization through X-Organization-Id for everyone but a super admin', async () => {
    const res = await ctx.as(adminA, { method: 'GET', url: '/api/admin/search?q=dan', headers: { 'x-organization-id': bravo.id } });
    expect(res.statusCode).toBe(403);
  });

  it('gives no user results, and no user count, without user:read', async () => {
    const body = await search(viewerA, 'q=alpha');
    expect(ofType(body, 'user')).toEqual([]);
    expect(body.totals).toEqual({ organization: 1 });
    expect(ofType(body, 'organization').map((r) => r.id)).toEqual([alpha.id]);
    // Even when asked for users only.
    expect(await search(viewerA, 'q=dana&types=user')).toEqual({ q: 'dana', results: [], totals: {} });
  });

  it('finds a user by exact email first', async () => {
    await ctx.createUser('viewer', alpha.id, { email: 'aaa.dana.ops@alpha.example' });
    const body = await search(adminA, 'q=dana.ops@alpha.example');
    expect(ofType(body, 'user')[0]!.id).toBe(danaA.id);
  });
});

describe('search: query options', () => {
  it('caps results per type with limit while totals count every match', async () => {
    const body = await search(superAdmin, 'q=search&limit=1');
    expect(ofType(body, 'organization')).toHaveLength(1);
    expect(body.totals.organization).toBe(3);
  });

  it('searches only the types asked for', async () => {
    const body = await search(superAdmin, 'q=alpha&types=organization');
    expect(body.results.every((r) => r.type === 'organization')).toBe(true);
    expect(Object.keys(body.totals)).toEqual(['organization']);
    // Kinds without a searcher yet answer nothing rather than an error.
    expect(await search(superAdmin, 'q=alpha&types=workflow,tool')).toEqual({ q: 'alpha', results: [], totals: {} });
  });

  it('treats % and _ as plain characters', async () => {
    const percent = await ctx.createOrg('Growth 100% Club');
    const underscore = await ctx.createOrg('snake_case Org');
    await ctx.createOrg('snakeXcase Org');
    const pct = await search(superAdmin, 'q=%25');
    expect(ids(ofType(pct, 'organization'))).toEqual([percent.id]);
    expect(ofType(pct, 'user')).toEqual([]);
    expect(ids(ofType(await search(superAdmin, 'q=snake_case'), 'organization'))).toEqual([underscore.id]);
    const under = await search(superAdmin, 'q=_');
    expect(ids(ofType(under, 'organization'))).toEqual([underscore.id]);
    // The factory's users are named after their role: only `super_admin` has an underscore.
    expect(ofType(under, 'user').map((r) => r.title)).toEqual(['Test super_admin']);
    const backslash = await search(superAdmin, 'q=%5C');
    expect(backslash.results).toEqual([]);
  });

  it('refuses an empty query, an unknown type and an out-of-range limit with 422', async () => {
    for (const query of ['', 'q=', 'q=%20%20', 'q=a&types=robots', 'q=a&limit=0', 'q=a&limit=51', `q=${'x'.repeat(201)}`]) {
      const res = await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/search?${query}` });
      expect(res.statusCode, query).toBe(422);
      expect(res.json().validation_errors?.length, query).toBeGreaterThan(0);
    }
    const res = await ctx.as(superAdmin, { method: 'GET', url: '/api/admin/search?q=%20' });
    expect(res.json().validation_errors).toEqual([{ field: 'q', message: 'Enter something to search for' }]);
  });

  it('needs a signed-in caller', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/search?q=alpha' });
    expect(res.statusCode).toBe(401);
  });
});
