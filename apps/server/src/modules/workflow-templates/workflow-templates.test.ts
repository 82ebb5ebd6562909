import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activationProblems, structuralProblems } from '@admin-portal/contract/workflows/graph';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestTemplate, createTestWorkflow, insertTool, sampleGraph } from '../../test/workflows.factory.ts';
import { copyWithNewIds } from '../workflows/graph-ids.ts';
import { requiredTools } from './workflow-templates.presenter.ts';
import { upsertShippedTemplates } from './shipped-templates.ts';
import { SHIPPED_TEMPLATES } from './shipped/index.ts';

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

type TemplateBody = {
  id: string;
  key: string | null;
  name: string;
  is_global: boolean;
  organization_id: string | null;
  required_tools: string[];
  step_count: number;
};

const listAs = async (user: TestUser, query = 'limit=200') => {
  const res = await ctx.as(user, { method: 'GET', url: `/api/admin/workflow-templates?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: TemplateBody[]; total: number };
};

describe('shipped templates', () => {
  it('ships at least six realistic onboarding templates with unique keys', () => {
    expect(SHIPPED_TEMPLATES.length).toBeGreaterThanOrEqual(6);
    expect(new Set(SHIPPED_TEMPLATES.map((t) => t.key)).size).toBe(SHIPPED_TEMPLATES.length);
    expect(SHIPPED_TEMPLATES.map((t) => t.key)).toEqual(
      expect.arrayContaining(['individual-kyc', 'business-kyb', 'credit-application', 'account-opening', 'address-change', 'merchant-onboarding']),
    );
  });

  it.each(SHIPPED_TEMPLATES.map((t) => [t.key, t] as const))('%s is a complete graph that passes activation once its tools exist', (_key, t) => {
    expect(structuralProblems(t.graph)).toEqual([]);
    expect(activationProblems(t.graph, { toolNames: new Set(requiredTools(t.graph)) })).toEqual([]);
    // Laid out for display: no two steps on the same spot.
    const spots = t.graph.steps.map((s) => `${s.position.x},${s.position.y}`);
    expect(new Set(spots).size).toBe(spots.length);
  });

  it('are served to everyone, read-only, with the tools they need', async () => {
    const shipped = (await listAs(viewer, 'scope=global&limit=200')).items;
    expect(shipped.map((t) => t.key).sort()).toEqual(SHIPPED_TEMPLATES.map((t) => t.key).sort());
    expect(shipped.every((t) => t.is_global && t.organization_id === null)).toBe(true);
    expect(shipped.find((t) => t.key === 'business-kyb')!.required_tools).toEqual(['company_registry_lookup']);
    expect(shipped.find((t) => t.key === 'individual-kyc')!.required_tools).toEqual([]);
    const kyc = shipped.find((t) => t.key === 'individual-kyc')!;
    for (const user of [manager, superAdmin]) {
      const put = await ctx.as(user, { method: 'PUT', url: `/api/admin/workflow-templates/${kyc.id}`, payload: { name: 'Mine' } });
      expect(put.statusCode).toBe(403);
      expect(put.json().detail).toMatch(/read-only/);
      expect((await ctx.as(user, { method: 'DELETE', url: `/api/admin/workflow-templates/${kyc.id}` })).statusCode).toBe(403);
    }
  });

  it('are upserted by key: running again changes nothing, a changed one is refreshed, a withdrawn one removed', async () => {
    const snapshot = async () =>
      (await ctx.db.query('select id, key, name, graph, updated_at from workflow_templates where organization_id is null order by key')).rows;
    const before = await snapshot();
    await upsertShippedTemplates(ctx.db);
    expect(await snapshot()).toEqual(before);
    await ctx.db.query("update workflow_templates set name = 'Tampered' where key = 'individual-kyc'");
    await ctx.db.query("insert into workflow_templates (organization_id, key, name, graph) values (null, 'withdrawn', 'Old', '{}'::jsonb)");
    await upsertShippedTemplates(ctx.db);
    const after = await snapshot();
    expect(after.map((r) => r.key)).toEqual(before.map((r) => r.key));
    expect(after.find((r) => r.key === 'individual-kyc')).toMatchObject({ id: before.find((r) => r.key === 'individual-kyc')!.id, name: 'Individual KYC' });
  });

  it('become an active workflow once created from (a tool template after its tool is approved)', async () => {
    const shipped = (await listAs(manager, 'scope=global&limit=200')).items;
    for (const t of shipped) {
      const created = await ctx.as(manager, { method: 'POST', url: '/api/admin/workflows', payload: { name: t.name, template_id: t.id } });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().step_count).toBe(t.step_count);
      const activate = () => ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${created.json().id}`, payload: { status: 'active' } });
      if (t.required_tools.length > 0) {
        expect((await activate()).json().problems.map((p: { code: string }) => p.code)).toEqual(['unknown_tool']);
        for (const tool of t.required_tools) await insertTool(ctx.db, orgA.id, tool);
      }
      const res = await activate();
      expect(res.statusCode, `${t.key}: ${res.body}`).toBe(200);
    }
  });
});

