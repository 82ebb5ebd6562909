import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GRAPH_STEPS, type WorkflowGraph } from '@admin-portal/contract/workflows/graph';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestWorkflow, sampleGraph } from '../../test/workflows.factory.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let ctx: TestContext;
let org: { id: string };
let manager: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.createOrg();
  manager = await ctx.createUser('manager', org.id);
});
afterAll(() => ctx?.close());

const put = (id: string, payload: object) => ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${id}/complete`, payload });
const get = async (id: string) => (await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${id}` })).json();

async function stored(workflowId: string) {
  const q = async (sql: string) => (await ctx.db.query<{ n: number }>(sql, [workflowId])).rows[0]!.n;
  return {
    steps: await q('select count(*)::int as n from steps where workflow_id = $1'),
    connections: await q('select count(*)::int as n from step_connections where workflow_id = $1'),
    versions: await q('select count(*)::int as n from workflow_versions where workflow_id = $1'),
    version: await q('select version as n from workflows where id = $1'),
    audits: await q("select count(*)::int as n from audit_logs where target_id = $1::text and action like 'workflow.%'"),
  };
}

describe('POST /api/admin/workflows/complete', () => {
  it('creates a workflow with its graph at version 1, client keys replaced by UUIDs and connections remapped', async () => {
    const res = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/workflows/complete',
      payload: { name: 'Onboarding', category: 'kyc', graph: sampleGraph() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const wf = res.json();
    expect(wf).toMatchObject({ name: 'Onboarding', category: 'kyc', status: 'draft', version: 1, step_count: 5, organization_id: org.id });
    expect(wf.steps.map((s: { id: string }) => s.id).every((id: string) => UUID.test(id))).toBe(true);
    const byName = Object.fromEntries(wf.steps.map((s: { name: string; id: string }) => [s.name, s.id]));
    expect(wf.connections).toEqual([
      expect.objectContaining({ source: byName.start, target: byName.details, condition: null }),
      expect.objectContaining({ source: byName.details, target: byName.review }),
      expect.objectContaining({ source: byName.review, target: byName.ok, condition: 'approved' }),
      expect.objectContaining({ source: byName.review, target: byName.no, condition: 'rejected' }),
    ]);
    // Valid configs are stored with their type's defaults filled in.
    expect(wf.steps.find((s: { name: string }) => s.name === 'review').config).toMatchObject({ assignee_role: 'operator', sla_hours: 24 });
    expect(await stored(wf.id)).toMatchObject({ steps: 5, connections: 4, versions: 1, version: 1, audits: 1 });
  });

  it('creates an active workflow only when the graph passes activation', async () => {
    const bad = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/workflows/complete',
      payload: { name: 'Broken', status: 'active', graph: { steps: [{ id: 'a', type: 'start', name: 'Start' }], connections: [] } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().problems.map((p: { code: string }) => p.code)).toEqual(expect.arrayContaining(['no_end', 'dead_end']));
    const good = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/workflows/complete',
      payload: { name: 'Ready', status: 'active', graph: sampleGraph() },
    });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().status).toBe('active');
  });

  it('refuses a graph with structural problems, naming the connection, and writes nothing', async () => {
    const before = (await ctx.db.query<{ n: number }>('select count(*)::int as n from workflows')).rows[0]!.n;
    const graph = sampleGraph();
    graph.connections.push(
      { source: 'details', target: 'details', condition: null, label: null },
      { source: 'details', target: 'ghost', condition: null, label: null },
    );
    const res = await ctx.as(manager, { method: 'POST', url: '/api/admin/workflows/complete', payload: { name: 'Loops', graph } });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([
      { field: 'graph.connections.4', message: 'A step cannot connect to itself' },
      { field: 'graph.connections.5', message: 'A connection must join two steps of this workflow' },
    ]);
    expect(res.json().problems).toEqual([
      expect.objectContaining({ code: 'self_loop', connection_index: 4, step_id: 'details' }),
      expect.objectContaining({ code: 'dangling_connection', connection_index: 5 }),
    ]);
    expect((await ctx.db.query<{ n: number }>('select count(*)::int as n from workflows')).rows[0]!.n).toBe(before);
  });

  it('refuses two steps with one key', async () => {
    const graph = sampleGraph();
    graph.steps.push({ ...graph.steps[1]!, name: 'Again' });
    const res = await ctx.as(manager, { method: 'POST', url: '/api/admin/workflows/complete', payload: { name: 'Dupes', graph } });
    expect(res.statusCode).toBe(422);
    expect(res.json().problems).toEqual([expect.objectContaining({ code: 'duplicate_step', step_id: 'details' })]);
    expect(res.json().validation_errors).toEqual([expect.objectContaining({ field: 'steps.details' })]);
  });

  it('saves a draft that is incomplete (invalid config, no end)', async () => {
    const graph: WorkflowGraph = {
      steps: [
        { id: 'x', type: 'start', name: 'Start', config: {}, position: { x: 0, y: 0 } },
        { id: 'y', type: 'form', name: 'Form', config: { title: '' }, position: { x: 1, y: 1 } },
      ],
      connections: [{ source: 'x', target: 'y' }],
    };
    const res = await ctx.as(manager, { method: 'POST', url: '/api/admin/workflows/complete', payload: { name: 'Half done', graph } });
    expect(res.statusCode, res.body).toBe(201);
    // An invalid config is kept exactly as sent.
    expect(res.json().steps[1].config).toEqual({ title: '' });
  });
});

