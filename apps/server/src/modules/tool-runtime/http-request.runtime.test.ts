/**
 * http_request through executeTool: real HTTP servers on loopback (let through the SSRF guard by the allow-list)
 * and a real database, so each test also reads back the tool_executions row it wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { executeTool, ToolInputError } from './execute-tool.ts';
import { makeTool, readExecution, runContext, sendJson, startServer, type TestServer } from './test-support.ts';

const SECRET = 'sk_live_Zq9!x y/+=&';

let ctx: TestContext;
let orgId: string;
let server: TestServer;
/** Answers per path; everything else echoes what it received. */
let attemptsByPath: Map<string, number>;

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = (await ctx.createOrg()).id;
  attemptsByPath = new Map();
  server = await startServer(async (req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    const attempt = (attemptsByPath.get(path) ?? 0) + 1;
    attemptsByPath.set(path, attempt);
    if (path === '/flaky') return attempt < 3 ? sendJson(res, 503, { error: 'busy' }) : sendJson(res, 200, { ok: true, attempt });
    if (path === '/down') return sendJson(res, 500, { error: 'down' });
    if (path === '/missing') return sendJson(res, 404, { error: 'no such customer' });
    if (path === '/hang') return; // never answers
    if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 5000 });
      return void res.end('x'.repeat(5000));
    }
    if (path === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 10; i += 1) res.write('y'.repeat(500));
      return void res.end();
    }
    if (path === '/text') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('plain answer');
    }
    if (path === '/redirect') {
      res.writeHead(302, { location: '/final?from=redirect' });
      return void res.end();
    }
    if (path === '/redirect-private') {
      res.writeHead(302, { location: 'http://10.0.0.1/' });
      return void res.end();
    }
    if (path === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return void res.end();
    }
    sendJson(
      res,
      200,
      {
        data: { items: [{ id: 7 }] },
        method: req.method,
        path,
        query: Object.fromEntries(new URL(req.url, 'http://x').searchParams),
        echo: req.headers['x-trace'],
        body: req.body ? JSON.parse(req.body) : null,
      },
      { 'set-cookie': 'sid=abc' },
    );
  });
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

const httpTool = (config: Record<string, unknown>, schemas?: Parameters<typeof makeTool>[4]) =>
  makeTool(ctx.db, orgId, 'http_request', { method: 'GET', timeout_ms: 5000, ...config }, schemas);
const countRows = async () =>
  (await ctx.db.query<{ n: number }>('select count(*)::int as n from tool_executions where organization_id = $1', [orgId])).rows[0]!.n;