describe("an organization's own templates", () => {
  it('are created from a graph, listed for their organization only, updated and deleted', async () => {
    const created = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/workflow-templates',
      payload: { name: 'Our KYC', category: 'kyc', graph: sampleGraph() },
    });
    expect(created.statusCode, created.body).toBe(201);
    const t = created.json();
    expect(t).toMatchObject({ name: 'Our KYC', category: 'kyc', organization_id: orgA.id, key: null, is_global: false, step_count: 5, required_tools: [] });

    expect((await listAs(viewer, 'q=Our KYC')).items.map((x) => x.id)).toEqual([t.id]);
    expect((await listAs(managerB, 'q=Our KYC')).total).toBe(0);
    expect((await listAs(viewer, 'scope=organization')).items.every((x) => x.organization_id === orgA.id)).toBe(true);
    // Own templates first, then the shipped ones.
    const all = (await listAs(viewer)).items;
    expect(all[0]!.is_global).toBe(false);
    expect(all.at(-1)!.is_global).toBe(true);

    const updated = await ctx.as(manager, {
      method: 'PUT',
      url: `/api/admin/workflow-templates/${t.id}`,
      payload: { description: 'Ours', graph: { steps: [], connections: [] } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ description: 'Ours', step_count: 0, name: 'Our KYC' });

    expect((await ctx.as(manager, { method: 'DELETE', url: `/api/admin/workflow-templates/${t.id}` })).statusCode).toBe(200);
    expect((await listAs(viewer, 'q=Our KYC')).total).toBe(0);
    const audit = await ctx.db.query<{ action: string }>('select action from audit_logs where target_id = $1 order by created_at', [t.id]);
    expect(audit.rows.map((r) => r.action)).toEqual(['workflow_template.create', 'workflow_template.update', 'workflow_template.delete']);
  });

  it('refuse a graph with structural problems', async () => {
    const graph = sampleGraph();
    graph.connections.push({ source: 'ok', target: 'ok' });
    const res = await ctx.as(manager, { method: 'POST', url: '/api/admin/workflow-templates', payload: { name: 'Loopy', graph } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([{ field: 'graph.connections.4', message: 'A step cannot connect to itself' }]);
  });

  it('need exactly one of graph and workflow_id', async () => {
    const neither = await ctx.as(manager, { method: 'POST', url: '/api/admin/workflow-templates', payload: { name: 'Empty' } });
    expect(neither.statusCode).toBe(422);
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    const both = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/workflow-templates',
      payload: { name: 'Both', graph: sampleGraph(), workflow_id: wf.id },
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().validation_errors).toEqual([{ field: 'graph', message: 'Send either a graph or a workflow_id' }]);
  });

  it("are another organization's business: 404 to change, invisible to list, and refused without manage_templates", async () => {
    const theirs = await createTestTemplate(ctx.db, orgB.id, { name: 'Their secret' });
    expect((await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflow-templates/${theirs.id}`, payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await ctx.as(manager, { method: 'DELETE', url: `/api/admin/workflow-templates/${theirs.id}` })).statusCode).toBe(404);
    expect((await listAs(manager, `organization_id=${orgB.id}`)).total).toBe(0);
    expect((await listAs(superAdmin, `organization_id=${orgB.id}`)).items.map((t) => t.id)).toEqual([theirs.id]);
    const mine = await createTestTemplate(ctx.db, orgA.id);
    expect((await ctx.as(viewer, { method: 'PUT', url: `/api/admin/workflow-templates/${mine.id}`, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await ctx.as(viewer, { method: 'POST', url: '/api/admin/workflow-templates', payload: { name: 'x', graph: sampleGraph() } })).statusCode).toBe(403);
  });
});

describe('save a workflow as a template, and back', () => {
  it("copies the workflow's current graph into its organization, and a workflow made from it gets new ids", async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id, { name: 'Proven flow', category: 'lending' });
    const res = await ctx.as(manager, { method: 'POST', url: '/api/admin/workflow-templates', payload: { name: 'Proven', workflow_id: wf.id } });
    expect(res.statusCode, res.body).toBe(201);
    const template = res.json();
    expect(template).toMatchObject({ organization_id: orgA.id, category: 'lending', description: 'A test workflow', step_count: 5 });
    const detail = (await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}` })).json();
    expect(template.graph.steps.map((s: { name: string }) => s.name)).toEqual(detail.steps.map((s: { name: string }) => s.name));

    const made = await ctx.as(manager, { method: 'POST', url: '/api/admin/workflows', payload: { name: 'Second', template_id: template.id } });
    const madeIds = new Set(made.json().steps.map((s: { id: string }) => s.id));
    expect(detail.steps.some((s: { id: string }) => madeIds.has(s.id))).toBe(false);
    expect((await ctx.as(manager, { method: 'POST', url: `/api/admin/workflows/${made.json().id}/validate` })).json().valid).toBe(true);
  });

  it("refuses another organization's workflow as not found", async () => {
    const theirs = await createTestWorkflow(ctx.db, orgB.id);
    const res = await ctx.as(manager, { method: 'POST', url: '/api/admin/workflow-templates', payload: { name: 'Stolen', workflow_id: theirs.id } });
    expect(res.statusCode).toBe(404);
  });
});

describe('copyWithNewIds', () => {
  it('renames every step and connection and keeps the shape', () => {
    const graph = SHIPPED_TEMPLATES[0]!.graph;
    const copy = copyWithNewIds(graph);
    expect(copy.steps.map((s) => s.name)).toEqual(graph.steps.map((s) => s.name));
    expect(copy.steps.some((s) => graph.steps.some((o) => o.id === s.id))).toBe(false);
    expect(activationProblems(copy)).toEqual([]);
  });
});
