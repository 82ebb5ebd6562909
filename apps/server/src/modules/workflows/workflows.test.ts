import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestTemplate, createTestWorkflow, insertApplication, sampleGraph } from '../../test/workflows.factory.ts';

let ctx: TestContext;
let orgA: { id: string };
let orgB: { id: string };
let manager: TestUser;
let viewer: TestUser;
let managerB: TestUser;
let superAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  orgA = await ctx.createOrg();
  orgB = await ctx.createOrg();
  manager = await ctx.createUser('manager', orgA.id);
  viewer = await ctx.createUser('viewer', orgA.id);
  managerB = await ctx.createUser('manager', orgB.id);
  superAdmin = await ctx.createUser('super_admin', orgA.id);
});
afterAll(() => ctx?.close());

const list = async (user: TestUser, query = '', headers: Record<string, string> = {}) => {
  const res = await ctx.as(user, { method: 'GET', url: `/api/admin/workflows?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { id: string; name: string; status: string; organization_id: string; step_count: number; application_count: number }[];
    total: number;
    limit: number;
    offset: number;
  };
};

describe('GET /api/admin/workflows', () => {
  let listUser: TestUser;

  beforeAll(async () => {
    const org = await ctx.createOrg();
    listUser = await ctx.createUser('viewer', org.id);
    const ids: Record<string, string> = {};
    for (const [name, status, category] of [
      ['Alpha onboarding', 'active', 'kyc'],
      ['beta lending', 'draft', 'lending'],
      ['Gamma archive', 'draft', 'kyc'],
    ] as const) {
      ids[name] = (await createTestWorkflow(ctx.db, org.id, { name, status: status === 'active' ? 'active' : 'draft', category })).id;
    }
    await ctx.db.query("update workflows set status = 'archived' where id = $1", [ids['Gamma archive']]);
    await insertApplication(ctx.db, { id: ids['Alpha onboarding']!, organizationId: org.id });
  });

  it('paginates with totals and counts steps and applications', async () => {
    const page = await list(listUser, 'limit=2&offset=0&sort=name');
    expect(page).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page.items.map((w) => w.name)).toEqual(['Alpha onboarding', 'beta lending']);
    expect(page.items[0]).toMatchObject({ step_count: 5, application_count: 1 });
    expect((await list(listUser, 'limit=2&offset=2&sort=name')).items.map((w) => w.name)).toEqual(['Gamma archive']);
  });

  it('searches names and descriptions, filters by status and category', async () => {
    expect((await list(listUser, 'q=LENDING')).items.map((w) => w.name)).toEqual(['beta lending']);
    expect((await list(listUser, 'q=test workflow')).total).toBe(3);
    expect((await list(listUser, 'q=100%25')).total).toBe(0);
    expect((await list(listUser, 'status=active')).items.map((w) => w.name)).toEqual(['Alpha onboarding']);
    expect((await list(listUser, 'category=KYC&sort=-name')).items.map((w) => w.name)).toEqual(['Gamma archive', 'Alpha onboarding']);
  });

  it('sorts by status in lifecycle order and by dates', async () => {
    expect((await list(listUser, 'sort=status')).items.map((w) => w.status)).toEqual(['draft', 'active', 'archived']);
    expect((await list(listUser, 'sort=-status')).items.map((w) => w.status)).toEqual(['archived', 'active', 'draft']);
    expect((await list(listUser, 'sort=created_at')).items.map((w) => w.name)).toEqual(['Alpha onboarding', 'beta lending', 'Gamma archive']);
    expect((await list(listUser, 'sort=-updated_at')).items[0]!.name).toBe('Gamma archive');
  });

  it('refuses an unknown sort with 422', async () => {
    const res = await ctx.as(listUser, { method: 'GET', url: '/api/admin/workflows?sort=secret' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([expect.objectContaining({ field: 'sort' })]);
  });

  it("never shows another organization's workflows, except to a super admin", async () => {
    const inB = await createTestWorkflow(ctx.db, orgB.id, { name: 'Only in B' });
    expect((await list(manager, 'q=Only in B')).total).toBe(0);
    expect((await list(manager, `organization_id=${orgB.id}`)).total).toBe(0);
    expect((await list(managerB, 'q=Only in B')).items.map((w) => w.id)).toEqual([inB.id]);
    expect((await list(superAdmin, 'q=Only in B')).items.map((w) => w.id)).toEqual([inB.id]);
    expect((await list(superAdmin, 'q=Only in B', { 'x-organization-id': orgA.id })).total).toBe(0);
    expect((await list(superAdmin, 'q=Only in B', { 'x-organization-id': orgB.id })).total).toBe(1);
  });
});

describe('POST /api/admin/workflows', () => {
  it('creates a blank draft at version 1, Start connected to End as in the Visual Builder, with a first version snapshot', async () => {
    const res = await ctx.as(manager, { method: 'POST', url: '/api/admin/workflows/', payload: { name: '  Blank  ', description: 'Nothing yet' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Blank',
      description: 'Nothing yet',
      category: 'general',
      status: 'draft',
      version: 1,
      organization_id: orgA.id,
      created_by: manager.id,
    });
    const { steps, connections } = res.json() as {
      steps: { id: string; type: string; name: string }[];
      connections: { source: string; target: string; condition: string | null }[];
    };
    expect(steps.map((s) => [s.type, s.name])).toEqual([
      ['start', 'Start'],
      ['end', 'End'],
    ]);
    expect(connections).toMatchObject([{ source: steps[0]!.id, target: steps[1]!.id, condition: null }]);
    // Nothing stands between it and activation.
    const activated = await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${res.json().id}`, payload: { status: 'active' } });
    expect(activated.statusCode, activated.body).toBe(200);
    const versions = await ctx.db.query('select version, note from workflow_versions where workflow_id = $1', [res.json().id]);
    expect(versions.rows).toEqual([{ version: 1, note: 'Created' }]);
    const audit = await ctx.db.query("select actor_id from audit_logs where action = 'workflow.create' and target_id = $1", [res.json().id]);
    expect(audit.rows).toEqual([{ actor_id: manager.id }]);
  });

  it('creates from a template: its graph deep-copied with new ids, its details as defaults', async () => {
    const template = await createTestTemplate(ctx.db, orgA.id, { name: 'Mine' });
    const res = await ctx.as(manager, { method: 'POST', url: '/api/admin/workflows', payload: { name: 'From mine', template_id: template.id } });
    expect(res.statusCode, res.body).toBe(201);
    const wf = res.json();
    expect(wf).toMatchObject({ category: 'testing', description: 'A test template', step_count: 5 });
    const templateIds = new Set(template.graph.steps.map((s) => s.id));
    expect(wf.steps.some((s: { id: string }) => templateIds.has(s.id))).toBe(false);
    expect(wf.steps.map((s: { name: string }) => s.name)).toEqual(template.graph.steps.map((s) => s.name));
    expect((await ctx.db.query('select note from workflow_versions where workflow_id = $1', [wf.id])).rows).toEqual([{ note: 'Created from template "Mine"' }]);
  });

  it("refuses another organization's template as not found", async () => {
    const theirs = await createTestTemplate(ctx.db, orgB.id);
    const res = await ctx.as(manager, { method: 'POST', url: '/api/admin/workflows', payload: { name: 'Stolen', template_id: theirs.id } });
    expect(res.statusCode).toBe(404);
  });

  it('acts in the organization a super admin names', async () => {
    const res = await ctx.as(superAdmin, {
      method: 'POST',
      url: '/api/admin/workflows',
      payload: { name: 'For B' },
      headers: { 'x-organization-id': orgB.id },
    });
    expect(res.json().organization_id).toBe(orgB.id);
    const refused = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/workflows',
      payload: { name: 'For B' },
      headers: { 'x-organization-id': orgB.id },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('is refused to a viewer', async () => {
    const res = await ctx.as(viewer, { method: 'POST', url: '/api/admin/workflows', payload: { name: 'Nope' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET, PUT /api/admin/workflows/{id}', () => {
  it('returns the workflow with its steps and connections in the graph document shape', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id, { graph: sampleGraph() });
    const res = await ctx.as(viewer, { method: 'GET', url: `/api/admin/workflows/${wf.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.steps.map((s: { id: string }) => s.id)).toEqual(Object.values(wf.steps));
    expect(body.steps[1]).toEqual({
      id: wf.steps.details,
      type: 'form',
      name: 'details',
      config: expect.objectContaining({ title: 'Details' }),
      position: { x: 280, y: 0 },
    });
    expect(body.connections[2]).toEqual({ id: wf.connections[2], source: wf.steps.review, target: wf.steps.ok, condition: 'approved', label: null });
  });

  it('updates only the details sent', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id, { category: 'kyc' });
    const res = await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${wf.id}`, payload: { description: 'Now described' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: 'Now described', category: 'kyc', version: 1, updated_by: manager.id });
  });

  it("answers 404 for another organization's workflow, to read or change it", async () => {
    const theirs = await createTestWorkflow(ctx.db, orgB.id);
    const auditBefore = (await ctx.db.query<{ n: number }>('select count(*)::int as n from audit_logs')).rows[0]!.n;
    const calls = [
      { method: 'GET', url: `/api/admin/workflows/${theirs.id}` },
      { method: 'PUT', url: `/api/admin/workflows/${theirs.id}`, payload: { name: 'Hijacked' } },
      { method: 'DELETE', url: `/api/admin/workflows/${theirs.id}` },
      { method: 'PUT', url: `/api/admin/workflows/${theirs.id}/complete`, payload: { graph: sampleGraph() } },
      { method: 'POST', url: `/api/admin/workflows/${theirs.id}/duplicate`, payload: {} },
      { method: 'POST', url: `/api/admin/workflows/${theirs.id}/validate` },
      { method: 'GET', url: `/api/admin/workflows/${theirs.id}/analytics` },
      { method: 'GET', url: `/api/admin/workflows/${theirs.id}/versions` },
      { method: 'GET', url: `/api/admin/workflows/${theirs.id}/versions/1` },
      { method: 'POST', url: `/api/admin/workflows/${theirs.id}/versions/1/restore` },
      { method: 'GET', url: `/api/admin/steps/workflow/${theirs.id}` },
      { method: 'GET', url: `/api/admin/steps/workflow/${theirs.id}/connections` },
    ] as const;
    for (const call of calls) {
      const res = await ctx.as(manager, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json().detail).toBe('Workflow not found');
    }
    expect((await ctx.db.query<{ n: number }>('select count(*)::int as n from audit_logs')).rows[0]!.n).toBe(auditBefore);
    expect((await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/workflows/${theirs.id}` })).statusCode).toBe(200);
  });
});

describe('DELETE /api/admin/workflows/{id}', () => {
  it('deletes a workflow without applications, with its graph and versions', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    const res = await ctx.as(manager, { method: 'DELETE', url: `/api/admin/workflows/${wf.id}` });
    expect(res.statusCode).toBe(200);
    for (const table of ['workflows', 'steps', 'step_connections', 'workflow_versions']) {
      const column = table === 'workflows' ? 'id' : 'workflow_id';
      expect((await ctx.db.query(`select 1 from ${table} where ${column} = $1`, [wf.id])).rows, table).toEqual([]);
    }
  });

  it('refuses (409) while applications exist on it, finished or not, and suggests archiving', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id, { status: 'active' });
    const app = await insertApplication(ctx.db, wf, { status: 'approved', completedAgo: '1 hour', createdAgo: '1 day' });
    const res = await ctx.as(manager, { method: 'DELETE', url: `/api/admin/workflows/${wf.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/1 application \(0 still open\).*archive/);
    expect((await ctx.db.query('select 1 from workflows where id = $1', [wf.id])).rows).toHaveLength(1);
    expect((await ctx.db.query('select 1 from applications where id = $1', [app])).rows).toHaveLength(1);
    const archived = await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${wf.id}`, payload: { status: 'archived' } });
    expect(archived.statusCode).toBe(200);
  });
});
