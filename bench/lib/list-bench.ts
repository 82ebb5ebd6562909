// What the list benchmarks (users, applications) share: the names their data sets are drawn from, and how a call
// is measured (autocannon over HTTP), printed and compared between two data set sizes.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDb, type Db } from '../../apps/server/src/db/client.ts';
import { freePort } from './processes.ts';
import { serverEnv, tempDir, temporaryDatabase } from './server.ts';

/** Most common first: a name is drawn with a skew towards the start of each list (skewSql). */
export const FIRST_NAMES = `James Mary John Patricia Robert Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica
  Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly
  Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah Ronald Stephanie
  Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen
  Brenda Larry Pamela Justin Emma Scott Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra
  Frank Rachel Patrick Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie Adam Olivia
  Nathan Joyce Henry Virginia Douglas Victoria Zachary Kelly Peter Lauren Kyle Christina Ethan Joan Walter Evelyn Noah Judith`.split(/\s+/);
export const LAST_NAMES = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson
  Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King
  Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans
  Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson
  Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price
  Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson
  Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole
  Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods
  Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez
  Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer
  Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold
  Pierce Vazquez Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews
  Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras Willis Carpenter Lawrence Sandoval`.split(/\s+/);

/** SQL for a 1-based index into a list of n, from a uniform value h in [0, 1), skewed towards the start. */
export const skewSql = (h: string, n: number) => `1 + least(floor(power(${h}, 2.2) * ${n})::int, ${n - 1})`;

export type As = 'org admin' | 'super admin';

export interface CallSpec {
  name: string;
  as: As;
  path: string;
}

export interface CallResult {
  call: string;
  as: As;
  connections: number;
  requests: number;
  errors: number;
  rps: number;
  total: number;
  total_exact: boolean;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}

export interface Timing {
  /** Seconds of warm-up load before the measured run (not counted). */
  warmup: number;
  /** Seconds measured. */
  duration: number;
  connections: number;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;
const log = (message: string) => process.stdout.write(`${message}\n`);

/** autocannon on one URL for `seconds` with `connections` connections; every response's latency kept for p95. */
async function load(url: string, token: string, seconds: number, connections: number): Promise<{ latencies: number[]; errors: number; rps: number }> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, headers: { authorization: `Bearer ${token}` }, connections, duration: seconds }, (err, r) =>
      err ? reject(err as Error) : resolve(r),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  return { latencies, errors: result.errors + result.timeouts + result.non2xx, rps: result.requests.average };
}

/** One call checked once (it must answer 2xx; its total is kept), warmed up, then measured. */
export async function measureCall(base: string, token: string, spec: CallSpec, timing: Timing): Promise<CallResult> {
  const url = `${base}${spec.path}`;
  const first = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!first.ok) throw new Error(`GET ${spec.path} as ${spec.as}: ${first.status} ${await first.text()}`);
  const body = (await first.json()) as { total?: number; total_exact?: boolean };
  if (timing.warmup > 0) await load(url, token, timing.warmup, timing.connections);
  const { latencies, errors, rps } = await load(url, token, timing.duration, timing.connections);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    call: spec.name,
    as: spec.as,
    connections: timing.connections,
    requests: sorted.length,
    errors,
    rps: Math.round(rps),
    total: body.total ?? 0,
    total_exact: body.total_exact ?? true,
    p50_ms: round1(percentile(sorted, 0.5)),
    p95_ms: round1(percentile(sorted, 0.95)),
    max_ms: round1(sorted[sorted.length - 1] ?? NaN),
  };
}

export function printCall(r: CallResult, label = `${r.call} (${r.as})`) {
  log(
    `   ${label.padEnd(72)} ${String(r.requests).padStart(6)} req ${String(r.rps).padStart(5)}/s  p50 ${r.p50_ms.toFixed(1).padStart(7)}  p95 ${r.p95_ms.toFixed(1).padStart(7)}  ` +
      `max ${r.max_ms.toFixed(1).padStart(7)} ms${r.total ? `  total ${r.total.toLocaleString('en')}${r.total_exact ? '' : '+'}` : ''}${r.errors ? `  !! ${r.errors} errors` : ''}`,
  );
}

/**
 * The markdown table of every call at the smallest and the largest data set of one database, with the p95 ratio
 * against the target (1.5×). `byConnections` adds a column when calls were measured at several connection counts.
 */
export function printRatioTable(title: string, sets: readonly { rows: number; calls: CallResult[] }[], duration: number, byConnections = false) {
  if (sets.length === 0) return;
  const small = Math.min(...sets.map((s) => s.rows));
  const large = Math.max(...sets.map((s) => s.rows));
  const header = [
    'call',
    'as',
    ...(byConnections ? ['conn.'] : []),
    `${small.toLocaleString('en')}: p50 / p95 ms`,
    `${large.toLocaleString('en')}: p50 / p95 ms`,
    'p95 ratio (target ≤ 1.5×)',
  ];
  const key = (c: CallResult) => `${c.call}|${c.as}|${c.connections}`;
  const rows: string[][] = [];
  for (const k of new Set(sets.flatMap((s) => s.calls.map(key)))) {
    const [call, as, conn] = k.split('|') as [string, string, string];
    const find = (size: number) => sets.find((s) => s.rows === size)?.calls.find((c) => key(c) === k);
    const a = find(small);
    const b = find(large);
    const fmt = (r: CallResult | undefined) =>
      !r ? '–' : r.requests === 0 ? `none answered in ${duration} s` : `${r.p50_ms.toFixed(1)} / ${r.p95_ms.toFixed(1)}`;
    const ratio = a && b && small !== large ? b.p95_ms / a.p95_ms : NaN;
    rows.push([call, as, ...(byConnections ? [conn] : []), fmt(a), fmt(b), Number.isNaN(ratio) ? '–' : `${ratio.toFixed(2)}×${ratio > 1.5 ? '  (over)' : ''}`]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  log(`\n${title}:`);
  log(line(header));
  log(`|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) log(line(r));
}

