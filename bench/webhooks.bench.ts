// Webhooks benchmark (issue 38 item 4): application events fanned out to subscriptions on PostgreSQL, by the real
// server (a child process) to a receiver in this process on loopback. Events are written straight into
// application_events (as the runtime writes them; its trigger queues the deliveries in the same statement) at a
// steady rate, so the sender's throughput is measured rather than the runtime's. Two runs:
//   1. steady: --rate events/s for --seconds; prints the delivery latency (event committed → request received,
//      p50/p95/p99) and the deliveries per second;
//   2. crash: the same, with the server killed (SIGKILL) mid-run and started again; prints what was lost (must be
//      none: every event reaches every subscription at least once) and what arrived twice (at-least-once delivery).
// Both runs start after a warm-up (--warmup seconds at the same rate, not counted): the server's code compiled, its
// connections to the receiver and the database open, as in a server that has been up for a while.
// Run with `npm run bench:webhooks` (options: --rate 1000 --subscriptions 10 --seconds 15 --warmup 3 --pg-url …).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { cleanUpOnExit, freePort, runCleanups, stopChild } from './lib/processes.ts';
import { call, serverEnv, signIn, startServer, tempDir, temporaryDatabase } from './lib/server.ts';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '1000' },
    subscriptions: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const RATE = Number(args.rate);
const SUBSCRIPTIONS = Number(args.subscriptions);
const SECONDS = Number(args.seconds);
const WARMUP_SECONDS = Number(args.warmup);
/** Events are written in ticks of this many milliseconds (one statement each). */
const TICK_MS = 50;
const ADMIN = { email: 'bench.webhooks@bench.example', password: 'Bench-Webhooks-Password-42' };
const log = (message: string) => process.stdout.write(`${message}\n`);
cleanUpOnExit('stopping the server');

