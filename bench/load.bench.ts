// Load benchmark: 200 concurrent users for 60 s against the real server, on PostgreSQL and on the embedded database.
// Each virtual user signs in (before the measured minute, arriving over 10 s), then works as staff do — a request, a pause of 0.5–1.5 s to read it, the next — through
// a realistic mix: lists with filters (users, applications, workflows, the audit log), workflow reads, the review
// queue and decisions, the live stream opened, their own profile, signing in again now and then; beside them,
// applicants arrive through the public intake API. Per request kind it prints count, req/s, errors and p50/p95/p99,
// next to the targets (PostgreSQL: 0 errors, p99 < 200 ms; embedded: 0 errors, p99 < 300 ms). It never fails on speed.
// Run with `npm run bench:load` (see bench/README.md); options: --only pglite|postgres, --duration S, --users N,
// --think-ms MIN-MAX.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createDb } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { hashPassword } from '../apps/server/src/security/passwords.ts';
import { cleanUpOnExit, freePort, runCleanups } from './lib/processes.ts';
import { call, serverEnv, signIn, startServer, tempDir, temporaryDatabase } from './lib/server.ts';
import { writeResults } from './lib/results.ts';

const ADMIN_EMAIL = 'bench.load@bench.example';
const ADMIN_PASSWORD = 'Bench-Load-Password-42';
const STAFF_PASSWORD = 'Bench-Staff-Password-42';
/** Requests slower than this count as errors (timeouts). */
const TIMEOUT_MS = 10_000;

const { values: args } = parseArgs({
  options: {
    only: { type: 'string', default: 'postgres,pglite' },
    duration: { type: 'string', default: '60' },
    users: { type: 'string', default: '200' },
    'think-ms': { type: 'string', default: '500-1500' },
    'seed-users': { type: 'string', default: '5000' },
    'pg-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    /** A folder: the measured server writes a CPU profile there (node --cpu-prof) when it stops. */
    profile: { type: 'string' },
  },
});
const DURATION_S = Number(args.duration);
const USERS = Number(args.users);
const [THINK_MIN, THINK_MAX] = args['think-ms']!.split('-').map(Number) as [number, number];
const SEED_USERS = Number(args['seed-users']);
const TARGET_P99: Record<string, number> = { postgres: 200, pglite: 300 };
const log = (message: string) => process.stdout.write(`${message}\n`);

type Kind =
  | 'sign-in'
  | 'me'
  | 'users list (q, sort, role)'
  | 'applications list (status)'
  | 'workflows list'
  | 'workflow read'
  | 'audit log list'
  | 'review queue'
  | 'review decision'
  | 'stream open'
  | 'intake';

class Recorder {
  readonly samples = new Map<Kind, number[]>();
  readonly errors = new Map<Kind, Map<string, number>>();
  /** The slowest answer in each second of the run (by when it was asked), to show stalls. */
  readonly slowestBySecond = new Map<number, number>();
  record(kind: Kind, ms: number, error: string | null) {
    const second = Math.floor((Date.now() - ms) / 1000);
    this.slowestBySecond.set(second, Math.max(this.slowestBySecond.get(second) ?? 0, ms));
    if (!this.samples.has(kind)) this.samples.set(kind, []);
    this.samples.get(kind)!.push(ms);
    if (error) {
      const byReason = this.errors.get(kind) ?? new Map<string, number>();
      byReason.set(error, (byReason.get(error) ?? 0) + 1);
      this.errors.set(kind, byReason);
    }
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux; 0 elsewhere). */
function processCpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

/** One timed request; `ok` statuses are the expected answers (others, exceptions and timeouts are errors). */
async function timed(rec: Recorder, kind: Kind, url: string, init: RequestInit, ok: number[] = [200]): Promise<Response | null> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = kind === 'stream open' ? null : await res.arrayBuffer();
    rec.record(kind, performance.now() - started, ok.includes(res.status) ? null : `HTTP ${res.status}`);
    return body === null ? res : new Response(body, { status: res.status, headers: res.headers });
  } catch (err) {
    rec.record(kind, performance.now() - started, (err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message);
    return null;
  }
}

interface World {
  base: string;
  organizationId: string;
  workflowIds: string[];
  reviewWorkflowId: string;
  intakeKey: string;
  staff: { email: string; role: string }[];
}

