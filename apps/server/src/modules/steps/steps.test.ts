import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestWorkflow, type TestWorkflow } from '../../test/workflows.factory.ts';

let ctx: TestContext;
let orgA: { id: string };
let orgB: { id: string };
let manager: TestUser;
let viewer: TestUser;
let superAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  orgA = await ctx.createOrg();
  orgB = await ctx.createOrg();
  manager = await ctx.createUser('manager', orgA.id);
  viewer = await ctx.createUser('viewer', orgA.id);
  superAdmin = await ctx.createUser('super_admin', orgB.id);
});
afterAll(() => ctx?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, user = manager) =>
  ctx.as(user, { method, url, ...(payload ? { payload } : {}) });

async function state(wf: TestWorkflow) {
  const q = async (sql: string) => (await ctx.db.query<{ n: number }>(sql, [wf.id])).rows[0]!.n;
  return {
    steps: await q('select count(*)::int as n from steps where workflow_id = $1'),
    connections: await q('select count(*)::int as n from step_connections where workflow_id = $1'),
    version: await q('select version as n from workflows where id = $1'),
    versions: await q('select count(*)::int as n from workflow_versions where workflow_id = $1'),
  };
}

describe('reading steps and connections', () => {
  it("lists a workflow's steps in order and its connections", async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    const steps = await call('GET', `/api/admin/steps/workflow/${wf.id}`, undefined, viewer);
    expect(steps.statusCode).toBe(200);
    expect(steps.json().total).toBe(5);
    expect(steps.json().items.map((s: { id: string }) => s.id)).toEqual(Object.values(wf.steps));
    expect(steps.json().items[0]).toMatchObject({ workflow_id: wf.id, type: 'start', workflow_version: 1 });
    const connections = await call('GET', `/api/admin/steps/workflow/${wf.id}/connections/`, undefined, viewer);
    expect(connections.json().items[2]).toMatchObject({
      id: wf.connections[2],
      source_step_id: wf.steps.review,
      target_step_id: wf.steps.ok,
      condition: 'approved',
    });
    const one = await call('GET', `/api/admin/steps/${wf.steps.review}`, undefined, viewer);
    expect(one.json()).toMatchObject({ id: wf.steps.review, type: 'approval', name: 'review' });
  });
});

describe('POST /api/admin/steps', () => {
  it('adds a step with its type defaults as a new version', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    const res = await call('POST', '/api/admin/steps/', { workflow_id: wf.id, type: 'delay', name: 'Cooling off', config: { amount: 14 } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'delay',
      name: 'Cooling off',
      config: { amount: 14, unit: 'minutes' },
      workflow_version: 2,
      position: { x: 1120, y: 0 },
    });
    expect(await state(wf)).toEqual({ steps: 6, connections: 4, version: 2, versions: 2 });
    const note = await ctx.db.query('select note from workflow_versions where workflow_id = $1 and version = 2', [wf.id]);
    expect(note.rows).toEqual([{ note: 'Step "Cooling off" added' }]);
    const withDefaults = await call('POST', '/api/admin/steps', { workflow_id: wf.id, type: 'approval', name: 'Second look', position: { x: 5, y: 6 } });
    expect(withDefaults.json()).toMatchObject({ config: { assignee_role: 'operator', sla_hours: 24 }, position: { x: 5, y: 6 }, workflow_version: 3 });
  });

  it('refuses a config that does not fit the type, naming its fields, and writes nothing', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    const before = await state(wf);
    const res = await call('POST', '/api/admin/steps', {
      workflow_id: wf.id,
      type: 'condition',
      name: 'Check',
      config: { branches: [{ id: 'Big One', label: '', expression: 'data.amount >' }] },
    });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .validation_errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['config.branches.0.expression', 'config.branches.0.id', 'config.branches.0.label']);
    expect(res.json().validation_errors.find((e: { field: string }) => e.field === 'config.branches.0.expression').message).toMatch(/ends too early/);
    // A tool step needs its tool chosen: its defaults are not enough.
    const tool = await call('POST', '/api/admin/steps', { workflow_id: wf.id, type: 'tool', name: 'Lookup' });
    expect(tool.json().validation_errors).toEqual([{ field: 'config.tool_name', message: 'Choose a tool' }]);
    expect(await state(wf)).toEqual(before);
  });

  it('refuses an unknown type through the schema', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    const res = await call('POST', '/api/admin/steps', { workflow_id: wf.id, type: 'teleport', name: 'Beam' });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors[0].field).toBe('type');
  });

  it('keeps an active workflow activatable: an unconnected step is refused with its problems', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id, { status: 'active' });
    const before = await state(wf);
    const res = await call('POST', '/api/admin/steps', { workflow_id: wf.id, type: 'delay', name: 'Loose', config: { amount: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().problems).toEqual([expect.objectContaining({ code: 'unreachable', step_id: expect.any(String) })]);
    expect(await state(wf)).toEqual(before);
  });
});

