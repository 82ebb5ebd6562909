import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../test/harness.ts';
import { createTestConfiguration, createTestTool } from '../../test/tools.factory.ts';
import { MCP_KEY_REQUIRED } from './mcp.routes.ts';

/** The MCP endpoint through the official SDK's client over real HTTP, against tools that really run. */

let ctx: TestContext;
let base: string;
let admin: TestUser;
let org: { id: string };
let target: http.Server;
let targetUrl: string;
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  // A loopback API the http_request tool calls (allowed through TOOL_ALLOWED_HOSTS).
  target = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ id: req.url?.split('/').pop(), risk: 'low' }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;

  ctx = await createTestContext({ toolAllowedHosts: ['127.0.0.1'] });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  org = await ctx.createOrg();
  admin = await ctx.createUser('admin', org.id);
});

afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => target?.close(resolve));
});

async function newKey(user: TestUser, body: Record<string, unknown> = {}) {
  const res = await ctx.as(user, { method: 'POST', url: '/api/admin/api-keys', payload: { name: 'Agent', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; key: string };
}

async function connect(key: string) {
  const client = new Client({ name: 'admin-portal-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

describe('MCP endpoint', () => {
  it('lists only approved, enabled tools with their input schemas and runs them, recording each call', async () => {
    const transform = await createTestTool(ctx.db, org.id, { name: 'full_name', status: 'approved' });
    const lookup = await createTestTool(ctx.db, org.id, {
      name: 'risk_lookup',
      status: 'approved',
      toolType: 'http_request',
      config: { method: 'GET', url: 'https://placeholder.example/risk/{{input.id}}', headers: { 'X-API-Key': '{{secrets.API_KEY}}' } },
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    });
    // The key's environment (production) points the tool at the loopback API, with its secret.
    await createTestConfiguration(ctx.db, lookup, ctx.app.secrets.secretKey, {
      environment: 'production',
      config: { url: `${targetUrl}/risk/{{input.id}}` },
      secrets: { API_KEY: 'prod-secret-value' },
    });
    await createTestTool(ctx.db, org.id, { name: 'still_draft', status: 'draft' });
    await createTestTool(ctx.db, org.id, { name: 'switched_off', status: 'disabled' });
    const { id: keyId, key } = await newKey(admin);

    const client = await connect(key);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['full_name', 'risk_lookup']);
    expect(tools.find((t) => t.name === 'risk_lookup')!.inputSchema).toMatchObject({ type: 'object', required: ['id'] });

    const named = await client.callTool({ name: 'full_name', arguments: { first_name: 'Ada', last_name: 'Lovelace' } });
    expect(named.isError).toBeFalsy();
    expect(named.structuredContent).toEqual({ full_name: 'Ada Lovelace' });

    const risk = await client.callTool({ name: 'risk_lookup', arguments: { id: 'c-42' } });
    expect(risk.isError, JSON.stringify(risk)).toBeFalsy();
    expect(risk.structuredContent).toEqual({ id: 'c-42', risk: 'low' });
    expect(seen.at(-1)).toMatchObject({ url: '/risk/c-42', headers: { 'x-api-key': 'prod-secret-value' } });

    const bad = await client.callTool({ name: 'full_name', arguments: { first_name: 'Ada' } });
    expect(bad.isError).toBe(true);
    expect(JSON.stringify(bad.content)).toContain('Invalid arguments');
    const hidden = await client.callTool({ name: 'still_draft', arguments: {} });
    expect(hidden.isError).toBe(true);
    await client.close();

    const rows = await ctx.db.query<{ tool_id: string; caller_type: string; caller_id: string; environment: string; status: string; request: unknown }>(
      'select tool_id, caller_type, caller_id, environment, status, request from tool_executions where caller_type = $1 order by created_at',
      ['mcp'],
    );
    expect(rows.rows.map((r) => [r.tool_id, r.caller_id, r.environment, r.status])).toEqual([
      [transform.id, keyId, 'production', 'success'],
      [lookup.id, keyId, 'production', 'success'],
    ]);
    expect(JSON.stringify(rows.rows)).not.toContain('prod-secret-value');
    const key_ = (await ctx.db.query<{ last_used_at: Date | null }>('select last_used_at from api_keys where id = $1', [keyId])).rows[0]!;
    expect(key_.last_used_at).not.toBeNull();
  });

  it('refuses missing, wrong, revoked and out-of-scope keys; another organization sees only its own tools', async () => {
    const noKey = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ detail: MCP_KEY_REQUIRED });
    await expect(connect('apk_not-a-real-key')).rejects.toThrow();

    const { id, key } = await newKey(admin);
    expect((await ctx.as(admin, { method: 'DELETE', url: `/api/admin/api-keys/${id}` })).statusCode).toBe(200);
    await expect(connect(key)).rejects.toThrow();

    const intakeOnly = await newKey(admin, { scopes: ['intake'] });
    await expect(connect(intakeOnly.key)).rejects.toThrow();

    const otherOrg = await ctx.createOrg();
    await createTestTool(ctx.db, otherOrg.id, { name: 'theirs', status: 'approved' });
    const other = await newKey(await ctx.createUser('admin', otherOrg.id));
    const client = await connect(other.key);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['theirs']);
    expect((await client.callTool({ name: 'full_name', arguments: { first_name: 'A', last_name: 'B' } })).isError).toBe(true);
    await client.close();
  });

  it("tells where to connect from the configured public URL, never from the request's Host header", async () => {
    const res = await ctx.as(admin, {
      method: 'GET',
      url: '/api/admin/mcp',
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toBe(`${ctx.config.publicUrl}/mcp`);
    const other = await ctx.anotherApp({ publicUrl: 'https://portal.example.com' });
    const token = (await ctx.login(admin.email)).access_token;
    const behindProxy = await other.inject({ method: 'GET', url: '/api/admin/mcp', headers: { authorization: `Bearer ${token}`, host: 'attacker.example' } });
    expect(behindProxy.json().url).toBe('https://portal.example.com/mcp');
  });

  it('answers GET with 405: the endpoint is stateless', async () => {
    const { key } = await newKey(admin);
    const res = await fetch(`${base}/mcp`, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
    expect(res.status).toBe(405);
  });
});

describe('API keys', () => {
  it('shows a key once, lists it masked, and keeps managers out', async () => {
    const created = await newKey(admin, { name: 'Shown once', environment: 'staging' });
    const list = await ctx.as(admin, { method: 'GET', url: '/api/admin/api-keys' });
    expect(list.body).not.toContain(created.key);
    expect(list.json().items.find((k: { id: string }) => k.id === created.id)).toMatchObject({
      name: 'Shown once',
      environment: 'staging',
      prefix: created.key.slice(0, 12),
    });
    const manager = await ctx.createUser('manager', org.id);
    expect((await ctx.as(manager, { method: 'POST', url: '/api/admin/api-keys', payload: { name: 'Nope' } })).statusCode).toBe(403);
    const stored = await ctx.db.query<{ key_hash: string }>('select key_hash from api_keys where id = $1', [created.id]);
    expect(stored.rows[0]!.key_hash).not.toContain(created.key);
    const again = await ctx.as(admin, { method: 'DELETE', url: `/api/admin/api-keys/${created.id}` });
    expect(again.statusCode).toBe(200);
    expect((await ctx.as(admin, { method: 'DELETE', url: `/api/admin/api-keys/${created.id}` })).statusCode).toBe(409);
  });
});