/** Seeds SEED_USERS staff users in one statement (the admin's organization), before the server starts. */
async function seedUsers(db: { dataDir?: string; databaseUrl?: string }, organizationId: string): Promise<{ email: string; role: string }[]> {
  const conn = await createDb(db);
  try {
    await migrate(conn);
    const hash = await hashPassword(STAFF_PASSWORD);
    const roles = ['admin', 'manager', 'operator', 'viewer', 'compliance_officer', 'analyst'];
    const firsts = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Margaret', 'Linus'];
    const lasts = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson', 'Hamilton', 'Torvalds'];
    await conn.query(
      `insert into users (organization_id, email, first_name, last_name, role, password_hash, last_login_at, created_at, updated_at)
       select $1, 'staff.' || i || '@load.example', ($2::text[])[1 + i % 10], ($3::text[])[1 + (i / 10) % 10] || ' ' || i,
              ($4::text[])[1 + i % 6], $5, case when i % 3 = 0 then null else now() - make_interval(hours => i % 500) end,
              now() - make_interval(mins => i), now() - make_interval(mins => i)
         from generate_series(1, $6::int) as i`,
      [organizationId, firsts, lasts, roles, hash, SEED_USERS],
    );
    await conn.query('analyze');
    // The virtual users: half administrators, the rest operators and managers (who work the monitor and the reviews).
    const pickRole = async (role: string, n: number) =>
      (
        await conn.query<{ email: string; role: string }>(
          `select email, role from users where email like 'staff.%@load.example' and role = $1 order by email limit $2`,
          [role, n],
        )
      ).rows;
    const admins = Math.ceil(USERS / 2);
    const operators = Math.ceil((USERS - admins) * 0.7);
    return [...(await pickRole('admin', admins)), ...(await pickRole('operator', operators)), ...(await pickRole('manager', USERS - admins - operators))];
  } finally {
    await conn.close();
  }
}

const step = (id: string, type: string, config: Record<string, unknown>, x: number) => ({ id, type, name: id, config, position: { x, y: 0 } });

/** Workflows to read (a few, active) and one whose cases wait for a review; an intake key; a few hundred cases. */
async function prepare(base: string, token: string): Promise<Omit<World, 'base' | 'organizationId' | 'staff'>> {
  const workflowIds: string[] = [];
  for (let i = 0; i < 5; i++) {
    const wf = await call<{ id: string }>(base, 'POST', '/api/admin/workflows/complete', token, {
      name: `Load workflow ${i + 1}`,
      status: 'active',
      graph: {
        steps: [
          step('start', 'start', { trigger: 'api', required_fields: [] }, 0),
          step('check', 'condition', { branches: [{ id: 'big', label: 'Big', expression: 'data.amount >= 5000' }], otherwise: true }, 280),
          step('summary', 'ai', { mode: 'summary', prompt: 'Summarise the application', output_field: 'summary', options: [] }, 560),
          step('end', 'end', { outcome: 'completed' }, 840),
        ],
        connections: [
          { source: 'start', target: 'check' },
          { source: 'check', target: 'summary', condition: 'big' },
          { source: 'check', target: 'summary', condition: 'otherwise' },
          { source: 'summary', target: 'end' },
        ],
      },
    });
    workflowIds.push(wf.id);
  }
  const review = await call<{ id: string }>(base, 'POST', '/api/admin/workflows/complete', token, {
    name: 'Load review',
    status: 'active',
    graph: {
      steps: [
        step('start', 'start', { trigger: 'api', required_fields: [] }, 0),
        step('review', 'approval', {}, 280),
        step('ok', 'end', { outcome: 'approved' }, 560),
        step('no', 'end', { outcome: 'rejected' }, 560),
      ],
      connections: [
        { source: 'start', target: 'review' },
        { source: 'review', target: 'ok', condition: 'approved' },
        { source: 'review', target: 'no', condition: 'rejected' },
      ],
    },
  });
  const { key } = await call<{ key: string }>(base, 'POST', '/api/admin/api-keys', token, { name: 'Load intake', scopes: ['intake'] });
  for (let i = 0; i < 300; i++) {
    const workflowId = i % 3 === 0 ? review.id : workflowIds[i % workflowIds.length]!;
    const res = await fetch(`${base}/api/public/v1/applications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        workflow_id: workflowId,
        applicant: { name: `Seed applicant ${i}`, email: `seed.${i}@applicant.example` },
        data: { amount: (i * 37) % 10_000 },
      }),
    });
    if (res.status !== 201) throw new Error(`seeding cases: ${res.status} ${await res.text()}`);
  }
  return { workflowIds, reviewWorkflowId: review.id, intakeKey: key };
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const WORDS = ['ada', 'hopper', 'turing 4', 'lisk', 'staff.12', 'zzz-no-match'];
const SORTS = ['-created_at', 'last_name', 'email', '-last_login_at', 'first_name'];
const ROLES = ['', 'operator', 'viewer', 'admin'];
const STATUSES = ['', 'waiting', 'completed', 'running'];

/** What one staff member does, weighted (the intake is the applicants', below). */
const ACTIONS: [Kind, number][] = [
  ['me', 10],
  ['users list (q, sort, role)', 14],
  ['applications list (status)', 16],
  ['workflows list', 10],
  ['workflow read', 14],
  ['audit log list', 6],
  ['review queue', 10],
  ['review decision', 6],
  ['stream open', 6],
  ['sign-in', 3],
];
const WEIGHT_TOTAL = ACTIONS.reduce((n, [, w]) => n + w, 0);
function nextAction(): Kind {
  let r = Math.random() * WEIGHT_TOTAL;
  for (const [kind, w] of ACTIONS) if ((r -= w) < 0) return kind;
  return 'me';
}

const json = { 'content-type': 'application/json' };

async function signInAs(world: World, rec: Recorder, email: string): Promise<string | null> {
  const res = await timed(rec, 'sign-in', `${world.base}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: STAFF_PASSWORD }),
  });
  return res?.ok ? ((await res.json()) as { access_token: string }).access_token : null;
}