describe('http_request', () => {
  it('sends GET with filled URL, query and headers, and records it with secrets redacted', async () => {
    const tool = await httpTool({
      url: `${server.origin}/customers/{{input.customer_id}}`,
      query: { q: '{{input.q}}', key: '{{secrets.API_KEY}}', optional: '{{input.nope}}' },
      headers: { Authorization: 'Bearer {{secrets.API_KEY}}', 'X-Trace': 'trace-{{secrets.API_KEY}}', 'X-Env': '{{environment}}' },
    });
    const run = await executeTool(
      tool,
      { customer_id: 'c/1', q: 'a b' },
      runContext(ctx.db, { secrets: { API_KEY: SECRET }, caller: { type: 'test', id: 'user-1' } }),
    );
    expect(run).toMatchObject({ status: 'success', error: null, attempts: 1 });

    const got = server.received.at(-1)!;
    expect(got.method).toBe('GET');
    expect(got.url.startsWith('/customers/c%2F1?')).toBe(true);
    const query = new URL(got.url, 'http://x').searchParams;
    expect(query.get('q')).toBe('a b');
    expect(query.get('key')).toBe(SECRET);
    expect(query.has('optional')).toBe(false);
    expect(got.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(got.headers['x-env']).toBe('development');

    // The server echoed the secret back: the output is redacted too.
    expect(run.output).toMatchObject({ method: 'GET', echo: 'trace-[redacted]', query: { q: 'a b', key: '[redacted]' } });

    const row = await readExecution(ctx.db, run.execution_id);
    expect(row).toMatchObject({
      tool_id: tool.id,
      organization_id: orgId,
      caller_type: 'test',
      caller_id: 'user-1',
      environment: 'development',
      status: 'success',
      attempts: 1,
    });
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(JSON.stringify(row)).not.toContain(encodeURIComponent(SECRET));
    expect(JSON.stringify(row)).not.toContain('sk_live');
    const request = row.request as { method: string; url: string; headers: Record<string, string> };
    expect(request.method).toBe('GET');
    expect(request.url).toContain('/customers/c%2F1?q=a+b&key=[redacted]');
    expect(request.headers).toMatchObject({ Authorization: '[redacted]', 'X-Trace': 'trace-[redacted]', 'X-Env': 'development' });
    const response = row.response as { status: number; headers: Record<string, string>; body: unknown };
    expect(response.status).toBe(200);
    expect(response.headers['set-cookie']).toBe('[redacted]');
    expect(response.headers['content-type']).toBe('application/json');
    expect(row.input).toEqual({ customer_id: 'c/1', q: 'a b' });
    expect(row.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('POSTs the filled JSON body with its types, and redacts secrets in the recorded body', async () => {
    const tool = await httpTool({
      method: 'POST',
      url: `${server.origin}/payments`,
      body_template: '{"customer":"{{input.customer_id}}","amount":"{{input.amount}}","note":"Pay {{input.amount}}","token":"{{secrets.API_KEY}}"}',
    });
    const run = await executeTool(tool, { customer_id: 'c-9', amount: 12.5 }, runContext(ctx.db, { secrets: { API_KEY: SECRET } }));
    expect(run.status).toBe('success');
    const got = server.received.at(-1)!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got.body)).toEqual({ customer: 'c-9', amount: 12.5, note: 'Pay 12.5', token: SECRET });
    const row = await readExecution(ctx.db, run.execution_id);
    expect((row.request as { body: unknown }).body).toEqual({ customer: 'c-9', amount: 12.5, note: 'Pay 12.5', token: '[redacted]' });
    expect(JSON.stringify(row)).not.toContain(SECRET);
  });

  it('sends the input as it is when the body template is empty, and picks result_path', async () => {
    const tool = await httpTool({ method: 'PUT', url: `${server.origin}/things`, result_path: 'body.nested.value' });
    const run = await executeTool(tool, { nested: { value: [1, 2] } }, runContext(ctx.db));
    expect(run).toMatchObject({ status: 'success', output: [1, 2] });
    expect(JSON.parse(server.received.at(-1)!.body)).toEqual({ nested: { value: [1, 2] } });
    const missing = await executeTool(await httpTool({ url: `${server.origin}/things`, result_path: 'data.nothing.here' }), {}, runContext(ctx.db));
    expect(missing).toMatchObject({ status: 'success', output: null });
  });

  it('answers text for a non-JSON response', async () => {
    const run = await executeTool(await httpTool({ url: `${server.origin}/text` }), {}, runContext(ctx.db));
    expect(run).toMatchObject({ status: 'success', output: 'plain answer' });
  });

  it('fails a non-2xx answer with its HTTP status, keeping the response', async () => {
    const run = await executeTool(await httpTool({ url: `${server.origin}/missing`, retries: 2 }), {}, runContext(ctx.db));
    expect(run).toMatchObject({ status: 'error', error: 'HTTP 404 Not Found', attempts: 1, output: null });
    expect(run.response).toMatchObject({ status: 404, body: { error: 'no such customer' } });
    const row = await readExecution(ctx.db, run.execution_id);
    expect(row).toMatchObject({ status: 'error', error: 'HTTP 404 Not Found', response: { status: 404, body: { error: 'no such customer' } } });
  });

  it('retries after 5xx answers and counts the attempts', async () => {
    attemptsByPath.delete('/flaky');
    const run = await executeTool(await httpTool({ url: `${server.origin}/flaky`, retries: 2 }), {}, runContext(ctx.db));
    expect(run).toMatchObject({ status: 'success', attempts: 3, output: { ok: true, attempt: 3 } });
    expect((await readExecution(ctx.db, run.execution_id)).attempts).toBe(3);

    attemptsByPath.delete('/down');
    const down = await executeTool(await httpTool({ url: `${server.origin}/down`, retries: 1 }), {}, runContext(ctx.db));
    expect(down).toMatchObject({ status: 'error', error: 'HTTP 500 Internal Server Error', attempts: 2 });
    expect(attemptsByPath.get('/down')).toBe(2);
  });

  it('retries after a network error', async () => {
    const closed = await startServer(() => undefined);
    await closed.close(); // nothing listens on its port any more
    const run = await executeTool(await httpTool({ url: `${closed.origin}/x`, retries: 1 }), {}, runContext(ctx.db));
    expect(run.status).toBe('error');
    expect(run.error).toMatch(/^Network error: .*ECONNREFUSED/);
    expect(run.attempts).toBe(2);
  });

  it('times out a server that never answers', async () => {
    const run = await executeTool(await httpTool({ url: `${server.origin}/hang`, timeout_ms: 300 }), {}, runContext(ctx.db));
    expect(run).toMatchObject({ status: 'timeout', error: 'Timed out after 300 ms', attempts: 1 });
    expect(run.latency_ms).toBeGreaterThanOrEqual(290);
    expect(run.latency_ms).toBeLessThan(2000);
    expect((await readExecution(ctx.db, run.execution_id)).status).toBe('timeout');
  });

  it('stops reading beyond max_response_bytes (declared or streamed)', async () => {
    for (const path of ['/big', '/big-chunked']) {
      const run = await executeTool(await httpTool({ url: `${server.origin}${path}`, max_response_bytes: 1024, retries: 2 }), {}, runContext(ctx.db));
      expect(run).toMatchObject({ status: 'error', error: 'Response larger than 1024 bytes', attempts: 1 });
      expect(run.response).toMatchObject({ status: 200, truncated: true });
    }
  });

  it('follows a redirect, checking the new location', async () => {
    const run = await executeTool(await httpTool({ url: `${server.origin}/redirect` }), {}, runContext(ctx.db));
    expect(run).toMatchObject({ status: 'success', output: { path: '/final', query: { from: 'redirect' } } });
    expect(run.response).toMatchObject({ url: `${server.origin}/final?from=redirect` });

    const refused = await executeTool(await httpTool({ url: `${server.origin}/redirect-private` }), {}, runContext(ctx.db));
    expect(refused).toMatchObject({ status: 'refused', error: 'Refused: 10.0.0.1 is a private address (allow it with TOOL_ALLOWED_HOSTS)' });

    const loop = await executeTool(await httpTool({ url: `${server.origin}/loop`, retries: 0 }), {}, runContext(ctx.db));
    expect(loop).toMatchObject({ status: 'error', error: 'Too many redirects (more than 3)' });
  });
});

describe('SSRF guard', () => {
  it.each([
    ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/x`, /^Refused: 127\.0\.0\.1 is a loopback address \(allow it with TOOL_ALLOWED_HOSTS\)$/],
    ['localhost', (port: number) => `http://localhost:${port}/x`, /^Refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address/],
    ['10.x', () => 'http://10.20.30.40/x', /^Refused: 10\.20\.30\.40 is a private address/],
    ['metadata', () => 'http://169.254.169.254/latest/meta-data/', /^Refused: 169\.254\.169\.254 is the cloud metadata address/],
    ['[::1]', (port: number) => `http://[::1]:${port}/x`, /^Refused: ::1 is a loopback address/],
  ])('refuses %s without calling it, and records the refusal', async (_name, url, message) => {
    const before = server.received.length;
    const tool = await httpTool({ url: url(server.port) });
    const run = await executeTool(tool, {}, runContext(ctx.db, { allowedHosts: [] }));
    expect(run.status).toBe('refused');
    expect(run.error).toMatch(message);
    expect(server.received.length).toBe(before);
    expect(await readExecution(ctx.db, run.execution_id)).toMatchObject({ status: 'refused', error: run.error });
  });

  it('refuses a host name that resolves to loopback, and lets it through when allowed, connecting to the checked address', async () => {
    let lookups = 0;
    const resolve = async () => {
      lookups += 1;
      return [{ address: '127.0.0.1', family: 4 as const }];
    };
    const tool = await httpTool({ url: `http://rebind.example.test:${server.port}/pinned` });
    const refused = await executeTool(tool, {}, runContext(ctx.db, { allowedHosts: [], resolve }));
    expect(refused).toMatchObject({
      status: 'refused',
      error: 'Refused: rebind.example.test resolves to 127.0.0.1, a loopback address (allow it with TOOL_ALLOWED_HOSTS)',
    });

    lookups = 0;
    const allowed = await executeTool(tool, {}, runContext(ctx.db, { allowedHosts: ['rebind.example.test'], resolve }));
    expect(allowed).toMatchObject({ status: 'success', output: { path: '/pinned' } });
    expect(lookups).toBe(1); // resolved once, by the guard; the connection used that answer
    expect(server.received.at(-1)!.headers.host).toBe(`rebind.example.test:${server.port}`);
  });

  it('lets loopback through with the allow-list by address or address:port', async () => {
    const tool = await httpTool({ url: `${server.origin}/allowed` });
    expect((await executeTool(tool, {}, runContext(ctx.db, { allowedHosts: ['127.0.0.1'] }))).status).toBe('success');
    expect((await executeTool(tool, {}, runContext(ctx.db, { allowedHosts: [`127.0.0.1:${server.port}`] }))).status).toBe('success');
    expect((await executeTool(tool, {}, runContext(ctx.db, { allowedHosts: ['127.0.0.1:1'] }))).status).toBe('refused');
  });
});

describe('input and output schemas', () => {
  const inputSchema = {
    type: 'object',
    properties: {
      customer_id: { type: 'string', minLength: 3 },
      amount: { type: 'number' },
      email: { type: 'string', format: 'email' },
      items: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' } }, required: ['qty'] } },
    },
    required: ['customer_id', 'amount'],
  };

  it('throws ToolInputError with field paths and records nothing', async () => {
    const tool = await httpTool({ url: `${server.origin}/never` }, { input: inputSchema });
    const before = await countRows();
    const received = server.received.length;
    const error = await executeTool(tool, { amount: 'ten', email: 'nope', items: [{ qty: 1 }, {}] }, runContext(ctx.db)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolInputError);
    expect((error as ToolInputError).errors).toEqual(
      expect.arrayContaining([
        { field: 'input.customer_id', message: 'is required' },
        { field: 'input.amount', message: 'must be number' },
        { field: 'input.email', message: 'must match format "email"' },
        { field: 'input.items.1.qty', message: 'is required' },
      ]),
    );
    expect(await countRows()).toBe(before);
    expect(server.received.length).toBe(received);
  });

  it('fails a run whose output does not match the output schema', async () => {
    const tool = await httpTool(
      { url: `${server.origin}/shape`, result_path: 'data' },
      { output: { type: 'object', properties: { items: { type: 'string' } }, required: ['items', 'total'] } },
    );
    const run = await executeTool(tool, {}, runContext(ctx.db));
    expect(run.status).toBe('error');
    expect(run.error).toBe('Output does not match the output schema: output.total is required; output.items must be string');
    expect(run.output).toEqual({ items: [{ id: 7 }] });
  });
});

describe('what is stored', () => {
  it('cuts large bodies and outputs at 64 KB', async () => {
    const big = 'z'.repeat(100 * 1024);
    const tool = await httpTool({ method: 'POST', url: `${server.origin}/large`, max_response_bytes: 1024 * 1024 });
    const run = await executeTool(tool, { big }, runContext(ctx.db));
    expect(run.status).toBe('success');
    expect((run.output as { body: { big: string } }).body.big).toBe(big); // the caller gets it all
    const row = await readExecution(ctx.db, run.execution_id);
    const request = row.request as { body: string; truncated: boolean };
    expect(request.truncated).toBe(true);
    expect(request.body.length).toBe(64 * 1024);
    expect((row.response as { truncated: boolean }).truncated).toBe(true);
    expect(row.output).toMatchObject({ truncated: true });
    expect(row.input).toMatchObject({ truncated: true });
  });
});