describe('PUT /api/admin/workflows/{id}/complete', () => {
  it('saves a new version each time, keeps existing step ids and replaces client keys', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id);
    const first = await get(wf.id);
    const graph = {
      steps: [...first.steps, { id: 'new-note', type: 'notification', name: 'Notify', config: { to: 'ops@example.com', message: 'Done' } }],
      connections: first.connections,
    };
    const res = await put(wf.id, { graph, expected_version: 1, name: 'Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ version: 2, name: 'Renamed', step_count: 6 });
    expect(saved.steps.slice(0, 5).map((s: { id: string }) => s.id)).toEqual(first.steps.map((s: { id: string }) => s.id));
    expect(saved.steps[5].id).toMatch(UUID);
    expect(saved.connections.map((c: { id: string }) => c.id)).toEqual(first.connections.map((c: { id: string }) => c.id));
    expect(await stored(wf.id)).toMatchObject({ steps: 6, connections: 4, versions: 2, version: 2 });
  });

  it('rewrites only the rows that changed', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id);
    await ctx.db.query("update steps set updated_at = now() - interval '1 day' where workflow_id = $1", [wf.id]);
    const current = await get(wf.id);
    current.steps[2].position = { x: 999, y: 5 };
    expect((await put(wf.id, { graph: { steps: current.steps, connections: current.connections } })).statusCode).toBe(200);
    const fresh = await ctx.db.query<{ id: string }>("select id from steps where workflow_id = $1 and updated_at > now() - interval '1 hour'", [wf.id]);
    expect(fresh.rows.map((r) => r.id)).toEqual([current.steps[2].id]);
  });

  it('changes nothing when a save fails (structural problem on a draft, activation problem on an active workflow)', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id);
    const before = await stored(wf.id);
    const current = await get(wf.id);
    const broken = { steps: current.steps, connections: [...current.connections, { source: current.steps[1].id, target: 'nowhere' }] };
    const res = await put(wf.id, { graph: broken });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors[0].field).toBe('graph.connections.4');
    expect(await stored(wf.id)).toEqual(before);
    expect(await get(wf.id)).toEqual(current);

    const active = await createTestWorkflow(ctx.db, org.id, { status: 'active' });
    const activeBefore = await stored(active.id);
    const activeGraph = await get(active.id);
    // Dropping the rejected branch leaves the approval step incomplete and its end unreachable.
    const incomplete = { steps: activeGraph.steps, connections: activeGraph.connections.slice(0, 3) };
    const refused = await put(active.id, { graph: incomplete });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().problems.map((p: { code: string }) => p.code)).toEqual(expect.arrayContaining(['missing_branch', 'unreachable']));
    expect(refused.json().validation_errors).toContainEqual(expect.objectContaining({ field: `steps.${activeGraph.steps[2].id}` }));
    expect(await stored(active.id)).toEqual(activeBefore);
  });

  it('reports problems of an active save under the keys the client sent', async () => {
    const active = await createTestWorkflow(ctx.db, org.id, { status: 'active' });
    const current = await get(active.id);
    const graph = { steps: [...current.steps, { id: 'stray', type: 'delay', name: 'Wait', config: { amount: 1 } }], connections: current.connections };
    const res = await put(active.id, { graph });
    expect(res.statusCode).toBe(422);
    expect(res.json().problems).toContainEqual(expect.objectContaining({ code: 'unreachable', step_id: 'stray' }));
  });

  it('refuses a save based on an old version (409) and changes nothing', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id);
    const { steps, connections } = await get(wf.id);
    expect((await put(wf.id, { graph: { steps, connections }, expected_version: 1 })).statusCode).toBe(200);
    const before = await stored(wf.id);
    const stale = await put(wf.id, { graph: { steps, connections }, expected_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().validation_errors).toEqual([expect.objectContaining({ field: 'expected_version' })]);
    expect(await stored(wf.id)).toEqual(before);
  });

  it(`takes the largest graph (${MAX_GRAPH_STEPS} steps) back from the builder with its UUIDs, past BODY_LIMIT, and refuses one step more`, async () => {
    // A start, notifications of realistic length (about 0.5 KB a step once saved), an end: a chain.
    const message = 'Your application moved on to the next check. We will write to you again when it is done; nothing is needed from you at the moment.';
    const steps: WorkflowGraph['steps'] = Array.from({ length: MAX_GRAPH_STEPS }, (_, i) => {
      const position = { x: (i % 45) * 280, y: Math.floor(i / 45) * 180 };
      if (i === 0) return { id: 's0', type: 'start', name: 'Start', config: { trigger: 'api', required_fields: [] }, position };
      if (i === MAX_GRAPH_STEPS - 1) return { id: `s${i}`, type: 'end', name: 'Done', config: { outcome: 'approved' }, position };
      return {
        id: `s${i}`,
        type: 'notification',
        name: `Notify ${i}`,
        config: { channel: 'email', to: '{{data.email}}', subject: `Step ${i} of the review is done`, message },
        position,
      };
    });
    const connections = steps.slice(1).map((s, i) => ({ source: steps[i]!.id, target: s.id, condition: null, label: null }));
    const created = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/workflows/complete',
      payload: { name: 'Largest', status: 'active', graph: { steps, connections } },
    });
    expect(created.statusCode, created.body.slice(0, 300)).toBe(201);
    const saved = created.json();
    const payload = { graph: { steps: saved.steps, connections: saved.connections }, expected_version: 1 };
    expect(JSON.stringify(payload).length).toBeGreaterThan(ctx.config.bodyLimit);
    const res = await put(saved.id, payload);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, step_count: MAX_GRAPH_STEPS });

    const more = await put(saved.id, { graph: { steps: [...saved.steps, { id: 'one-more', type: 'end', name: 'One more' }], connections: saved.connections } });
    expect(more.statusCode).toBe(422);
    expect(more.json().validation_errors).toEqual([expect.objectContaining({ field: 'graph.steps' })]);
    expect(await stored(saved.id)).toMatchObject({ steps: MAX_GRAPH_STEPS, version: 2 });
  });

  it('keeps archived workflows read-only', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id);
    await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${wf.id}`, payload: { status: 'archived' } });
    const res = await put(wf.id, { graph: sampleGraph() });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/archived/);
  });
});

describe('versions', () => {
  it('lists every version newest first with what made it, and serves each snapshot', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id);
    const v1 = await get(wf.id);
    await put(wf.id, { graph: { steps: v1.steps.slice(0, 2), connections: v1.connections.slice(0, 1) }, name: 'Short' });
    const list = await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}/versions?limit=1` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 2,
      limit: 1,
      offset: 0,
      items: [
        {
          version: 2,
          note: 'Graph saved',
          name: 'Short',
          step_count: 2,
          connection_count: 1,
          is_current: true,
          created_by: manager.id,
          created_by_email: manager.email,
        },
      ],
    });
    const old = await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}/versions/1` });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ version: 1, is_current: false, name: v1.name, steps: v1.steps, connections: v1.connections });
    expect((await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}/versions/3` })).statusCode).toBe(404);
  });

  it('restores an old version as the newest one, with the step ids it had', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id);
    const v1 = await get(wf.id);
    await put(wf.id, { graph: { steps: [v1.steps[0]], connections: [] }, name: 'Gutted' });
    const res = await ctx.as(manager, { method: 'POST', url: `/api/admin/workflows/${wf.id}/versions/1/restore` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 3, name: v1.name, steps: v1.steps, connections: v1.connections });
    expect(await stored(wf.id)).toMatchObject({ steps: 5, connections: 4, versions: 3, version: 3 });
    const versions = (await ctx.as(manager, { method: 'GET', url: `/api/admin/workflows/${wf.id}/versions` })).json();
    expect(versions.items.map((v: { note: string }) => v.note)).toEqual(['Restored from version 1', 'Graph saved', 'Created']);
  });

  it('refuses to restore onto an active workflow a version that would not pass activation', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { graph: { steps: [], connections: [] } });
    await put(wf.id, { graph: sampleGraph() });
    expect((await ctx.as(manager, { method: 'PUT', url: `/api/admin/workflows/${wf.id}`, payload: { status: 'active' } })).statusCode).toBe(200);
    const before = await stored(wf.id);
    const res = await ctx.as(manager, { method: 'POST', url: `/api/admin/workflows/${wf.id}/versions/1/restore` });
    expect(res.statusCode).toBe(422);
    expect(res.json().problems.map((p: { code: string }) => p.code)).toEqual(expect.arrayContaining(['no_start', 'no_end']));
    expect(await stored(wf.id)).toEqual(before);
  });
});

