// Tool-call benchmark (issue 5): one http_request tool against a loopback HTTP target, called directly, through
// POST /api/admin/tools/{id}/test and through the MCP endpoint, on the real server (a child process).
// Run with `npm run bench:tools` (options: --duration, --warmup, --connections, --database pglite|postgres).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cleanUpOnExit, cleanups, freePort, runCleanups, stopChild } from './lib/processes.ts';
import { call, serverEnv, signIn, startServer, tempDir, temporaryDatabase } from './lib/server.ts';

const ADMIN_EMAIL = 'bench.tools@bench.example';
const ADMIN_PASSWORD = 'Bench-Tools-Password-42';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    database: { type: 'string', default: 'pglite' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);

cleanUpOnExit('stopping the server and the target');
const log = (message: string) => process.stdout.write(`${message}\n`);

/** The tool's target: a small JSON API on loopback, answering like a real lookup would. */
async function startTarget(): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    const id = req.url?.split('/').pop() ?? '';
    const body = JSON.stringify({ id, name: `Customer ${id}`, risk: 'low', checked_at: new Date().toISOString() });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Spec {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function load(spec: Spec, seconds: number) {
  return autocannon({ url: spec.url, method: spec.method, headers: spec.headers, body: spec.body, connections: CONNECTIONS, duration: seconds });
}

async function measure(spec: Spec): Promise<Result> {
  if (WARMUP > 0) await load(spec, WARMUP);
  const r = await load(spec, DURATION);
  const result = {
    name: spec.name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
  log(`   ${spec.name.padEnd(44)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms`);
  if (r.non2xx > 0 || r.errors > 0) log(`   !! ${r.non2xx} non-2xx responses, ${r.errors} errors`);
  return result;
}

async function main() {
  const database = args.database === 'postgres' ? 'postgres' : 'pglite';
  const target = await startTarget();
  const dataDir = tempDir('portal-bench-tools-');
  const port = await freePort();
  const env = serverEnv({ port, dataDir, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, extra: { TOOL_ALLOWED_HOSTS: '127.0.0.1' } });
  delete env.DATABASE_URL;
  if (database === 'postgres') env.DATABASE_URL = await temporaryDatabase(args['pg-url']!, 'portal_bench_tools');

  log(`== tools bench on ${database}: ${CONNECTIONS} connections, ${DURATION} s per route (after ${WARMUP} s warm-up), target ${target.url}`);
  const child = await startServer(env, port);
  const base = `http://127.0.0.1:${port}`;
  const token = (await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD)).access_token;

  // One approved http_request tool pointed at the target, and an API key for the MCP endpoint.
  const tool = await call<{ id: string }>(base, 'POST', '/api/admin/tools', token, {
    name: 'lookup_customer',
    description: 'Reads a customer from the loopback API',
    tool_type: 'http_request',
    config: { method: 'GET', url: `${target.url}/customers/{{input.id}}`, headers: { Accept: 'application/json' }, timeout_ms: 5000 },
    input_schema: { type: 'object', properties: { id: { type: 'string', minLength: 1 } }, required: ['id'] },
  });
  await call(base, 'PUT', `/api/admin/tools/${tool.id}`, token, { status: 'pending_approval' });
  await call(base, 'POST', `/api/admin/tools/${tool.id}/approve`, token, { action: 'approve', comment: 'bench' });
  const key = await call<{ key: string }>(base, 'POST', '/api/admin/api-keys', token, { name: 'bench', environment: 'development' });

  // A tools/call must succeed before it is timed (stateless MCP: each POST is one JSON-RPC message).
  const mcpBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'lookup_customer', arguments: { id: '42' } } });
  const mcpHeaders = { authorization: `Bearer ${key.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const probe = await fetch(`${base}/mcp`, { method: 'POST', headers: mcpHeaders, body: mcpBody });
  const probeText = await probe.text();
  if (!probe.ok || probeText.includes('"isError":true')) throw new Error(`MCP probe failed: ${probe.status} ${probeText}`);
  const testProbe = await call<{ status: string; error: string | null }>(base, 'POST', `/api/admin/tools/${tool.id}/test`, token, { input: { id: '42' } });
  if (testProbe.status !== 'success') throw new Error(`test probe failed: ${testProbe.error}`);

  const results = [
    await measure({ name: 'target directly (GET /customers/42)', url: `${target.url}/customers/42`, method: 'GET' }),
    await measure({
      name: 'POST /api/admin/tools/{id}/test',
      url: `${base}/api/admin/tools/${tool.id}/test`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: { id: '42' } }),
    }),
    await measure({ name: 'POST /mcp tools/call', url: `${base}/mcp`, method: 'POST', headers: mcpHeaders, body: mcpBody }),
  ];
  const recorded = await call<{ total: number; total_exact: boolean }>(base, 'GET', `/api/admin/tools/executions?tool_id=${tool.id}&limit=1`, token);
  await stopChild(child);

  const direct = results[0]!;
  log('\n| route | calls/s | p50 ms | p99 ms | p50 overhead over the target |');
  log('|---|--:|--:|--:|--:|');
  for (const r of results) {
    const overhead = r === direct ? '—' : `+${(r.p50 - direct.p50).toFixed(0)} ms`;
    log(`| ${r.name} | ${r.rps.toLocaleString('en', { maximumFractionDigits: 0 })} | ${r.p50} | ${r.p99} | ${overhead} |`);
  }
  log(
    `\nEvery call through /test and /mcp is validated, sent through the SSRF guard and recorded: ${recorded.total.toLocaleString('en')}${recorded.total_exact ? '' : '+'} executions written.`,
  );
  log(`Machine: ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}; the target and the load generator share this process.`);
}

main()
  .catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
