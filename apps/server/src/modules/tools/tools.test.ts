import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK, TOOL_MESSAGES } from '@admin-portal/contract/tools/api';
import { foldRollups } from '../../test/history.factory.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestExecution, createTestTool, NAME_INPUT_SCHEMA, TRANSFORM_CONFIG } from '../../test/tools.factory.ts';

let ctx: TestContext;
let org: { id: string };
let admin: TestUser;
let otherAdmin: TestUser;
let manager: TestUser;
let superAdmin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await ctx.createOrg();
  admin = await ctx.createUser('admin', org.id);
  otherAdmin = await ctx.createUser('admin', org.id);
  manager = await ctx.createUser('manager', org.id);
  superAdmin = await ctx.createUser('super_admin', org.id);
});
afterAll(() => ctx?.close());

let n = 0;
const toolName = () => `tool_${++n}_${Math.random().toString(36).slice(2, 6)}`;

async function create(user: TestUser, body: Record<string, unknown>) {
  return ctx.as(user, {
    method: 'POST',
    url: '/api/admin/tools',
    payload: { name: toolName(), description: 'A tool', tool_type: 'transform', config: TRANSFORM_CONFIG, input_schema: NAME_INPUT_SCHEMA, ...body },
  });
}

async function statusOf(id: string) {
  return (await ctx.db.query<{ status: string; is_enabled: boolean }>('select status, is_enabled from tools where id = $1', [id])).rows[0]!;
}

describe('registering tools', () => {
  it('fills the type defaults and records the first status', async () => {
    const res = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/tools',
      payload: { name: toolName(), description: 'Calls an API', tool_type: 'http_request' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const tool = res.json();
    expect(tool).toMatchObject({
      status: 'draft',
      is_enabled: true,
      created_by: manager.id,
      created_by_email: manager.email,
      config: { method: 'GET', timeout_ms: 10_000 },
    });
    expect(tool.input_schema).toMatchObject({ type: 'object' });
    const history = await ctx.as(manager, { method: 'GET', url: `/api/admin/tools/${tool.id}/history` });
    expect(history.json().items).toMatchObject([{ from_status: null, to_status: 'draft', comment: 'Created' }]);
  });

  it('refuses invalid names, configs and schemas with field errors, and changes nothing', async () => {
    const before = (await ctx.db.query<{ n: number }>('select count(*)::int as n from tools')).rows[0]!.n;
    const badName = await create(manager, { name: 'has spaces!' });
    expect(badName.statusCode).toBe(422);
    expect(badName.json().validation_errors[0].field).toBe('name');

    const badConfig = await create(manager, { tool_type: 'http_request', config: { url: 'ftp://x', headers: { 'bad header': 'x' }, body_template: '{nope' } });
    expect(badConfig.statusCode).toBe(422);
    const fields = badConfig.json().validation_errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['config.url', 'config.body_template']));

    const badSchema = await create(manager, { input_schema: { type: 'object', properties: { a: { type: 'strin' } } } });
    expect(badSchema.statusCode).toBe(422);
    expect(badSchema.json().validation_errors[0].field).toMatch(/^input_schema/);

    const notObject = await create(manager, { input_schema: { type: 'array' } });
    expect(notObject.json().validation_errors).toEqual([{ field: 'input_schema', message: 'An input schema describes an object: set "type": "object"' }]);

    const badExpression = await create(manager, { config: { mapping: { x: 'input.a +' } } });
    expect(badExpression.statusCode).toBe(422);
    expect(badExpression.json().validation_errors[0].field).toBe('config.mapping.x');

    expect((await ctx.db.query<{ n: number }>('select count(*)::int as n from tools')).rows[0]!.n).toBe(before);
  });

  it('keeps names unique per organization, whatever their case, but not across organizations', async () => {
    const name = toolName();
    expect((await create(manager, { name })).statusCode).toBe(201);
    const again = await create(manager, { name: name.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: TOOL_MESSAGES.nameTaken, validation_errors: [{ field: 'name', message: TOOL_MESSAGES.nameTaken }] });
    const otherOrg = await ctx.createOrg();
    const stranger = await ctx.createUser('manager', otherOrg.id);
    expect((await create(stranger, { name })).statusCode).toBe(201);

    // A super administrator across all organizations tells the two apart by their organization's name.
    const listed = await ctx.as(superAdmin, { method: 'GET', url: `/api/admin/tools?q=${name}&limit=100` });
    expect(listed.statusCode, listed.body).toBe(200);
    const sameName = listed.json().items.filter((t: { name: string }) => t.name.toLowerCase() === name);
    expect(sameName.map((t: { organization_id: string; organization_name: string }) => [t.organization_id, t.organization_name]).sort()).toEqual(
      [
        [org.id, (await ctx.db.query<{ name: string }>('select name from organizations where id = $1', [org.id])).rows[0]!.name],
        [otherOrg.id, otherOrg.name],
      ].sort(),
    );
  });
});

