/**
 * mcp_proxy against a real MCP server: the official SDK's McpServer behind its Streamable HTTP transport
 * (stateless: a server and transport per request), listening on loopback.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { executeTool } from './execute-tool.ts';
import { makeTool, readExecution, runContext, startServer } from './test-support.ts';

const TOKEN = 'mcp-token-4f1c2b';

let ctx: TestContext;
let orgId: string;
let httpServer: http.Server;
let mcpUrl: string;
let port: number;
const seenAuth: (string | undefined)[] = [];

function remoteServer(): McpServer {
  const server = new McpServer({ name: 'remote-crm', version: '2.1.0' });
  server.registerTool('lookup_customer', { description: 'Finds a customer', inputSchema: { customer_id: z.string() } }, async ({ customer_id }) => ({
    content: [{ type: 'text', text: `Customer ${customer_id}` }],
    structuredContent: { customer_id, tier: 'gold', echo: TOKEN },
  }));
  server.registerTool('plain_text', { description: 'Answers text only', inputSchema: { q: z.string() } }, async ({ q }) => ({
    content: [{ type: 'text', text: `You asked ${q}` }],
  }));
  server.registerTool('always_fails', { description: 'Fails', inputSchema: {} }, async () => ({
    isError: true,
    content: [{ type: 'text', text: 'CRM is down' }],
  }));
  server.registerTool('slow', { description: 'Takes 2 s', inputSchema: {} }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { content: [{ type: 'text', text: 'late' }] };
  });
  return server;
}

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = (await ctx.createOrg()).id;
  httpServer = http.createServer(async (req, res) => {
    seenAuth.push(req.headers.authorization);
    const server = remoteServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  port = (httpServer.address() as AddressInfo).port;
  mcpUrl = `http://127.0.0.1:${port}/mcp`;
});
afterAll(async () => {
  httpServer?.closeAllConnections();
  await new Promise((resolve) => httpServer?.close(resolve));
  await ctx?.close();
});

const proxy = (remote_tool: string, extra: Record<string, unknown> = {}) =>
  makeTool(ctx.db, orgId, 'mcp_proxy', { server_url: mcpUrl, remote_tool, headers: { Authorization: 'Bearer {{secrets.TOKEN}}' }, timeout_ms: 5000, ...extra });

describe('mcp_proxy', () => {
  it('calls the remote tool and answers its structured content, secrets redacted in the record', async () => {
    const tool = await proxy('lookup_customer');
    const run = await executeTool(tool, { customer_id: 'c-17' }, runContext(ctx.db, { secrets: { TOKEN }, caller: { type: 'mcp', id: 'key-1' } }));
    expect(run).toMatchObject({ status: 'success', error: null, attempts: 1, output: { customer_id: 'c-17', tier: 'gold', echo: '[redacted]' } });
    expect(seenAuth.at(-1)).toBe(`Bearer ${TOKEN}`);

    const row = await readExecution(ctx.db, run.execution_id);
    expect(row).toMatchObject({
      caller_type: 'mcp',
      caller_id: 'key-1',
      status: 'success',
      request: {
        method: 'POST',
        url: mcpUrl,
        headers: { Authorization: '[redacted]' },
        body: { method: 'tools/call', params: { name: 'lookup_customer', arguments: { customer_id: 'c-17' } } },
      },
      response: { server: { name: 'remote-crm', version: '2.1.0' }, body: { structuredContent: { customer_id: 'c-17' } } },
    });
    expect(JSON.stringify(row)).not.toContain(TOKEN);
  });

  it('answers the content when there is no structured content', async () => {
    const run = await executeTool(await proxy('plain_text'), { q: 'hello' }, runContext(ctx.db));
    expect(run).toMatchObject({ status: 'success', output: [{ type: 'text', text: 'You asked hello' }] });
  });

  it('fails when the remote tool answers isError, or does not exist', async () => {
    const failed = await executeTool(await proxy('always_fails'), {}, runContext(ctx.db));
    expect(failed).toMatchObject({ status: 'error', error: 'The remote tool always_fails answered an error: CRM is down' });
    const unknown = await executeTool(await proxy('no_such_tool'), {}, runContext(ctx.db));
    expect(unknown.status).toBe('error');
    expect(unknown.error).toMatch(/no_such_tool/);
  });

  it('times out a slow remote tool', async () => {
    const run = await executeTool(await proxy('slow', { timeout_ms: 300 }), {}, runContext(ctx.db));
    expect(run).toMatchObject({ status: 'timeout', error: 'Timed out after 300 ms' });
    expect(run.latency_ms).toBeGreaterThanOrEqual(290);
    expect(run.latency_ms).toBeLessThan(1900);
  });

  it('goes through the SSRF guard', async () => {
    const before = seenAuth.length;
    const run = await executeTool(await proxy('lookup_customer'), { customer_id: 'x' }, runContext(ctx.db, { allowedHosts: [] }));
    expect(run).toMatchObject({ status: 'refused', error: 'Refused: 127.0.0.1 is a loopback address (allow it with TOOL_ALLOWED_HOSTS)' });
    expect(seenAuth.length).toBe(before);
    const allowedByPort = await executeTool(await proxy('lookup_customer'), { customer_id: 'x' }, runContext(ctx.db, { allowedHosts: [`127.0.0.1:${port}`] }));
    expect(allowedByPort.status).toBe('success');
  });

  it('fails cleanly when nothing listens there', async () => {
    const closed = await startServer(() => undefined);
    await closed.close(); // nothing listens on its port any more
    const run = await executeTool(await proxy('lookup_customer', { server_url: `${closed.origin}/mcp` }), { customer_id: 'x' }, runContext(ctx.db));
    expect(run.status).toBe('error');
    expect(run.error).toBe(`MCP call failed: connect ECONNREFUSED 127.0.0.1:${closed.port}`);
    expect((await readExecution(ctx.db, run.execution_id)).status).toBe('error');
  });
});
