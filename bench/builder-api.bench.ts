// Builder API latency at 2,000 steps (the graph limit): GET /api/admin/workflows/{id} and
// PUT /api/admin/workflows/{id}/complete over real HTTP (loopback) against the app on PGlite in a temporary DATA_DIR,
// as `npm start` runs it.
// Run with `npm run bench:builder:api` (options: --steps 2000 --runs 50 --warmup 5 --memory).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { GraphConnection, GraphStep } from '../packages/contract/src/workflows/graph.ts';
import { activationProblems } from '../packages/contract/src/workflows/graph.ts';
import { generateGraph } from './lib/workflow-graph.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { firstStart } from '../apps/server/src/modules/setup/first-start.ts';
import { upsertShippedTemplates } from '../apps/server/src/modules/workflow-templates/shipped-templates.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_EMAIL = 'bench.builder@bench.example';
const ADMIN_PASSWORD = 'Bench-Builder-Password-42';

const { values: args } = parseArgs({
  options: {
    steps: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    memory: { type: 'boolean', default: false },
  },
});
const STEPS = Number(args.steps);
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);

// ---------------------------------------------------------------- measurement

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

interface Result {
  call: string;
  runs: number;
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  max_ms: number;
  request_kb: number;
  response_kb: number;
}

async function measure(call: string, fn: (i: number) => Promise<{ requestBytes: number; responseBytes: number }>): Promise<Result> {
  for (let i = 0; i < WARMUP; i += 1) await fn(-1 - i);
  const times: number[] = [];
  let sizes = { requestBytes: 0, responseBytes: 0 };
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    sizes = await fn(i);
    times.push(performance.now() - start);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    call,
    runs: RUNS,
    p50_ms: round(percentile(sorted, 0.5)),
    p99_ms: round(percentile(sorted, 0.99)),
    mean_ms: round(times.reduce((a, b) => a + b, 0) / times.length),
    max_ms: round(sorted.at(-1)!),
    request_kb: round(sizes.requestBytes / 1024),
    response_kb: round(sizes.responseBytes / 1024),
  };
}

// ---------------------------------------------------------------- run

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-builder-'));
  const config = {
    ...loadConfig({}),
    dataDir,
    seedDemo: false,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    loginRateLimit: 0,
    logLevel: 'warn',
  };
  const db = await createDb(args.memory ? {} : { dataDir });
  try {
    await migrate(db);
    await upsertShippedTemplates(db);
    await firstStart(db, config);
    const app = await buildApp({
      config,
      db,
      secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;

    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
    const send = async (method: string, url: string, body?: unknown) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const res = await fetch(`${base}${url}`, { method, headers, ...(payload ? { body: payload } : {}) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 300)}`);
      return { json: JSON.parse(text) as Record<string, unknown>, requestBytes: payload?.length ?? 0, responseBytes: text.length };
    };

    const graph = generateGraph(STEPS);
    const problems = activationProblems(graph);
    if (problems.length > 0) throw new Error(`generated graph does not pass activation: ${problems[0]!.message}`);
    const load = os.loadavg()[0]!;
    if (load > os.cpus().length)
      process.stdout.write(`\n  warning: load average ${load.toFixed(1)} on ${os.cpus().length} cores — the machine is busy, latencies are inflated\n`);
    process.stdout.write(
      `\nBuilder API at ${graph.steps.length} steps / ${graph.connections.length} connections — PGlite (${args.memory ? 'in memory' : 'DATA_DIR on disk'}), ${RUNS} runs after ${WARMUP} warm-up\n\n`,
    );

    const createStart = performance.now();
    const created = await send('POST', '/admin/workflows/complete', { name: `Bench ${STEPS}`, status: 'active', graph });
    const createMs = performance.now() - createStart;
    const id = created.json.id as string;
    const saved = { steps: created.json.steps as GraphStep[], connections: created.json.connections as GraphConnection[] };

    const results: Result[] = [];
    results.push(await measure(`GET /admin/workflows/{id}`, async () => send('GET', `/admin/workflows/${id}`)));
    // Every step moved: every step row rewritten (one upsert), connections unchanged.
    results.push(
      await measure('PUT /complete (every step moved)', async (i) => {
        const steps = saved.steps.map((s) => ({ ...s, position: { x: s.position.x + (i % 2 === 0 ? 10 : -10), y: s.position.y } }));
        return send('PUT', `/admin/workflows/${id}/complete`, { graph: { steps, connections: saved.connections } });
      }),
    );
    // One step renamed: the typical builder save (one row written, a new version snapshot).
    results.push(
      await measure('PUT /complete (one step changed)', async (i) => {
        const steps = saved.steps.map((s, j) => (j === 1 ? { ...s, name: `Renamed ${i}` } : s));
        return send('PUT', `/admin/workflows/${id}/complete`, { graph: { steps, connections: saved.connections } });
      }),
    );
    // Client keys only (a pasted or imported graph): every step and connection deleted and inserted anew.
    results.push(await measure('PUT /complete (all new client keys)', async () => send('PUT', `/admin/workflows/${id}/complete`, { graph })));

    const table = [
      ['call', 'runs', 'p50 ms', 'p99 ms', 'mean ms', 'max ms', 'request KB', 'response KB'],
      ...results.map((r) => [r.call, r.runs, r.p50_ms, r.p99_ms, r.mean_ms, r.max_ms, r.request_kb, r.response_kb].map(String)),
    ];
    const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
    for (const row of table) process.stdout.write(`  ${row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')}\n`);
    process.stdout.write(`\n  POST /admin/workflows/complete (create, active, once): ${Math.round(createMs)} ms\n`);
    const versions = await send('GET', `/admin/workflows/${id}/versions?limit=1`);
    process.stdout.write(`  versions saved: ${String(versions.json.total)}\n`);

    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    const file = path.join(ROOT, 'bench/results', `builder-api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, loadavg: os.loadavg() },
          database: args.memory ? 'pglite (memory)' : 'pglite (data dir)',
          steps: graph.steps.length,
          connections: graph.connections.length,
          create_ms: Math.round(createMs),
          results,
        },
        null,
        2,
      ),
    );
    process.stdout.write(`  written to ${path.relative(ROOT, file)}\n\n`);
    await app.close();
  } finally {
    await db.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`builder API benchmark failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
