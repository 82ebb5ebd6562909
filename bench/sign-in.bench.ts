// Sign-in answers and their timing (issue 31): a wrong password, an unknown e-mail, a try that must wait, an account
// waiting for approval, a success, and a passkey's sign-in (issue 37: its options and its answer, by an authenticator in
// software), in process (app.inject) on PGlite and on PostgreSQL. The figure that matters is
// how close the wrong and unknown answers are (what timing could tell a stranger about which e-mails exist), and that
// a waiting try is answered alike, and at once, for both. Run with `npm run bench:sign-in`.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb, type Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createOrganizationRow } from '../apps/server/src/modules/organizations/organizations.queries.ts';
import { insertUser } from '../apps/server/src/modules/users/users.queries.ts';
import { hashPassword } from '../apps/server/src/security/passwords.ts';
import { SoftwarePasskey } from '../apps/server/src/test/software-passkey.ts';
import { cleanups } from './lib/processes.ts';
import { runMeasured } from './lib/results.ts';
import { temporaryDatabase } from './lib/server.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '60' },
    only: { type: 'string' },
    'pg-url': { type: 'string', default: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const ROUNDS = Number(args.rounds);
const DATABASES = (args.only ? args.only.split(',') : ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
const PASSWORD = 'Bench-Sign-In-Passw0rd';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

interface Kind {
  kind: string;
  statuses: Record<string, number>;
  p50_ms: number;
  p95_ms: number;
}

async function measure(database: 'pglite' | 'postgres'): Promise<{ database: string; kinds: Kind[]; wrong_vs_unknown_p50_ratio: number }> {
  let db: Db;
  if (database === 'pglite') {
    db = await createDb({});
  } else {
    db = await createDb({ databaseUrl: await temporaryDatabase(args['pg-url']!, 'bench_sign_in'), poolSize: 5 });
  }
  cleanups.push(() => db.close());
  await migrate(db);
  const config = { ...loadConfig({}), seedDemo: false, loginRateLimit: 0, runtimeWorker: false };
  const app = await buildApp({
    config,
    db,
    secrets: { jwtSecret: randomBytes(32).toString('hex'), secretKey: randomBytes(32).toString('hex') },
    logger: false,
  });
  await app.ready();
  cleanups.push(() => app.close());
  const org = await createOrganizationRow(db, { name: 'Bench sign-in' });
  const hash = await hashPassword(PASSWORD);
  const make = (email: string, pending = false) =>
    insertUser(db, {
      organization_id: org.id,
      email,
      first_name: 'Bench',
      last_name: 'User',
      role: 'viewer',
      permissions: [],
      password_hash: hash,
      pending_approval: pending,
    });
  await make('known@bench.example');
  await make('waiting@bench.example', true);
  await make('passkey@bench.example');
  // A passkey for one account, registered as the profile does.
  const key = new SoftwarePasskey(new URL(config.publicUrl).origin);
  {
    const signedIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'passkey@bench.example', password: PASSWORD } });
    const headers = { authorization: `Bearer ${signedIn.json().access_token}` };
    const options = await app.inject({ method: 'POST', url: '/api/auth/passkeys/registration/options', headers, payload: { password: PASSWORD } });
    const added = await app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/registration',
      headers,
      payload: { name: 'Bench', credential: key.register(options.json()) },
    });
    if (added.statusCode !== 201) throw new Error(`passkey registration: ${added.statusCode} ${added.body}`);
  }
  const passkeySignIn = async () => {
    const options = await app.inject({ method: 'POST', url: '/api/auth/login/passkey/options', payload: {}, remoteAddress: nextAddress() });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login/passkey',
      payload: { credential: key.authenticate(options.json()) },
      remoteAddress: nextAddress(),
    });
    return { status: res.statusCode };
  };

  // Each wrong and unknown try from an address of its own, so none of them waits; the waiting tries from one address
  // that failed five times for each e-mail first.
  let address = 0;
  const nextAddress = () => `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${(address++ & 255) + 1}`;
  const attempt = (email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  for (const email of ['known@bench.example', 'unknown@bench.example']) {
    for (let i = 0; i < 5; i += 1) await attempt(email, 'Wrong-Passw0rd-1', '192.0.2.1');
  }
  // As after many more failures: the waits run past the bench.
  await db.query(`update sign_in_failures set wait_until = now() + interval '1 hour' where wait_until is not null`);
  const kinds: Record<string, () => Promise<{ status: number }>> = {
    'wrong password': () => attempt('known@bench.example', 'Wrong-Passw0rd-1', nextAddress()).then((r) => ({ status: r.statusCode })),
    'unknown e-mail': () => attempt(`nobody${address}@bench.example`, 'Wrong-Passw0rd-1', nextAddress()).then((r) => ({ status: r.statusCode })),
    'waiting (known)': () => attempt('known@bench.example', PASSWORD, '192.0.2.1').then((r) => ({ status: r.statusCode })),
    'waiting (unknown)': () => attempt('unknown@bench.example', PASSWORD, '192.0.2.1').then((r) => ({ status: r.statusCode })),
    'awaiting approval': () => attempt('waiting@bench.example', PASSWORD, nextAddress()).then((r) => ({ status: r.statusCode })),
    success: () => attempt('known@bench.example', PASSWORD, nextAddress()).then((r) => ({ status: r.statusCode })),
    'passkey (2 calls)': passkeySignIn,
  };
  const samples = new Map<string, { ms: number[]; statuses: Record<string, number> }>(Object.keys(kinds).map((k) => [k, { ms: [], statuses: {} }]));
  // Interleaved, so drift in the machine's load spreads over every kind alike.
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [kind, run] of Object.entries(kinds)) {
      const start = performance.now();
      const { status } = await run();
      const entry = samples.get(kind)!;
      if (round > 2) entry.ms.push(performance.now() - start); // the first rounds warm the engine up
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    }
  }
  const result: Kind[] = [...samples].map(([kind, { ms, statuses }]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    return { kind, statuses, p50_ms: Number(percentile(sorted, 50).toFixed(2)), p95_ms: Number(percentile(sorted, 95).toFixed(2)) };
  });
  const p50 = (kind: string) => result.find((k) => k.kind === kind)!.p50_ms;
  return { database, kinds: result, wrong_vs_unknown_p50_ratio: Number((p50('wrong password') / p50('unknown e-mail')).toFixed(3)) };
}

runMeasured('sign-in', async () => {
  const results = [];
  for (const database of DATABASES) {
    const r = await measure(database);
    results.push(r);
    process.stdout.write(`\n${database} (${ROUNDS} rounds, in process)\n`);
    process.stdout.write(`${'kind'.padEnd(20)} ${'answers'.padEnd(14)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}\n`);
    for (const k of r.kinds) {
      const answers = Object.entries(k.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      process.stdout.write(`${k.kind.padEnd(20)} ${answers.padEnd(14)} ${k.p50_ms.toFixed(2).padStart(8)} ${k.p95_ms.toFixed(2).padStart(8)}\n`);
    }
    process.stdout.write(`wrong password / unknown e-mail, p50: ${r.wrong_vs_unknown_p50_ratio}\n`);
  }
  return { rounds: ROUNDS, results };
});
