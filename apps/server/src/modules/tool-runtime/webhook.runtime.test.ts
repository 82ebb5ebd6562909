import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { executeTool } from './execute-tool.ts';
import { makeTool, readExecution, runContext, sendJson, startServer, type TestServer } from './test-support.ts';

const SIGNING_SECRET = 'whsec_9f8e7d6c5b4a';

let ctx: TestContext;
let orgId: string;
let server: TestServer;
let failuresLeft = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = (await ctx.createOrg()).id;
  // The receiving end verifies the signature over the exact bytes it got, as a real webhook consumer would.
  server = await startServer((req, res) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return sendJson(res, 502, { error: 'bad gateway' });
    }
    const header = String(req.headers['x-signature-256'] ?? '');
    const expected = `sha256=${createHmac('sha256', SIGNING_SECRET).update(req.body).digest('hex')}`;
    const valid = header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected));
    if (req.url === '/signed' && !valid) return sendJson(res, 401, { error: 'bad signature' });
    sendJson(res, 202, { received: JSON.parse(req.body), verified: valid });
  });
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

describe('webhook', () => {
  it('POSTs the filled payload signed with HMAC-SHA256, answers {status, body} and never records the secret', async () => {
    const tool = await makeTool(ctx.db, orgId, 'webhook', {
      url: `${server.origin}/signed`,
      payload_template: '{"event":"application.approved","id":"{{input.application_id}}","score":"{{input.score}}","env":"{{environment}}"}',
      signing_secret: 'HOOK_SECRET',
      retries: 0,
    });
    const run = await executeTool(
      tool,
      { application_id: 'app-1', score: 0.93 },
      runContext(ctx.db, { secrets: { HOOK_SECRET: SIGNING_SECRET }, caller: { type: 'workflow', id: 'application-42' } }),
    );
    expect(run).toMatchObject({
      status: 'success',
      attempts: 1,
      output: { status: 202, body: { received: { event: 'application.approved', id: 'app-1', score: 0.93, env: 'development' }, verified: true } },
    });
    const got = server.received.at(-1)!;
    expect(got.method).toBe('POST');
    expect(got.headers['content-type']).toBe('application/json');

    const row = await readExecution(ctx.db, run.execution_id);
    expect(row).toMatchObject({ caller_type: 'workflow', caller_id: 'application-42', status: 'success' });
    expect((row.request as { headers: Record<string, string> }).headers['X-Signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(SIGNING_SECRET);
  });

  it('sends the input as it is with an empty payload template', async () => {
    const tool = await makeTool(ctx.db, orgId, 'webhook', { url: `${server.origin}/plain`, retries: 0 });
    const run = await executeTool(tool, { a: 1, b: [true] }, runContext(ctx.db));
    expect(run.output).toEqual({ status: 202, body: { received: { a: 1, b: [true] }, verified: false } });
    expect(server.received.at(-1)!.headers['x-signature-256']).toBeUndefined();
  });

  it('retries as configured (2 by default) and counts the attempts', async () => {
    failuresLeft = 2;
    const tool = await makeTool(ctx.db, orgId, 'webhook', { url: `${server.origin}/plain` });
    const run = await executeTool(tool, {}, runContext(ctx.db));
    expect(run).toMatchObject({ status: 'success', attempts: 3 });

    failuresLeft = 5;
    const exhausted = await executeTool(await makeTool(ctx.db, orgId, 'webhook', { url: `${server.origin}/plain`, retries: 1 }), {}, runContext(ctx.db));
    expect(exhausted).toMatchObject({ status: 'error', error: 'HTTP 502 Bad Gateway', attempts: 2, output: null });
    failuresLeft = 0;
  });

  it('fails when the signing secret is not set, and on a rejected signature', async () => {
    const tool = await makeTool(ctx.db, orgId, 'webhook', { url: `${server.origin}/signed`, signing_secret: 'HOOK_SECRET', retries: 0 });
    const missing = await executeTool(tool, {}, runContext(ctx.db));
    expect(missing).toMatchObject({ status: 'error', error: 'The signing secret HOOK_SECRET is not set in the development configuration' });
    const wrong = await executeTool(tool, {}, runContext(ctx.db, { secrets: { HOOK_SECRET: 'not-the-secret' } }));
    expect(wrong).toMatchObject({ status: 'error', error: 'HTTP 401 Unauthorized', response: { status: 401 } });
  });

  it('is refused by the SSRF guard like any outbound call', async () => {
    const tool = await makeTool(ctx.db, orgId, 'webhook', { url: `${server.origin}/plain`, retries: 2 });
    const run = await executeTool(tool, {}, runContext(ctx.db, { allowedHosts: [] }));
    expect(run).toMatchObject({ status: 'refused', attempts: 1 });
  });
});