/** The receiver: the first arrival of each (message, subscription), and how many arrived again. */
class Receiver {
  readonly firstAt = new Map<string, number>();
  /** First arrivals so far (counted as they come: the wait below must not walk the map). */
  arrivals = 0;
  duplicates = 0;
  port = 0;
  private readonly server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const key = `${req.headers['webhook-id']} ${req.url}`;
      if (this.firstAt.has(key)) this.duplicates += 1;
      else {
        this.firstAt.set(key, at);
        this.arrivals += 1;
      }
      res.writeHead(204).end();
    });
  });

  reset(): void {
    this.firstAt.clear();
    this.arrivals = 0;
    this.duplicates = 0;
  }

  async start(): Promise<void> {
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

interface Produced {
  /** message id → when its event was committed (ms). */
  committedAt: Map<string, number>;
}

/**
 * Writes `rate` events a second for `seconds` into application_events (a tick's events in one statement, like a bulk
 * of transitions), cycling over the given applications; `during` runs once, half-way.
 */
async function produce(
  db: pg.Client,
  apps: { id: string; organization_id: string; workflow_id: string }[],
  during?: () => Promise<void>,
  seconds = SECONDS,
): Promise<Produced> {
  const committedAt = new Map<string, number>();
  const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
  const ticks = Math.round((seconds * 1000) / TICK_MS);
  const start = Date.now();
  let pending: Promise<void> | null = null;
  for (let t = 0; t < ticks; t++) {
    if (during && t === Math.floor(ticks / 2)) pending = during();
    const rows = Array.from({ length: perTick }, (_, i) => apps[(t * perTick + i) % apps.length]!);
    const res = await db.query<{ id: string }>(
      `insert into application_events (application_id, organization_id, workflow_id, type, payload)
       select a.application_id, a.organization_id, a.workflow_id, 'application_completed', '{"outcome":"completed"}'::jsonb
         from jsonb_to_recordset($1::jsonb) as a(application_id uuid, organization_id uuid, workflow_id uuid)
       returning id`,
      [JSON.stringify(rows.map((a) => ({ application_id: a.id, organization_id: a.organization_id, workflow_id: a.workflow_id })))],
    );
    const now = Date.now();
    for (const r of res.rows) committedAt.set(`msg_${r.id.replaceAll('-', '')}`, now);
    // As the runtime announces its events (engine/events.ts): the senders wake on it.
    await db.query(`select pg_notify('application_events', $1)`, [rows[0]!.organization_id]);
    const wait = start + (t + 1) * TICK_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await pending;
  return { committedAt };
}

/** Waits until every (event, subscription) arrived, or `timeoutMs` passed; answers the latencies and what is missing. */
async function collect(receiver: Receiver, produced: Produced, timeoutMs: number) {
  const expected = produced.committedAt.size * SUBSCRIPTIONS;
  const deadline = Date.now() + timeoutMs;
  // Every arrival of this run is one of its events' (the receiver is cleared between runs).
  while (Date.now() < deadline && receiver.arrivals < expected) await new Promise((resolve) => setTimeout(resolve, 200));
  const latencies: number[] = [];
  let missing = 0;
  for (const [id, at] of produced.committedAt) {
    for (let s = 0; s < SUBSCRIPTIONS; s++) {
      const first = receiver.firstAt.get(`${id} /s/${s}`);
      if (first === undefined) missing += 1;
      else latencies.push(first - at);
    }
  }
  latencies.sort((a, b) => a - b);
  return { expected, missing, latencies };
}

async function main() {
  const dbUrl = await temporaryDatabase(args['pg-url'], 'bench_webhooks');
  const port = await freePort();
  const env = serverEnv({
    port,
    dataDir: tempDir('bench-webhooks-'),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    extra: {
      DATABASE_URL: dbUrl,
      TOOL_ALLOWED_HOSTS: '127.0.0.1',
      INTAKE_RATE_LIMIT: '0',
      ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
    },
  });
  let server = await startServer(env, port);
  const base = `http://127.0.0.1:${port}`;
  const { access_token: token } = await signIn(base, ADMIN.email, ADMIN.password);
  const receiver = new Receiver();
  await receiver.start();
  for (let s = 0; s < SUBSCRIPTIONS; s++) {
    await call(base, 'POST', '/api/admin/webhooks', token, { url: `http://127.0.0.1:${receiver.port}/s/${s}`, event_types: ['application.completed'] });
  }
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  // Cases to hang the events on: a workflow and 100 applications, straight into the tables.
  const org = (await db.query<{ organization_id: string }>(`select organization_id from users where email = $1`, [ADMIN.email])).rows[0]!.organization_id;
  const wf = await call<{ id: string }>(base, 'POST', '/api/admin/workflows', token, { name: `Bench webhooks ${randomBytes(3).toString('hex')}` });
  const apps = (
    await db.query<{ id: string; organization_id: string; workflow_id: string }>(
      `insert into applications (organization_id, workflow_id, workflow_version, status, applicant, data)
       select $1, $2, 1, 'completed', jsonb_build_object('name', 'Bench ' || g, 'email', 'bench' || g || '@bench.example'), '{}'::jsonb
         from generate_series(1, 100) g
       returning id, organization_id, workflow_id`,
      [org, wf.id],
    )
  ).rows;

  log(`webhooks bench: ${RATE} events/s × ${SUBSCRIPTIONS} subscriptions for ${SECONDS} s on PostgreSQL, one server process, receiver on loopback`);
  const report = (name: string, produced: Produced, result: Awaited<ReturnType<typeof collect>>, seconds: number) => {
    const l = result.latencies;
    log(
      `${name.padEnd(8)} events ${produced.committedAt.size}, deliveries ${result.expected - result.missing}/${result.expected} ` +
        `(${Math.round((result.expected - result.missing) / seconds)}/s), lost ${result.missing}, twice ${receiver.duplicates}; ` +
        `latency ms p50 ${pct(l, 0.5)} p95 ${pct(l, 0.95)} p99 ${pct(l, 0.99)} max ${l[l.length - 1] ?? NaN}`,
    );
  };

  /** --warmup seconds at the rate, waited for and then forgotten. */
  const warmUp = async () => {
    if (WARMUP_SECONDS <= 0) return;
    const result = await collect(receiver, await produce(db, apps, undefined, WARMUP_SECONDS), 60_000);
    log(`warm-up  ${WARMUP_SECONDS} s, ${result.expected - result.missing}/${result.expected} deliveries (not counted)`);
    receiver.reset();
  };

  await warmUp();
  const t0 = Date.now();
  const steady = await produce(db, apps);
  const steadyResult = await collect(receiver, steady, 120_000);
  report('steady', steady, steadyResult, (Date.now() - t0) / 1000);

  receiver.reset();
  await warmUp();
  const t1 = Date.now();
  const crash = await produce(db, apps, async () => {
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    log('crash    the server was killed (SIGKILL) half-way; starting it again');
    server = await startServer(env, port);
  });
  // Deliveries the killed process had claimed come back when its lease runs out (30 s).
  const crashResult = await collect(receiver, crash, 180_000);
  report('crash', crash, crashResult, (Date.now() - t1) / 1000);

  await db.end();
  await receiver.close();
  await stopChild(server);
  const ok = steadyResult.missing === 0 && crashResult.missing === 0;
  log(`budget: p95 ≤ 1000 ms (steady run): ${pct(steadyResult.latencies, 0.95) <= 1000 ? 'within' : 'OVER'}; none lost across a SIGKILL: ${ok ? 'yes' : 'NO'}`);
}

main()
  .catch((error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