/** Seconds per phase of a data set's preparation: `lap(name)` records the time since the previous lap (or the start). */
export function laps(): { seconds: Record<string, number>; lap: (name: string) => void } {
  const seconds: Record<string, number> = {};
  let t = performance.now();
  return {
    seconds,
    lap: (name) => {
      seconds[name] = Math.round((performance.now() - t) / 100) / 10;
      t = performance.now();
    },
  };
}

/**
 * A fresh database for one data set (a temporary PGlite folder, or a throwaway database on the PostgreSQL server at
 * `pgUrl`, dropped by runCleanups unless `keep`), seeded by `seed` and closed again (only one process may open a
 * PGlite folder), with the environment and port the server is then started with.
 */
export async function seededDataSet<T>(options: {
  kind: 'pglite' | 'postgres';
  name: string;
  rows: number;
  pgUrl: string;
  keep: boolean;
  admin: { email: string; password: string };
  seed: (db: Db, env: Record<string, string>) => Promise<T>;
}): Promise<{ env: Record<string, string>; port: number; seeded: T }> {
  const port = await freePort();
  const env = serverEnv({
    port,
    dataDir: tempDir(`bench-${options.name}-${options.kind}-`),
    adminEmail: options.admin.email,
    adminPassword: options.admin.password,
  });
  delete env.DATABASE_URL;
  if (options.kind === 'postgres') {
    env.DATABASE_URL = await temporaryDatabase(options.pgUrl, `bench_${options.name}_${options.rows}`, { keep: options.keep });
    if (options.keep) log(`   kept for investigation (--keep; drop it when done): ${env.DATABASE_URL}`);
  }
  const config = loadConfig(env);
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    return { env, port, seeded: await options.seed(db, env) };
  } finally {
    await db.close();
  }
}

/**
 * `bench(kind, size)` for each database in order and each size (on PGlite only those also in `pgliteSizes`), one after
 * the other; refuses a database other than pglite and postgres.
 */
export async function eachDataSet<T>(
  databases: readonly string[],
  sizes: readonly number[],
  pgliteSizes: readonly number[],
  bench: (kind: 'pglite' | 'postgres', size: number) => Promise<T>,
): Promise<T[]> {
  const sets: T[] = [];
  for (const kind of databases) {
    if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`--only takes pglite and/or postgres, got "${kind}"`);
    for (const size of kind === 'pglite' ? sizes.filter((s) => pgliteSizes.includes(s)) : sizes) sets.push(await bench(kind, size));
  }
  return sets;
}

/** The command-line options the list benches share (bench/README.md lists them per bench), read with their defaults. */
export interface ListBenchOptions {
  databases: ('pglite' | 'postgres')[];
  sizes: number[];
  pgliteSizes: number[];
  duration: number;
  warmup: number;
  connections: number[];
  /** Only the calls whose name contains this text ('' = all). */
  calls: string;
  pgUrl: string;
  keep: boolean;
}

export function listBenchOptions(defaults: { sizes: string; pgliteSizes: string; duration?: string; connections?: string }): ListBenchOptions {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', default: 'postgres,pglite' },
      sizes: { type: 'string', default: defaults.sizes },
      'pglite-sizes': { type: 'string', default: defaults.pgliteSizes },
      duration: { type: 'string', default: defaults.duration ?? '2' },
      warmup: { type: 'string', default: '0.5' },
      connections: { type: 'string', default: defaults.connections ?? '1,10' },
      calls: { type: 'string', default: '' },
      'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
      keep: { type: 'boolean', default: false },
    },
  });
  const databases = values.only.split(',');
  const unknown = databases.filter((d) => d !== 'pglite' && d !== 'postgres');
  if (unknown.length > 0) throw new Error(`--only takes pglite and postgres, not ${unknown.join(', ')}`);
  const numbers = (text: string) => text.split(',').map(Number);
  return {
    databases: databases as ('pglite' | 'postgres')[],
    sizes: numbers(values.sizes),
    pgliteSizes: numbers(values['pglite-sizes']),
    duration: Number(values.duration),
    warmup: Number(values.warmup),
    connections: numbers(values.connections),
    calls: values.calls,
    pgUrl: values['pg-url'],
    keep: values.keep,
  };
}
