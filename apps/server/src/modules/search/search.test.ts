import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestTool } from '../../test/tools.factory.ts';
import { createTestWorkflow, insertApplication } from '../../test/workflows.factory.ts';

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
  capped: string[];
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
    expect(body.totals).toEqual({ application: 0, workflow: 0, tool: 0, user: 2, organization: 0 });
    expect(body.capped).toEqual([]);

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
    expect(body.totals).toEqual({ application: 0, workflow: 0, organization: 1 });
    expect(ofType(body, 'organization').map((r) => r.id)).toEqual([alpha.id]);
    // Even when asked for users only.
    expect(await search(viewerA, 'q=dana&types=user')).toEqual({ q: 'dana', results: [], totals: {}, capped: [] });
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
    expect(Object.keys((await search(superAdmin, 'q=alpha&types=workflow,tool')).totals)).toEqual(['workflow', 'tool']);
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
    expect(ofType(under, 'tool')).toEqual([]);
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

describe('search: workflows, tools and applications', () => {
  let kycA: { id: string };
  let kycB: { id: string };
  let toolA: { id: string };
  let radia: string;
  let refCase: string;
  let otherOrgCase: string;

  beforeAll(async () => {
    kycA = await createTestWorkflow(ctx.db, alpha.id, { name: 'Individual KYC', category: 'kyc', status: 'active' });
    kycB = await createTestWorkflow(ctx.db, bravo.id, { name: 'Individual KYC', category: 'kyc' });
    await createTestWorkflow(ctx.db, alpha.id, { name: 'Business onboarding', category: 'kyb' });
    toolA = await createTestTool(ctx.db, alpha.id, { name: 'sanctions_screening', status: 'approved', description: 'Checks names against sanctions lists' });
    await createTestTool(ctx.db, bravo.id, { name: 'sanctions_screening_b', status: 'draft' });
    const workflow = { id: kycA.id, organizationId: alpha.id };
    radia = await insertApplication(ctx.db, workflow, { status: 'waiting', createdAgo: '1 hour' });
    refCase = await insertApplication(ctx.db, workflow, { status: 'completed', createdAgo: '2 hours' });
    otherOrgCase = await insertApplication(ctx.db, { id: kycB.id, organizationId: bravo.id }, { status: 'pending' });
    await ctx.db.query(
      "update applications set applicant_name = 'Radia Lamarr', applicant_email = 'radia@applicant.example', waiting_for = 'approval' where id = $1",
      [radia],
    );
    await ctx.db.query(
      "update applications set applicant_name = 'Ada Byron', applicant_email = 'ada@applicant.example', external_ref = 'CRM-77120' where id = $1",
      [refCase],
    );
    await ctx.db.query("update applications set applicant_name = 'Radia Other', applicant_email = 'radia@bravo.example' where id = $1", [otherOrgCase]);
  });

  it('finds a workflow by name, opening the builder for whoever may edit it and the list for whoever may only read it', async () => {
    const asAdmin = ofType(await search(adminA, 'q=individual%20kyc'), 'workflow');
    expect(asAdmin).toEqual([
      { type: 'workflow', id: kycA.id, title: 'Individual KYC', subtitle: 'kyc · Active · v1', url: `/workflows/builder?id=${kycA.id}` },
    ]);
    const asViewer = ofType(await search(viewerA, 'q=individual%20kyc'), 'workflow');
    expect(asViewer).toEqual([expect.objectContaining({ id: kycA.id, url: '/workflows?q=Individual%20KYC' })]);
    // Every organization's for a super admin without X-Organization-Id, with the organization named.
    const all = ofType(await search(superAdmin, 'q=individual%20kyc'), 'workflow');
    expect(ids(all).sort()).toEqual([kycA.id, kycB.id].sort());
    expect(all.map((r) => r.subtitle)).toContain('kyc · Draft · v1 · Bravo Search Org');
    expect(ids(ofType(await search(superAdmin, 'q=individual%20kyc', { 'x-organization-id': bravo.id }), 'workflow'))).toEqual([kycB.id]);
  });

  it('finds a tool by name or description, within the caller’s organization, opening its details', async () => {
    expect(ofType(await search(adminA, 'q=sanctions'), 'tool')).toEqual([
      { type: 'tool', id: toolA.id, title: 'sanctions_screening', subtitle: 'Transform · Approved', url: `/tools?tool=${toolA.id}` },
    ]);
    expect(ids(ofType(await search(adminA, 'q=against%20sanctions'), 'tool'))).toEqual([toolA.id]);
    expect(ofType(await search(superAdmin, 'q=sanctions'), 'tool')).toHaveLength(2);
  });

  it('finds an application by the applicant’s name, e-mail, external reference and id, opening the case drawer', async () => {
    const byName = ofType(await search(adminA, 'q=radia%20lamarr'), 'application');
    expect(byName).toEqual([
      {
        type: 'application',
        id: radia,
        title: 'Radia Lamarr',
        subtitle: expect.stringMatching(/^radia@applicant\.example · Individual KYC · waiting for review/),
        url: `/applications?case=${radia}`,
      },
    ]);
    expect(ids(ofType(await search(adminA, 'q=ada@applicant.example'), 'application'))).toEqual([refCase]);
    const byRef = ofType(await search(viewerA, 'q=crm-77120'), 'application');
    expect(byRef).toEqual([
      expect.objectContaining({ id: refCase, title: 'Ada Byron', subtitle: 'ada@applicant.example · CRM-77120 · Individual KYC · Completed' }),
    ]);
    expect(ids(ofType(await search(viewerA, `q=${refCase.toUpperCase()}`), 'application'))).toEqual([refCase]);
  });

  it('keeps applications to the caller’s organization, by text and by id', async () => {
    const body = await search(adminA, 'q=radia');
    expect(ids(ofType(body, 'application'))).toEqual([radia]);
    expect(body.totals.application).toBe(1);
    expect(ofType(await search(adminA, `q=${otherOrgCase}`), 'application')).toEqual([]);
    expect((await search(adminA, `q=${otherOrgCase}`)).totals.application).toBe(0);
    expect(ids(ofType(await search(superAdmin, 'q=radia'), 'application')).sort()).toEqual([radia, otherOrgCase].sort());
    expect(ofType(await search(superAdmin, `q=${otherOrgCase}`, { 'x-organization-id': alpha.id }), 'application')).toEqual([]);
  });

  it('searches no kind the caller may not read: a viewer reads no tools and no users', async () => {
    const body = await search(viewerA, 'q=sanctions');
    expect(Object.keys(body.totals)).toEqual(['application', 'workflow', 'organization']);
    expect(ofType(body, 'tool')).toEqual([]);
    expect(await search(viewerA, 'q=sanctions&types=tool')).toEqual({ q: 'sanctions', results: [], totals: {}, capped: [] });
  });
});

describe('search: a kind counted up to its cap', () => {
  it('says "more than" the cap for applications past 1,000 matches, and shows the newest first', async () => {
    const many = await ctx.createOrg('Many Cases Org');
    const workflow = await createTestWorkflow(ctx.db, many.id, { name: 'Bulk intake', status: 'active' });
    await ctx.db.query(
      `insert into applications (organization_id, workflow_id, workflow_version, status, applicant_name, applicant_email, created_at, updated_at)
       select $1, $2, 1, 'completed', 'Capped Person ' || i, 'capped' || i || '@many.example', now() - i * interval '1 minute', now()
         from generate_series(1, 1005) i`,
      [many.id, workflow.id],
    );
    const body = await search(superAdmin, 'q=capped%20person&limit=3', { 'x-organization-id': many.id });
    expect(body.totals.application).toBe(1000);
    expect(body.capped).toEqual(['application']);
    expect(ofType(body, 'application').map((r) => r.title)).toEqual(['Capped Person 1', 'Capped Person 2', 'Capped Person 3']);
  });
});