/** One staff member's working minute: already signed in (`token`), a request, a pause to read it, the next. */
async function staffMember(world: World, rec: Recorder, { email, role }: { email: string; role: string }, first: string | null, until: number): Promise<void> {
  const signInOnce = () => signInAs(world, rec, email);
  let token = first;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN)));
    if (Date.now() >= until) break;
    if (!token) {
      token = await signInOnce();
      continue;
    }
    const auth = { authorization: `Bearer ${token}` };
    let kind = nextAction();
    // The users list and the audit log are administrators' pages; others look at the cases instead.
    if (role !== 'admin' && (kind === 'users list (q, sort, role)' || kind === 'audit log list')) kind = 'applications list (status)';
    const b = world.base;
    switch (kind) {
      case 'sign-in':
        token = (await signInOnce()) ?? token;
        break;
      case 'me':
        await timed(rec, kind, `${b}/api/auth/me`, { headers: auth });
        break;
      case 'users list (q, sort, role)': {
        const q = new URLSearchParams({ limit: '25', sort: pick(SORTS) });
        if (Math.random() < 0.4) q.set('q', pick(WORDS));
        const role = pick(ROLES);
        if (role) q.set('role', role);
        await timed(rec, kind, `${b}/api/admin/users?${q}`, { headers: auth });
        break;
      }
      case 'applications list (status)': {
        const q = new URLSearchParams({ limit: '50' });
        const status = pick(STATUSES);
        if (status) q.set('status', status);
        if (Math.random() < 0.3) q.set('workflow_id', pick(world.workflowIds));
        await timed(rec, kind, `${b}/api/admin/applications?${q}`, { headers: auth });
        break;
      }
      case 'workflows list':
        await timed(rec, kind, `${b}/api/admin/workflows?limit=25`, { headers: auth });
        break;
      case 'workflow read':
        await timed(rec, kind, `${b}/api/admin/workflows/${pick([...world.workflowIds, world.reviewWorkflowId])}`, { headers: auth });
        break;
      case 'audit log list':
        await timed(rec, kind, `${b}/api/admin/system/audit-logs?limit=50${Math.random() < 0.3 ? '&action=auth.login' : ''}`, { headers: auth });
        break;
      case 'review queue':
        await timed(rec, kind, `${b}/api/admin/applications/review-tasks?limit=25&mine=true`, { headers: auth });
        break;
      case 'review decision': {
        // The queue (counted as a review queue read), then a decision on one of its first tasks (another user may take
        // it first: 409 is an answer).
        const res = await timed(rec, 'review queue', `${b}/api/admin/applications/review-tasks?limit=10&mine=true`, { headers: auth });
        const tasks = res?.ok ? ((await res.json()) as { items: { id: string }[] }).items : [];
        if (tasks.length === 0) break;
        const approve = Math.random() < 0.7;
        await timed(
          rec,
          kind,
          `${b}/api/admin/applications/review-tasks/${pick(tasks).id}/decision`,
          {
            method: 'POST',
            headers: { ...auth, ...json },
            body: JSON.stringify(approve ? { decision: 'approve' } : { decision: 'reject', comment: 'Documents do not match' }),
          },
          [200, 409],
        );
        break;
      }
      case 'stream open': {
        // Until the stream's first event (`ready`) arrives, then close it, as a page that is left.
        const abort = new AbortController();
        const started = performance.now();
        try {
          const res = await fetch(`${b}/api/admin/applications/stream`, {
            headers: { ...auth, accept: 'text/event-stream' },
            signal: AbortSignal.any([abort.signal, AbortSignal.timeout(TIMEOUT_MS)]),
          });
          const reader = res.body!.getReader();
          let seen = '';
          while (!seen.includes('event: ready')) {
            const { value, done } = await reader.read();
            if (done) break;
            seen += new TextDecoder().decode(value);
          }
          rec.record(kind, performance.now() - started, res.status === 200 && seen.includes('event: ready') ? null : `HTTP ${res.status}`);
        } catch (err) {
          rec.record(kind, performance.now() - started, (err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message);
        } finally {
          abort.abort();
        }
        break;
      }
      default:
        break;
    }
  }
}