describe('approval', () => {
  async function submitted(by: TestUser) {
    const tool = (await create(by, {})).json();
    const res = await ctx.as(by, { method: 'PUT', url: `/api/admin/tools/${tool.id}`, payload: { status: 'pending_approval' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('pending_approval');
    return tool.id as string;
  }

  it('lets an administrator approve or reject (with a comment) a tool someone else submitted', async () => {
    const id = await submitted(manager);
    const approve = await ctx.as(admin, { method: 'POST', url: `/api/admin/tools/${id}/approve`, payload: { action: 'approve', comment: 'Looks right' } });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'approved', is_enabled: true });

    const other = await submitted(manager);
    const noComment = await ctx.as(admin, { method: 'POST', url: `/api/admin/tools/${other}/approve`, payload: { action: 'reject' } });
    expect(noComment.statusCode).toBe(422);
    expect(noComment.json().validation_errors).toEqual([{ field: 'comment', message: 'Say why the tool is rejected' }]);
    const reject = await ctx.as(admin, {
      method: 'POST',
      url: `/api/admin/tools/${other}/approve`,
      payload: { action: 'reject', comment: 'Use the sandbox URL' },
    });
    expect(reject.json().status).toBe('rejected');
    const history = (await ctx.as(manager, { method: 'GET', url: `/api/admin/tools/${other}/history` })).json().items;
    expect(history[0]).toMatchObject({ from_status: 'pending_approval', to_status: 'rejected', comment: 'Use the sandbox URL', changed_by: admin.id });
  });

  it('refuses managers, one’s own tool (except to a super admin) and tools not pending', async () => {
    const id = await submitted(admin);
    expect((await ctx.as(manager, { method: 'POST', url: `/api/admin/tools/${id}/approve`, payload: { action: 'approve' } })).statusCode).toBe(403);
    const own = await ctx.as(admin, { method: 'POST', url: `/api/admin/tools/${id}/approve`, payload: { action: 'approve' } });
    expect(own.statusCode).toBe(403);
    expect(own.json().detail).toBe(TOOL_MESSAGES.ownTool);
    expect((await statusOf(id)).status).toBe('pending_approval');

    const superOwn = await submitted(superAdmin);
    expect((await ctx.as(superAdmin, { method: 'POST', url: `/api/admin/tools/${superOwn}/approve`, payload: { action: 'approve' } })).statusCode).toBe(200);

    const draft = (await create(manager, {})).json().id;
    const notPending = await ctx.as(otherAdmin, { method: 'POST', url: `/api/admin/tools/${draft}/approve`, payload: { action: 'approve' } });
    expect(notPending.statusCode).toBe(409);
    expect(notPending.json().detail).toBe(TOOL_MESSAGES.notPending);
  });

  it('sends an approved tool back for approval when its definition changes, not when nothing changes', async () => {
    const id = await submitted(manager);
    await ctx.as(admin, { method: 'POST', url: `/api/admin/tools/${id}/approve`, payload: { action: 'approve' } });
    const same = await ctx.as(manager, { method: 'PUT', url: `/api/admin/tools/${id}`, payload: { config: TRANSFORM_CONFIG } });
    expect(same.json().status).toBe('approved');
    const changed = await ctx.as(manager, { method: 'PUT', url: `/api/admin/tools/${id}`, payload: { description: 'Now does more' } });
    expect(changed.json().status).toBe('pending_approval');
    const history = (await ctx.as(manager, { method: 'GET', url: `/api/admin/tools/${id}/history` })).json().items;
    expect(history[0]).toMatchObject({ from_status: 'approved', to_status: 'pending_approval', comment: TOOL_MESSAGES.sentBack });
  });

  it('disables and enables approved tools only, and submits only drafts and rejected tools', async () => {
    const id = await submitted(manager);
    await ctx.as(admin, { method: 'POST', url: `/api/admin/tools/${id}/approve`, payload: { action: 'approve' } });
    expect((await ctx.as(manager, { method: 'PUT', url: `/api/admin/tools/${id}`, payload: { is_enabled: false } })).json()).toMatchObject({
      status: 'disabled',
      is_enabled: false,
    });
    expect((await ctx.as(manager, { method: 'PUT', url: `/api/admin/tools/${id}`, payload: { is_enabled: true } })).json()).toMatchObject({
      status: 'approved',
      is_enabled: true,
    });
    const resubmit = await ctx.as(manager, { method: 'PUT', url: `/api/admin/tools/${id}`, payload: { status: 'pending_approval' } });
    expect(resubmit.statusCode).toBe(409);
    expect(resubmit.json().detail).toBe(TOOL_MESSAGES.cannotSubmit);
    const draft = (await create(manager, {})).json().id;
    const toggle = await ctx.as(manager, { method: 'PUT', url: `/api/admin/tools/${draft}`, payload: { is_enabled: false } });
    expect(toggle.statusCode).toBe(409);
    expect((await statusOf(draft)).status).toBe('draft');
  });
});

describe('configurations', () => {
  it('encrypts secrets at rest, masks them in answers, keeps masked ones and drops the ones left out', async () => {
    const tool = (await create(manager, { tool_type: 'http_request', config: { url: 'https://api.example.com/x' } })).json();
    const created = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/tools/configurations',
      payload: {
        tool_id: tool.id,
        environment: 'production',
        config: { url: 'https://prod.example.com/x' },
        secrets: { API_KEY: 'prod-key-123', OTHER: 'other-456' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().secrets).toEqual({ API_KEY: SECRET_MASK, OTHER: SECRET_MASK });
    const stored = (
      await ctx.db.query<{ secrets_encrypted: string; config: unknown }>('select secrets_encrypted, config from tool_configurations where id = $1', [
        created.json().id,
      ])
    ).rows[0]!;
    expect(stored.secrets_encrypted).not.toContain('prod-key-123');

    const again = await ctx.as(manager, { method: 'POST', url: '/api/admin/tools/configurations', payload: { tool_id: tool.id, environment: 'production' } });
    expect(again.statusCode).toBe(409);

    const updated = await ctx.as(manager, {
      method: 'PUT',
      url: `/api/admin/tools/configurations/${created.json().id}`,
      payload: { secrets: { API_KEY: SECRET_MASK, NEW_ONE: 'fresh' } },
    });
    expect(updated.json().secrets).toEqual({ API_KEY: SECRET_MASK, NEW_ONE: SECRET_MASK });
    const list = await ctx.as(manager, { method: 'GET', url: `/api/admin/tools/${tool.id}/configurations` });
    expect(list.body).not.toContain('prod-key-123');
    expect(list.body).not.toContain('fresh');
  });

  it('refuses overrides that leave the tool invalid, naming the field', async () => {
    const tool = (await create(manager, { tool_type: 'http_request', config: { url: 'https://api.example.com/x' } })).json();
    const res = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/tools/configurations',
      payload: { tool_id: tool.id, environment: 'staging', config: { timeout_ms: 5 } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_errors).toEqual([{ field: 'config.timeout_ms', message: 'At least 100 ms' }]);
  });
});

describe('test runs and analytics', () => {
  it('runs a tool on a sample input and records the run; a bad input is a 422 that records nothing', async () => {
    const tool = (await create(manager, {})).json();
    const ok = await ctx.as(manager, {
      method: 'POST',
      url: `/api/admin/tools/${tool.id}/test`,
      payload: { input: { first_name: 'Grace', last_name: 'Hopper' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'success',
      output: { full_name: 'Grace Hopper' },
      caller_type: 'test',
      caller_id: manager.id,
      caller_name: manager.email,
      environment: 'development',
    });

    const count = async () => (await ctx.db.query<{ n: number }>('select count(*)::int as n from tool_executions where tool_id = $1', [tool.id])).rows[0]!.n;
    expect(await count()).toBe(1);
    const bad = await ctx.as(manager, { method: 'POST', url: `/api/admin/tools/${tool.id}/test`, payload: { input: { first_name: 'Grace' } } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().validation_errors[0].field).toMatch(/^input/);
    expect(await count()).toBe(1);
  });

  it('counts calls, errors and latency percentiles over the window, with top errors and callers', async () => {
    const tool = await createTestTool(ctx.db, org.id);
    for (let i = 1; i <= 100; i += 1) await createTestExecution(ctx.db, tool, { latencyMs: i, callerType: 'mcp', callerId: 'key-1' });
    for (let i = 0; i < 3; i += 1) await createTestExecution(ctx.db, tool, { status: 'error', error: 'Upstream answered 503', latencyMs: 500 });
    await createTestExecution(ctx.db, tool, { status: 'timeout', error: 'Timed out after 1000 ms', latencyMs: 1000 });
    await createTestExecution(ctx.db, tool, { at: new Date(Date.now() - 30 * 86_400_000) });
    await foldRollups(ctx.db);
    const res = await ctx.as(manager, { method: 'GET', url: `/api/admin/tools/${tool.id}/analytics?days=7` });
    const body = res.json();
    expect(body).toMatchObject({ calls: 104, successes: 100, errors: 4, bucket: 'day', workflow_calls: 0, failed_cases: 0 });
    expect(body.error_rate).toBeCloseTo(4 / 104, 3);
    // Percentiles come from hourly histograms: within 12.5 % of the exact 52 ms and 500 ms.
    expect(body.latency_ms.p50).toBeGreaterThan(52 * 0.875);
    expect(body.latency_ms.p50).toBeLessThan(52 * 1.125);
    expect(body.latency_ms.p99).toBeGreaterThanOrEqual(500 * 0.875);
    expect(body.top_errors).toEqual([
      { error: 'Upstream answered 503', count: 3 },
      { error: 'Timed out after <n> ms', count: 1 },
    ]);
    expect(body.top_callers[0]).toMatchObject({ caller_type: 'mcp', caller_id: 'key-1', calls: 100 });
    expect(body.over_time.reduce((s: number, b: { calls: number }) => s + b.calls, 0)).toBe(104);

    const all = await ctx.as(manager, { method: 'GET', url: '/api/admin/tools/analytics?days=1' });
    expect(all.json().bucket).toBe('hour');
    expect(all.json().per_tool.find((t: { tool_id: string }) => t.tool_id === tool.id)).toMatchObject({ calls: 104, errors: 4 });
  });
});