describe('PUT, DELETE /api/admin/steps/{id}', () => {
  it('changes name, config and position, each change a version', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    const moved = await call('PUT', `/api/admin/steps/${wf.steps.details}`, { position: { x: 10, y: 20 } });
    expect(moved.json()).toMatchObject({ position: { x: 10, y: 20 }, workflow_version: 2 });
    const renamed = await call('PUT', `/api/admin/steps/${wf.steps.details}`, {
      name: 'Applicant details',
      config: { title: 'About you', fields: [{ key: 'email', label: 'Email', type: 'email' }] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Applicant details',
      config: { title: 'About you', instructions: '', fields: [{ key: 'email', type: 'email', required: true }] },
      workflow_version: 3,
    });
    const notes = await ctx.db.query<{ note: string }>('select note from workflow_versions where workflow_id = $1 order by version', [wf.id]);
    expect(notes.rows.map((r) => r.note)).toEqual(['Created', 'Step "details" moved', 'Step "Applicant details" changed']);
    const bad = await call('PUT', `/api/admin/steps/${wf.steps.details}`, { config: { title: 'x', fields: [] } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validation_errors).toEqual([{ field: 'config.fields', message: 'Add at least one field' }]);
  });

  it('deletes a step with every connection into or out of it', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    const res = await call('DELETE', `/api/admin/steps/${wf.steps.review}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Step deleted successfully', workflow_version: 2 });
    expect(await state(wf)).toEqual({ steps: 4, connections: 1, version: 2, versions: 2 });
    expect((await call('GET', `/api/admin/steps/${wf.steps.review}`)).statusCode).toBe(404);
    // The previous version still has it.
    const v1 = await call('GET', `/api/admin/workflows/${wf.id}/versions/1`);
    expect(v1.json().steps.map((s: { id: string }) => s.id)).toContain(wf.steps.review);
  });
});

describe('connections', () => {
  it('connects two steps of one workflow, on a branch of a branching step', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    await call('DELETE', `/api/admin/steps/connections/${wf.connections[3]}`);
    const res = await call('POST', '/api/admin/steps/connections/', {
      workflow_id: wf.id,
      source_step_id: wf.steps.review,
      target_step_id: wf.steps.no,
      condition: 'rejected',
      label: 'No',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      workflow_id: wf.id,
      source_step_id: wf.steps.review,
      target_step_id: wf.steps.no,
      condition: 'rejected',
      label: 'No',
      workflow_version: 3,
    });
    const validation = await call('POST', `/api/admin/workflows/${wf.id}/validate`);
    expect(validation.json().valid).toBe(true);
  });

  it('refuses a self-loop, steps of two workflows, and a condition that is not a branch (422), writing nothing', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    const otherWf = await createTestWorkflow(ctx.db, orgA.id);
    const before = await state(wf);
    const cases: [object, string, RegExp][] = [
      [{ source_step_id: wf.steps.details, target_step_id: wf.steps.details }, 'target_step_id', /itself/],
      [{ source_step_id: wf.steps.details, target_step_id: otherWf.steps.ok }, 'target_step_id', /same workflow/],
      [{ workflow_id: otherWf.id, source_step_id: wf.steps.details, target_step_id: wf.steps.ok }, 'source_step_id', /another workflow/],
      [{ source_step_id: wf.steps.review, target_step_id: wf.steps.details, condition: 'maybe' }, 'condition', /approved, rejected/],
      [{ source_step_id: wf.steps.details, target_step_id: wf.steps.ok, condition: 'approved' }, 'condition', /no branches/],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/api/admin/steps/connections', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().validation_errors, JSON.stringify(payload)).toEqual([{ field, message: expect.stringMatching(message) }]);
    }
    const duplicate = await call('POST', '/api/admin/steps/connections', {
      source_step_id: wf.steps.review,
      target_step_id: wf.steps.ok,
      condition: 'approved',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(await state(wf)).toEqual(before);
  });

  it('checks the branches of a condition step from its config', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    const check = await call('POST', '/api/admin/steps', {
      workflow_id: wf.id,
      type: 'condition',
      name: 'Amount',
      config: { branches: [{ id: 'large', label: 'Large', expression: 'data.amount > 10000' }] },
    });
    const id = check.json().id;
    expect((await call('POST', '/api/admin/steps/connections', { source_step_id: id, target_step_id: wf.steps.review, condition: 'large' })).statusCode).toBe(
      201,
    );
    expect((await call('POST', '/api/admin/steps/connections', { source_step_id: id, target_step_id: wf.steps.ok, condition: 'otherwise' })).statusCode).toBe(
      201,
    );
    expect((await call('POST', '/api/admin/steps/connections', { source_step_id: id, target_step_id: wf.steps.no, condition: 'small' })).statusCode).toBe(422);
  });

  it('changes and removes a connection, each a version', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    const changed = await call('PUT', `/api/admin/steps/connections/${wf.connections[2]}`, { target_step_id: wf.steps.no, label: 'Flip' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ target_step_id: wf.steps.no, condition: 'approved', label: 'Flip', workflow_version: 2 });
    const cleared = await call('PUT', `/api/admin/steps/connections/${wf.connections[2]}`, { label: '' });
    expect(cleared.json().label).toBeNull();
    expect(
      (await call('PUT', `/api/admin/steps/connections/${wf.connections[2]}`, { target_step_id: wf.steps.review })).json().validation_errors[0].field,
    ).toBe('target_step_id');
    expect((await call('PUT', `/api/admin/steps/connections/${wf.connections[2]}`, { condition: 'later' })).statusCode).toBe(422);
    const removed = await call('DELETE', `/api/admin/steps/connections/${wf.connections[2]}`);
    expect(removed.json()).toEqual({ success: true, message: 'Connection deleted successfully', workflow_version: 4 });
    expect((await call('DELETE', `/api/admin/steps/connections/${wf.connections[2]}`)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/steps/validate-config', () => {
  it('returns the config with defaults, or the field errors', async () => {
    const ok = await call('POST', '/api/admin/steps/validate-config', { type: 'approval', config: { sla_hours: 4 } }, viewer);
    expect(ok.json()).toEqual({
      valid: true,
      config: {
        instructions: 'Review the application and decide.',
        assignee_role: 'operator',
        sla_hours: 4,
        escalate: false,
        escalate_by_email: false,
        second_decision: 'never',
        second_role: 'compliance_officer',
        first_reject_final: true,
      },
      errors: [],
    });
    const bad = await call('POST', '/api/admin/steps/validate-config', { type: 'ai', config: { mode: 'decision', prompt: 'Decide' } }, viewer);
    expect(bad.json()).toEqual({ valid: false, config: null, errors: [{ field: 'config.options', message: 'A decision needs at least two options' }] });
    const noConfig = await call('POST', '/api/admin/steps/validate-config', { type: 'end' }, viewer);
    expect(noConfig.json()).toMatchObject({ valid: true, config: { outcome: 'completed' } });
  });
});

describe('organizations and permissions', () => {
  it("answers 404 for another organization's steps and connections, to read or change, and writes nothing", async () => {
    const theirs = await createTestWorkflow(ctx.db, orgB.id);
    const mine = await createTestWorkflow(ctx.db, orgA.id);
    const before = await state(theirs);
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', `/api/admin/steps/${theirs.steps.details}`],
      ['PUT', `/api/admin/steps/${theirs.steps.details}`, { name: 'Mine now' }],
      ['DELETE', `/api/admin/steps/${theirs.steps.details}`],
      ['POST', '/api/admin/steps', { workflow_id: theirs.id, type: 'end', name: 'Injected' }],
      ['POST', '/api/admin/steps/connections', { source_step_id: theirs.steps.details, target_step_id: theirs.steps.ok }],
      ['POST', '/api/admin/steps/connections', { source_step_id: mine.steps.details, target_step_id: theirs.steps.ok }],
      ['PUT', `/api/admin/steps/connections/${theirs.connections[0]}`, { label: 'x' }],
      ['PUT', `/api/admin/steps/connections/${mine.connections[0]}`, { target_step_id: theirs.steps.ok }],
      ['DELETE', `/api/admin/steps/connections/${theirs.connections[0]}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(404);
    }
    expect(await state(theirs)).toEqual(before);
    // A super admin reaches them.
    expect((await call('PUT', `/api/admin/steps/${theirs.steps.details}`, { name: 'Fixed by support' }, superAdmin)).statusCode).toBe(200);
  });

  it('refuses step changes to a viewer (workflow:edit) but lets them read', async () => {
    const wf = await createTestWorkflow(ctx.db, orgA.id);
    expect((await call('GET', `/api/admin/steps/${wf.steps.details}`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/steps/${wf.steps.details}`, { name: 'x' }, viewer)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/steps/connections', { source_step_id: wf.steps.details, target_step_id: wf.steps.ok }, viewer)).statusCode).toBe(
      403,
    );
  });
});