/** Applicants: one every `everyMs` on average, through the public API (a third wait for a review). */
async function applicants(world: World, rec: Recorder, until: number, everyMs: number): Promise<void> {
  let n = 0;
  const inFlight = new Set<Promise<unknown>>();
  while (Date.now() < until) {
    n += 1;
    const workflowId = n % 3 === 0 ? world.reviewWorkflowId : pick(world.workflowIds);
    const p = timed(
      rec,
      'intake',
      `${world.base}/api/public/v1/applications`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${world.intakeKey}`, 'content-type': 'application/json', 'idempotency-key': randomBytes(8).toString('hex') },
        body: JSON.stringify({
          workflow_id: workflowId,
          applicant: { name: `Applicant ${n}`, email: `a.${n}@applicant.example` },
          data: { amount: (n * 53) % 10_000 },
        }),
      },
      [201],
    );
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    await new Promise((r) => setTimeout(r, everyMs * (0.5 + Math.random())));
  }
  await Promise.all(inFlight);
}

interface KindFigures {
  kind: Kind;
  count: number;
  per_second: number;
  errors: number;
  error_reasons: Record<string, number>;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
}

async function benchDatabase(kind: 'postgres' | 'pglite') {
  log(`\n== ${kind}: ${USERS} staff users for ${DURATION_S} s (think ${THINK_MIN}–${THINK_MAX} ms) + applicants through the intake API`);
  const dataDir = tempDir(`portal-load-${kind}-`);
  const port = await freePort();
  const env = serverEnv({ port, dataDir, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, extra: { INTAKE_RATE_LIMIT: '0' } });
  delete env.DATABASE_URL;
  if (kind === 'postgres') env.DATABASE_URL = await temporaryDatabase(args['pg-url']!, 'portal_load');

  // First start creates the admin and its organization; stop, seed the staff users straight into the database, start again.
  let child = await startServer(env, port, { echoStderr: true });
  const base = `http://127.0.0.1:${port}`;
  let token = (await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD)).access_token;
  const me = await call<{ organization_id: string }>(base, 'GET', '/api/auth/me', token);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const staff = await seedUsers(kind === 'postgres' ? { databaseUrl: env.DATABASE_URL } : { dataDir }, me.organization_id);
  child = await startServer(env, port, { echoStderr: true, nodeArgs: args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`] : [] });
  token = (await signIn(base, ADMIN_EMAIL, ADMIN_PASSWORD)).access_token;
  const world: World = { base, organizationId: me.organization_id, staff, ...(await prepare(base, token)) };
  log(`   seeded ${SEED_USERS.toLocaleString('en')} users, 6 workflows, 300 cases; ${staff.length} virtual staff users`);

  // The working day has begun: everyone signs in (arriving over 10 s), measured apart; then the measured minute, in
  // which some sign in again.
  const arrival = new Recorder();
  const arrivalStarted = Date.now();
  const tokens = await Promise.all(
    staff.map(async (member) => {
      await new Promise((r) => setTimeout(r, Math.random() * 10_000));
      return signInAs(world, arrival, member.email);
    }),
  );
  const arrivals = [...(arrival.samples.get('sign-in') ?? [])].sort((a, b) => a - b);
  log(
    `   arrival: ${arrivals.length} sign-ins in ${((Date.now() - arrivalStarted) / 1000).toFixed(1)} s, p50 ${pct(arrivals, 50).toFixed(0)} ms, p99 ${pct(arrivals, 99).toFixed(0)} ms, ${tokens.filter((t) => !t).length} failed`,
  );

  const rec = new Recorder();
  const loadBefore = os.loadavg()[0]!;
  const serverCpuBefore = processCpuSeconds(child.pid!);
  const cpuBefore = process.cpuUsage();
  const started = Date.now();
  const until = started + DURATION_S * 1000;
  // Applicants: about as many per second as a tenth of the staff users.
  await Promise.all([
    ...staff.map((member, i) => staffMember(world, rec, member, tokens[i] ?? null, until)),
    applicants(world, rec, until, 1000 / Math.max(1, USERS / 10)),
  ]);
  const seconds = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const clientCpu = (cpu.user + cpu.system) / 1e6 / seconds;
  const serverCpu = (processCpuSeconds(child.pid!) - serverCpuBefore) / seconds;

  const rows: KindFigures[] = [];
  for (const [k, samples] of [...rec.samples].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...samples].sort((a, b) => a - b);
    const reasons = Object.fromEntries(rec.errors.get(k) ?? []);
    rows.push({
      kind: k,
      count: sorted.length,
      per_second: sorted.length / seconds,
      errors: Object.values(reasons).reduce((n, v) => n + v, 0),
      error_reasons: reasons,
      p50_ms: pct(sorted, 50),
      p95_ms: pct(sorted, 95),
      p99_ms: pct(sorted, 99),
      max_ms: sorted.at(-1) ?? 0,
    });
  }
  const all = [...rec.samples.values()].flat().sort((a, b) => a - b);
  const total: KindFigures = {
    kind: 'all' as Kind,
    count: all.length,
    per_second: all.length / seconds,
    errors: rows.reduce((n, r) => n + r.errors, 0),
    error_reasons: {},
    p50_ms: pct(all, 50),
    p95_ms: pct(all, 95),
    p99_ms: pct(all, 99),
    max_ms: all.at(-1) ?? 0,
  };
  const target = TARGET_P99[kind]!;
  log(`\n| ${kind} | requests | req/s | errors | p50 ms | p95 ms | p99 ms | max ms |`);
  log('|:--|--:|--:|--:|--:|--:|--:|--:|');
  for (const r of [...rows, total]) {
    log(
      `| ${r.kind} | ${r.count} | ${r.per_second.toFixed(1)} | ${r.errors} | ${r.p50_ms.toFixed(1)} | ${r.p95_ms.toFixed(1)} | ${r.p99_ms.toFixed(1)} | ${r.max_ms.toFixed(0)} |`,
    );
  }
  for (const r of rows) if (r.errors) log(`   errors in ${r.kind}: ${JSON.stringify(r.error_reasons)}`);
  log(
    `   target: 0 errors and p99 < ${target} ms → ${total.errors === 0 ? '0 errors' : `${total.errors} ERRORS`}, p99 ${total.p99_ms.toFixed(1)} ms ${total.p99_ms < target ? '(met)' : '(MISSED)'}; slowest p99: ${[
      ...rows,
    ]
      .sort((a, b) => b.p99_ms - a.p99_ms)
      .slice(0, 3)
      .map((r) => `${r.kind} ${r.p99_ms.toFixed(0)} ms`)
      .join(', ')}`,
  );
  const seconds0 = Math.floor(started / 1000);
  const stalls = [...rec.slowestBySecond].filter(([, ms]) => ms >= target).sort(([a], [b]) => a - b);
  log(
    `   seconds with an answer over ${target} ms: ${stalls.length} of ${Math.round(seconds)}${stalls.length ? ` (at ${stalls.map(([t, ms]) => `${t - seconds0}s:${ms.toFixed(0)}`).join(' ')})` : ''}`,
  );
  const loadAfter = os.loadavg()[0]!;
  log(
    `   CPU: load generator ${(clientCpu * 100).toFixed(0)} % of one core, server ${(serverCpu * 100).toFixed(0)} % (of ${os.cpus().length} cores); load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (above ${os.cpus().length}: other work competed for the cores)`,
  );
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return {
    database: kind,
    seconds,
    client_cpu_cores: clientCpu,
    server_cpu_cores: serverCpu,
    load_average: [loadBefore, loadAfter],
    target_p99_ms: target,
    arrival: { sign_ins: arrivals.length, p50_ms: pct(arrivals, 50), p99_ms: pct(arrivals, 99), failed: tokens.filter((t) => !t).length },
    kinds: rows,
    total,
  };
}

async function main() {
  cleanUpOnExit('stopping the server and dropping the database');
  const startedAt = new Date();
  log(`Load benchmark: ${USERS} users × ${DURATION_S} s, Node ${process.version}, ${os.cpus().length} CPUs`);
  const results = [];
  try {
    for (const kind of args.only!.split(',') as ('postgres' | 'pglite')[]) results.push(await benchDatabase(kind));
  } finally {
    await runCleanups();
  }
  log(
    `\nResults written to ${writeResults('load', startedAt, { users: USERS, duration_s: DURATION_S, think_ms: [THINK_MIN, THINK_MAX], seed_users: SEED_USERS, results })}`,
  );
}

await main();