describe('POST /api/admin/workflows/{id}/duplicate', () => {
  it('deep-copies the graph with new ids into a new draft at version 1', async () => {
    const wf = await createTestWorkflow(ctx.db, org.id, { status: 'active', name: 'Original' });
    const original = await get(wf.id);
    const res = await ctx.as(manager, { method: 'POST', url: `/api/admin/workflows/${wf.id}/duplicate`, payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({ name: 'Original (copy)', status: 'draft', version: 1, category: original.category, description: original.description });
    const originalIds = new Set([...original.steps, ...original.connections].map((x: { id: string }) => x.id));
    expect([...copy.steps, ...copy.connections].some((x: { id: string }) => originalIds.has(x.id))).toBe(false);
    // Same graph once ids are mapped by position.
    const map = new Map(original.steps.map((s: { id: string }, i: number) => [s.id, copy.steps[i].id]));
    expect(copy.steps.map(({ id: _id, ...rest }: { id: string }) => rest)).toEqual(original.steps.map(({ id: _id, ...rest }: { id: string }) => rest));
    expect(copy.connections.map(({ id: _id, ...c }: { id: string }) => c)).toEqual(
      original.connections.map(({ id: _id, ...c }: { id: string; source: string; target: string }) => ({
        ...c,
        source: map.get(c.source),
        target: map.get(c.target),
      })),
    );
    // The copy is independent: changing it leaves the original alone.
    await put(copy.id, { graph: { steps: [], connections: [] } });
    expect(await get(wf.id)).toEqual(original);
    const named = await ctx.as(manager, { method: 'POST', url: `/api/admin/workflows/${wf.id}/duplicate`, payload: { name: 'Variant' } });
    expect(named.json().name).toBe('Variant');
  });
});
