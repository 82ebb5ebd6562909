/**
 * A tool's secrets go only where an administrator approved them to go (issue 31 item 2). A manager who changes what an
 * approved tool or its configuration calls sends it back for approval, and the secrets stay bound to the call they
 * were approved for: no MCP call, workflow step or test reaches another address with them. An approver's own change
 * keeps the approval, audited. Two loopback servers stand for the approved API and the manager's "elsewhere".
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SECRET_MASK, TOOL_MESSAGES } from '@admin-portal/contract/tools/api';
import { createTestApiKey, startTestCase } from '../../test/applications.factory.ts';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { chainGraph } from '../../test/applications.factory.ts';
import { createTestWorkflow } from '../../test/workflows.factory.ts';

const SECRET = 'prod-secret-7f3a9c';

interface Target {
  server: http.Server;
  url: string;
  seen: { url: string; authorization: string | undefined }[];
}

async function startTarget(): Promise<Target> {
  const seen: Target['seen'] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

let ctx: TestContext;
let base: string;
let org: { id: string };
let admin: TestUser;
let otherAdmin: TestUser;
let superAdmin: TestUser;
let manager: TestUser;
let approved: Target;
let elsewhere: Target;
let mcpKey: string;

beforeAll(async () => {
  approved = await startTarget();
  elsewhere = await startTarget();
  ctx = await createTestContext({ toolAllowedHosts: ['127.0.0.1'] });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  org = await ctx.createOrg('Secret Bank');
  admin = await ctx.createUser('admin', org.id);
  otherAdmin = await ctx.createUser('admin', org.id);
  superAdmin = await ctx.createUser('super_admin', org.id);
  manager = await ctx.createUser('manager', org.id);
  mcpKey = (await createTestApiKey(ctx.db, org.id, { scopes: ['mcp'], environment: 'production' })).key;
});
afterAll(async () => {
  await ctx?.close();
  for (const t of [approved, elsewhere]) await new Promise((resolve) => t?.server.close(resolve));
});
beforeEach(() => {
  approved.seen.length = 0;
  elsewhere.seen.length = 0;
});

let n = 0;

/** The finding's set-up: a manager's http_request tool sending the secret, approved, with a production configuration holding it. */
async function approvedToolWithSecret(author: TestUser = manager, approver: TestUser = admin) {
  n += 1;
  const name = `crm_lookup_${n}`;
  const created = await ctx.as(author, {
    method: 'POST',
    url: '/api/admin/tools',
    payload: {
      name,
      description: 'Looks a customer up',
      tool_type: 'http_request',
      config: { method: 'GET', url: `${approved.url}/dev`, headers: { Authorization: 'Bearer {{secrets.API_KEY}}' } },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  expect((await ctx.as(author, { method: 'PUT', url: `/api/admin/tools/${id}`, payload: { status: 'pending_approval' } })).statusCode).toBe(200);
  const decided = await ctx.as(approver, { method: 'POST', url: `/api/admin/tools/${id}/approve`, payload: { action: 'approve' } });
  expect(decided.json().status).toBe('approved');
  const configuration = await ctx.as(approver, {
    method: 'POST',
    url: '/api/admin/tools/configurations',
    payload: { tool_id: id, environment: 'production', config: { url: `${approved.url}/prod` }, secrets: { API_KEY: SECRET } },
  });
  expect(configuration.statusCode, configuration.body).toBe(201);
  expect(configuration.json()).toMatchObject({ secrets_approved: true, tool_status: 'approved' });
  return { id, name, configurationId: configuration.json().id as string };
}

async function mcpCall(name: string) {
  const client = new Client({ name: 'approval-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${mcpKey}` } } }));
  try {
    const listed = (await client.listTools()).tools.map((t) => t.name);
    const result = await client.callTool({ name, arguments: {} });
    return { listed, result };
  } finally {
    await client.close();
  }
}

const statusOf = async (id: string) => (await ctx.db.query<{ status: string }>('select status from tools where id = $1', [id])).rows[0]!.status;
const testIn = (user: TestUser, id: string, environment = 'production') =>
  ctx.as(user, { method: 'POST', url: `/api/admin/tools/${id}/test`, payload: { input: {}, environment } });
const putConfiguration = (user: TestUser, id: string, body: Record<string, unknown>) =>
  ctx.as(user, { method: 'PUT', url: `/api/admin/tools/configurations/${id}`, payload: body });
const sentNowhere = () => expect(elsewhere.seen).toEqual([]);

describe("a manager's change to what an approved tool calls", () => {
  it('sends it back for approval: the secret never reaches the new address by MCP, workflow or test', async () => {
    const tool = await approvedToolWithSecret();
    const wf = await createTestWorkflow(ctx.db, org.id, {
      status: 'active',
      graph: chainGraph([['lookup', 'tool', { tool_name: tool.name, input_mapping: {}, output_field: 'crm' }]]),
    });
    const before = await mcpCall(tool.name);
    expect(before.result.isError, JSON.stringify(before.result)).toBeFalsy();
    expect(approved.seen).toEqual([{ url: '/prod', authorization: `Bearer ${SECRET}` }]);
    approved.seen.length = 0;

    // The finding: a new URL with the secret kept under its mask.
    const changed = await putConfiguration(manager, tool.configurationId, { config: { url: `${elsewhere.url}/steal` }, secrets: { API_KEY: SECRET_MASK } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ tool_status: 'pending_approval', secrets_approved: false, secrets: { API_KEY: SECRET_MASK } });
    expect(await statusOf(tool.id)).toBe('pending_approval');
    const history = (await ctx.as(manager, { method: 'GET', url: `/api/admin/tools/${tool.id}/history` })).json().items;
    expect(history[0]).toMatchObject({
      from_status: 'approved',
      to_status: 'pending_approval',
      comment: TOOL_MESSAGES.configurationSentBack,
      changed_by: manager.id,
    });

    const after = await mcpCall(tool.name);
    expect(after.listed).not.toContain(tool.name);
    expect(after.result.isError).toBe(true);

    const caseId = await startTestCase(ctx, wf.id, org.id);
    const failed = await ctx.db.query<{ status: string }>('select status from applications where id = $1', [caseId]);
    expect(failed.rows[0]!.status).not.toBe('completed');

    const test = await testIn(manager, tool.id);
    expect(test.statusCode).toBe(409);
    expect(test.json()).toMatchObject({
      detail: `The production configuration of "${tool.name}" changed: its secrets were approved for another call: they are not sent until an administrator approves the tool again, or they are entered again`,
      validation_errors: [{ field: 'environment', message: TOOL_MESSAGES.secretsNotApproved }],
    });
    sentNowhere();
    expect(approved.seen).toEqual([]);

    const audit = await ctx.db.query<{ changes: Record<string, unknown> }>(
      `select changes from audit_logs where action = 'tool_configuration.update' and target_id = $1`,
      [tool.configurationId],
    );
    expect(audit.rows[0]!.changes).toMatchObject({ call_changed: true, approval: 'sent_back' });

    // Once an administrator approves what it calls now, it runs there with the secret: that is what was approved.
    await ctx.as(admin, { method: 'POST', url: `/api/admin/tools/${tool.id}/approve`, payload: { action: 'approve' } });
    expect((await testIn(manager, tool.id)).json()).toMatchObject({ status: 'success' });
    expect(elsewhere.seen).toEqual([{ url: '/steal', authorization: `Bearer ${SECRET}` }]);
  });

  it('never reads the secret for a call it was not approved for, even when the tool is approved again by another path', async () => {
    const tool = await approvedToolWithSecret();
    await putConfiguration(manager, tool.configurationId, { config: { url: `${elsewhere.url}/steal` }, secrets: { API_KEY: SECRET_MASK } });
    // A status set without an approval (a restore, a direct edit): the run still checks what the secret was approved for.
    await ctx.db.query(`update tools set status = 'approved' where id = $1`, [tool.id]);
    const call = await mcpCall(tool.name);
    expect(call.listed).toContain(tool.name);
    expect(call.result.isError).toBe(true);
    expect(JSON.stringify(call.result.content)).toContain('its secrets were approved for another call');
    sentNowhere();
  });

  it('counts every route that changes the call: the tool itself, a new, a switched off or a deleted configuration', async () => {
    const base_ = await approvedToolWithSecret();
    const edited = await ctx.as(manager, {
      method: 'PUT',
      url: `/api/admin/tools/${base_.id}`,
      payload: {
        config: { method: 'GET', url: `${elsewhere.url}/x`, headers: { Authorization: 'Bearer {{secrets.API_KEY}}', 'X-Copy': '{{secrets.API_KEY}}' } },
      },
    });
    expect(edited.json().status).toBe('pending_approval');
    // The production configuration keeps its URL, but the headers it sends come from the tool: its secret is held back.
    const configuration = (await ctx.as(manager, { method: 'GET', url: `/api/admin/tools/${base_.id}/configurations` })).json().items[0];
    expect(configuration).toMatchObject({ secrets_approved: false, tool_status: 'pending_approval' });
    expect((await testIn(manager, base_.id)).statusCode).toBe(409);

    const added = await approvedToolWithSecret();
    const staging = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/tools/configurations',
      payload: { tool_id: added.id, environment: 'staging', config: { url: `${elsewhere.url}/staging` } },
    });
    expect(staging.statusCode).toBe(201);
    expect(staging.json().tool_status).toBe('pending_approval');

    const inactive = await approvedToolWithSecret();
    expect((await putConfiguration(manager, inactive.configurationId, { is_active: false })).json()).toMatchObject({
      tool_status: 'pending_approval',
      secrets_approved: true,
    });

    const deleted = await approvedToolWithSecret();
    const removed = await ctx.as(manager, { method: 'DELETE', url: `/api/admin/tools/configurations/${deleted.configurationId}` });
    expect(removed.json()).toEqual({ success: true, message: TOOL_MESSAGES.configurationDeletedSentBack });
    expect(await statusOf(deleted.id)).toBe('pending_approval');
    sentNowhere();
  });

  it('keeps the approval for changes that call nothing new: a kept secret, a new secret value, a configuration that only holds secrets', async () => {
    const tool = await approvedToolWithSecret();
    const kept = await putConfiguration(manager, tool.configurationId, { secrets: { API_KEY: SECRET_MASK } });
    expect(kept.json()).toMatchObject({ tool_status: 'approved', secrets_approved: true });
    const rotated = await putConfiguration(manager, tool.configurationId, { secrets: { API_KEY: 'rotated-value' } });
    expect(rotated.json()).toMatchObject({ tool_status: 'approved', secrets_approved: true });
    const onlySecrets = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/tools/configurations',
      payload: { tool_id: tool.id, environment: 'staging', secrets: { API_KEY: 'staging-key' } },
    });
    expect(onlySecrets.json()).toMatchObject({ tool_status: 'approved', secrets_approved: true });
    expect((await mcpCall(tool.name)).result.isError).toBeFalsy();
    expect(approved.seen.at(-1)).toEqual({ url: '/prod', authorization: 'Bearer rotated-value' });
  });

  it('binds secrets all entered anew to the new call (the manager knows them), never the approved one', async () => {
    const tool = await approvedToolWithSecret();
    const replaced = await putConfiguration(manager, tool.configurationId, {
      config: { url: `${elsewhere.url}/own` },
      secrets: { API_KEY: 'managers-own-key' },
    });
    expect(replaced.json()).toMatchObject({ tool_status: 'pending_approval', secrets_approved: true });
    expect((await testIn(manager, tool.id)).json()).toMatchObject({ status: 'success' });
    expect(elsewhere.seen).toEqual([{ url: '/own', authorization: 'Bearer managers-own-key' }]);
    // A masked name that is not stored adds nothing: the approved secret cannot be re-added under its mask.
    const readded = await putConfiguration(manager, tool.configurationId, { secrets: { API_KEY: 'managers-own-key', OLD: SECRET_MASK } });
    expect(Object.keys(readded.json().secrets)).toEqual(['API_KEY']);
    // Nor can a new configuration for another environment copy it.
    const copy = await ctx.as(manager, {
      method: 'POST',
      url: '/api/admin/tools/configurations',
      payload: { tool_id: tool.id, environment: 'staging', config: { url: `${elsewhere.url}/copy` }, secrets: { API_KEY: SECRET_MASK } },
    });
    expect(copy.json().secrets).toEqual({});
    expect((await testIn(manager, tool.id, 'staging')).json()).toMatchObject({ status: 'success' });
    expect(elsewhere.seen.at(-1)!.url).toBe('/copy');
    expect(JSON.stringify(elsewhere.seen)).not.toContain(SECRET);
  });
});

describe("an approver's change", () => {
  it('keeps the tool approved, audited, and binds the secret to the new call', async () => {
    const tool = await approvedToolWithSecret(manager, admin);
    const moved = await putConfiguration(otherAdmin, tool.configurationId, { config: { url: `${elsewhere.url}/moved` }, secrets: { API_KEY: SECRET_MASK } });
    expect(moved.json()).toMatchObject({ tool_status: 'approved', secrets_approved: true });
    const audit = await ctx.db.query<{ changes: Record<string, unknown>; actor_id: string }>(
      `select changes, actor_id from audit_logs where action = 'tool_configuration.update' and target_id = $1`,
      [tool.configurationId],
    );
    expect(audit.rows[0]).toMatchObject({ actor_id: otherAdmin.id, changes: { call_changed: true, approval: 'kept_approved' } });
    expect((await mcpCall(tool.name)).result.isError).toBeFalsy();
    expect(elsewhere.seen).toEqual([{ url: '/moved', authorization: `Bearer ${SECRET}` }]);

    const definition = await ctx.as(admin, { method: 'PUT', url: `/api/admin/tools/${tool.id}`, payload: { description: 'Looks a customer up, faster' } });
    expect(definition.json().status).toBe('approved');
    const toolAudit = await ctx.db.query<{ changes: Record<string, unknown> }>(
      `select changes from audit_logs where action = 'tool.update' and target_id = $1 order by created_at desc limit 1`,
      [tool.id],
    );
    expect(toolAudit.rows[0]!.changes).toMatchObject({ approval: 'kept: changed by an approver' });
  });

  it('is not an approval of one’s own tool: an administrator who created it sends it back, a super admin keeps it', async () => {
    const own = await approvedToolWithSecret(admin, otherAdmin);
    const changed = await putConfiguration(admin, own.configurationId, { config: { url: `${elsewhere.url}/mine` }, secrets: { API_KEY: SECRET_MASK } });
    expect(changed.json()).toMatchObject({ tool_status: 'pending_approval', secrets_approved: false });
    expect((await testIn(admin, own.id)).statusCode).toBe(409);
    sentNowhere();

    const bySuper = await approvedToolWithSecret(superAdmin, superAdmin);
    expect(
      (await putConfiguration(superAdmin, bySuper.configurationId, { config: { url: `${approved.url}/v2` }, secrets: { API_KEY: SECRET_MASK } })).json(),
    ).toMatchObject({
      tool_status: 'approved',
      secrets_approved: true,
    });
  });
});
