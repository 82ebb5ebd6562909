/** Activation rules through the API: each rule produces its problem, and activation succeeds once it is fixed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphConnection, GraphStep, WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestWorkflow, insertTool, sampleGraph } from '../../test/workflows.factory.ts';

let ctx: TestContext;
let org: { id: string };
let other: { id: string };
let manager: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.createOrg();
  other = await ctx.createOrg();
  manager = await ctx.createUser('manager', org.id);
});
afterAll(() => ctx?.close());

const s = (id: string, type: string, config: Record<string, unknown> = {}): GraphStep => ({ id, type, name: id, config, position: { x: 0, y: 0 } });
const c = (source: string, target: string, condition: string | null = null): GraphConnection => ({ source, target, condition, label: null });
const form = (id: string) => s(id, 'form', { title: 'T', fields: [{ key: 'a', label: 'A' }] });
const base = sampleGraph();
const withGraph = (change: (g: WorkflowGraph) => void): WorkflowGraph => {
  const g = structuredClone(base);
  change(g);
  return g;
};

/** Tries to activate a draft with this graph; returns the problem codes with the graph's own step keys. */
async function activate(graph: WorkflowGraph, organizationId = org.id): Promise<{ status: number; codes: string[]; body: Record<string, unknown> }> {
  const wf = await createTestWorkflow(ctx.db, organizationId, { graph });
  const res = await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${wf.id}`, payload: { status: 'active' } });
  const keyOf = new Map(Object.entries(wf.steps).map(([key, id]) => [id, key]));
  const problems = (res.json().problems ?? []) as { code: string; step_id?: string }[];
  return { status: res.statusCode, body: res.json(), codes: problems.map((p) => `${p.code}${p.step_id ? `:${keyOf.get(p.step_id) ?? p.step_id}` : ''}`) };
}

describe('activation rules', () => {
  it('activates a complete graph', async () => {
    const res = await activate(base);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('active');
  });

  it.each<[string, WorkflowGraph, string[]]>([
    ['no start', withGraph((g) => ((g.steps = g.steps.filter((x) => x.id !== 'start')), (g.connections = g.connections.slice(1)))), ['no_start']],
    ['two starts', withGraph((g) => g.steps.push(s('start2', 'start'))), ['many_starts:start2']],
    ['no end', { steps: [s('start', 'start'), form('f')], connections: [c('start', 'f')] }, ['no_end', 'dead_end:start', 'dead_end:f']],
    ['an unreachable step', withGraph((g) => g.steps.push(form('orphan'))), ['unreachable:orphan']],
    ['a step nothing leads to', withGraph((g) => (g.steps.push(form('loop')), g.connections.push(c('loop', 'details')))), ['unreachable:loop']],
    ['a dead end', withGraph((g) => ((g.connections[2] = c('review', 'stuck', 'approved')), g.steps.push(form('stuck')))), ['dead_end:stuck']],
    ['a missing branch', withGraph((g) => (g.connections = g.connections.slice(0, 3))), ['missing_branch:review', 'unreachable:no']],
    ['a connection on no branch', withGraph((g) => g.connections.push(c('review', 'no'))), ['unknown_branch:review']],
    ['a branch connected twice', withGraph((g) => g.connections.push(c('review', 'no', 'approved'))), ['duplicate_branch:review']],
    ['two next steps from a single-output step', withGraph((g) => g.connections.push(c('details', 'ok'))), ['too_many_outputs:details']],
    ['a connection into start', withGraph((g) => g.connections.push(c('details', 'start'))), ['into_start:start']],
    ['a connection out of an end', withGraph((g) => g.connections.push(c('ok', 'no'))), ['out_of_end:ok']],
    ['an invalid config', withGraph((g) => (g.steps[1]!.config = { title: '', fields: [] })), ['invalid_config:details']],
    ['an unknown step type', withGraph((g) => (g.steps[1]!.type = 'teleport')), ['unknown_type:details']],
    [
      'a condition whose expression does not parse',
      withGraph((g) => {
        g.steps.push(s('check', 'condition', { branches: [{ id: 'big', label: 'Big', expression: 'data.amount >' }] }));
        g.connections[1] = c('details', 'check');
        g.connections.push(c('check', 'review', 'big'), c('check', 'no', 'otherwise'));
      }),
      ['invalid_config:check'],
    ],
  ])('refuses %s', async (_label, graph, expected) => {
    const res = await activate(graph);
    expect(res.status).toBe(422);
    expect(res.codes).toEqual(expect.arrayContaining(expected));
    expect(res.body).toMatchObject({ detail: expect.stringMatching(/cannot be activated/), validation_errors: expect.any(Array) });
    // Every problem is also a validation error on the step (or the graph).
    const fields = (res.body.validation_errors as { field: string }[]).map((e) => e.field);
    expect(fields.every((f) => f === 'graph' || f.startsWith('steps.'))).toBe(true);
  });

  it('names the field of an invalid config', async () => {
    const res = await activate(withGraph((g) => (g.steps[1]!.config = { title: 'T', fields: [{ key: 'Bad Key', label: 'A' }] })));
    expect(res.body.problems).toContainEqual(expect.objectContaining({ code: 'invalid_config', field: 'fields.0.key' }));
  });

  describe('tool steps need an approved, enabled tool of the organization', () => {
    const toolGraph = (tool: string) =>
      withGraph((g) => {
        g.steps.push(s('lookup', 'tool', { tool_name: tool, input_mapping: { name: 'data.full_name' } }));
        g.connections[1] = c('details', 'lookup');
        g.connections.push(c('lookup', 'review'));
      });

    it('refuses a tool that does not exist, is pending, disabled, or belongs to another organization', async () => {
      await insertTool(ctx.db, org.id, 'pending_tool', 'pending_approval');
      await insertTool(ctx.db, org.id, 'disabled_tool', 'approved', false);
      await insertTool(ctx.db, other.id, 'foreign_tool', 'approved');
      for (const name of ['missing_tool', 'pending_tool', 'disabled_tool', 'foreign_tool']) {
        const res = await activate(toolGraph(name));
        expect(res.status, name).toBe(422);
        expect(res.codes, name).toEqual(['unknown_tool:lookup']);
      }
    });

    it('activates once the tool is approved and enabled', async () => {
      await insertTool(ctx.db, org.id, 'company_lookup', 'approved');
      const res = await activate(toolGraph('company_lookup'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
  });
});

describe('POST /api/admin/workflows/{id}/validate', () => {
  it('reports the problems without changing anything', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { graph: withGraph((g) => g.steps.push(form('orphan'))) });
    const before = await ctx.db.query('select version, status, updated_at from workflows where id = $1', [wf.id]);
    const res = await ctx.as(manager, { method: 'POST', url: `/api/admin/workflows/${wf.id}/validate` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: false,
      problems: [{ code: 'unreachable', step_id: wf.steps.orphan, message: '"orphan" cannot be reached from Start' }],
    });
    expect((await ctx.db.query('select version, status, updated_at from workflows where id = $1', [wf.id])).rows).toEqual(before.rows);
  });
});

describe('status changes', () => {
  it('follows draft → active → archived → draft, and active → draft', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id);
    const to = (status: string) => ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${wf.id}`, payload: { status } });
    expect((await to('active')).statusCode).toBe(200);
    expect((await to('draft')).statusCode).toBe(200);
    expect((await to('active')).statusCode).toBe(200);
    expect((await to('archived')).statusCode).toBe(200);
    const refused = await to('active');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().validation_errors).toEqual([expect.objectContaining({ field: 'status' })]);
    const renamed = await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${wf.id}`, payload: { name: 'Renamed while archived' } });
    expect(renamed.statusCode).toBe(409);
    expect((await to('draft')).statusCode).toBe(200);
    const audit = await ctx.db.query<{ changes: { status?: { from: string; to: string } } }>(
      "select changes from audit_logs where target_id = $1 and action = 'workflow.update' order by created_at",
      [wf.id],
    );
    expect(audit.rows.map((r) => r.changes.status?.to)).toEqual(['active', 'draft', 'active', 'archived', 'draft']);
  });

  it('does not create a version for a status or detail change', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id);
    const res = await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${wf.id}`, payload: { status: 'active', name: 'Live' } });
    expect(res.json()).toMatchObject({ version: 1, status: 'active', name: 'Live', step_count: 5 });
  });
});
