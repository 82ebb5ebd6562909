/**
 * The runtime across real server processes: killed with SIGKILL mid-run and started again, every case finishes
 * and every step ran once (on the embedded database, and on PostgreSQL in the PostgreSQL run); two processes on
 * one PostgreSQL share the work, each step once, and a stream on one process sees events made on the other.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/client.ts';

const MAIN = new URL('../main.ts', import.meta.url).pathname;
const ADMIN = { email: 'runtime.process@example.com', password: 'Runtime-Process-42' };
const PG_URL = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});
afterAll(async () => {
  for (const c of cleanups.splice(0)) await c().catch(() => undefined);
});

const port = () => 20000 + Math.floor(Math.random() * 20000);

interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const p = port();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(p),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '0',
      INTAKE_RATE_LIMIT: '0',
      RUNTIME_LEASE_MS: '3000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base, exited };
}

async function call<T = Record<string, unknown>>(base: string, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const step = (id: string, type: string, config: Record<string, unknown>) => ({ id, type, name: id, config, position: { x: 0, y: 0 } });
/** start → summary (ai) → pause (delay 1 s) → tell (internal notification) → end: every step leaves a trace. */
const GRAPH = {
  steps: [
    step('start', 'start', { trigger: 'api', required_fields: [] }),
    step('summary', 'ai', { mode: 'summary', prompt: 'Summarise', output_field: 'summary', options: [] }),
    step('pause', 'delay', { amount: 1, unit: 'seconds' }),
    step('tell', 'notification', { channel: 'internal', to: 'operator', subject: 'Case {{data.n}}', message: 'Done' }),
    step('end', 'end', { outcome: 'completed' }),
  ],
  connections: [
    { source: 'start', target: 'summary' },
    { source: 'summary', target: 'pause' },
    { source: 'pause', target: 'tell' },
    { source: 'tell', target: 'end' },
  ],
};

/** Signs in, makes an intake key and an active workflow; answers what posting applications needs. */
async function prepare(base: string): Promise<{ token: string; key: string; workflowId: string }> {
  const { access_token: token } = await call<{ access_token: string }>(base, 'POST', '/api/auth/login', null, ADMIN);
  const { key } = await call<{ key: string }>(base, 'POST', '/api/admin/api-keys', token, { name: 'Process test', scopes: ['intake'] });
  const wf = await call<{ id: string }>(base, 'POST', '/api/admin/workflows/complete', token, { name: `Process ${randomBytes(3).toString('hex')}`, status: 'active', graph: GRAPH });
  return { token, key, workflowId: wf.id };
}

async function postApplications(bases: string[], key: string, workflowId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const created = await call<{ id: string }>(bases[n % bases.length]!, 'POST', '/api/public/v1/applications', key, {
        workflow_id: workflowId,
        applicant: { name: `Applicant ${n}` },
        data: { n },
      });
      ids.push(created.id);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return ids;
}

async function waitAllCompleted(db: Db, ids: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await db.query<{ status: string; n: number }>('select status, count(*)::int as n from applications where id = any($1::uuid[]) group by status', [ids]);
    const byStatus = Object.fromEntries(res.rows.map((r) => [r.status, r.n]));
    if (byStatus.completed === ids.length) return;
    if (Date.now() > deadline) throw new Error(`not all cases completed: ${JSON.stringify(byStatus)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every case passed each of its five steps exactly once, each completed once, with one notification. */
async function expectEachStepOnce(db: Db, ids: string[]): Promise<void> {
  const runs = await db.query<{ application_id: string; visits: number; completed: number; steps: number }>(
    `select application_id, count(*)::int as visits, (count(*) filter (where status = 'completed'))::int as completed, count(distinct step_id)::int as steps
       from application_steps where application_id = any($1::uuid[]) group by application_id`,
    [ids],
  );
  expect(runs.rows).toHaveLength(ids.length);
  for (const r of runs.rows) expect(r, r.application_id).toMatchObject({ visits: 5, completed: 5, steps: 5 });
  const completions = await db.query<{ n: number }>(
    `select count(*)::int as n from application_events where application_id = any($1::uuid[]) and type = 'step_completed'`,
    [ids],
  );
  expect(completions.rows[0]!.n).toBe(ids.length * 5);
  const notes = await db.query<{ application_id: string; n: number }>(
    'select application_id, count(*)::int as n from staff_notifications where application_id = any($1::uuid[]) group by application_id',
    [ids],
  );
  expect(notes.rows).toHaveLength(ids.length);
  expect(notes.rows.every((r) => r.n === 1)).toBe(true);
}

/** A fresh database on the PostgreSQL server, dropped at the end. */
async function freshPostgresDatabase(): Promise<string> {
  const name = `portal_proc_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(PG_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('the runtime across processes', () => {
  it('finishes every case after a SIGKILL mid-run, each step once', { timeout: 120_000 }, async () => {
    const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), SECRET_KEY: randomBytes(32).toString('hex') };
    const env: Record<string, string> = PG_URL
      ? { DATABASE_URL: await freshPostgresDatabase(), ...secrets }
      : { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-kill-')), DATABASE_URL: '', ...secrets };
    const first = await startServer(env);
    const { key, workflowId } = await prepare(first.base);
    const ids = await postApplications([first.base], key, workflowId, 60);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer(env);
    if (PG_URL) {
      const db = await createDb({ databaseUrl: env.DATABASE_URL });
      await waitAllCompleted(db, ids);
      await expectEachStepOnce(db, ids);
      await db.close();
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } else {
      // The embedded database is this server's alone: wait through its API, then read it after it stops.
      const { access_token: token } = await call<{ access_token: string }>(second.base, 'POST', '/api/auth/login', null, ADMIN);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const list = await call<{ items: { status: string }[] }>(second.base, 'GET', `/api/admin/applications?workflow_id=${workflowId}&status=completed&limit=200`, token);
        if (list.items.length === ids.length) break;
        if (Date.now() > deadline) throw new Error(`only ${list.items.length} of ${ids.length} completed`);
        await new Promise((r) => setTimeout(r, 250));
      }
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      const embedded = await createDb({ dataDir: env.DATA_DIR });
      try {
        await expectEachStepOnce(embedded, ids);
      } finally {
        await embedded.close();
      }
    }
  });

  it.skipIf(!PG_URL)('shares the work between two processes on one PostgreSQL, and streams across them', { timeout: 120_000 }, async () => {
    const env = { DATABASE_URL: await freshPostgresDatabase(), JWT_SECRET: randomBytes(32).toString('hex'), SECRET_KEY: randomBytes(32).toString('hex') };
    const a = await startServer(env);
    const b = await startServer(env);
    const { token, key, workflowId } = await prepare(a.base);

    // A stream on A, then cases made through B: A must see them.
    const abort = new AbortController();
    const stream = await fetch(`${a.base}/api/admin/applications/stream?workflow_id=${workflowId}`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: abort.signal });
    expect(stream.status).toBe(200);
    let text = '';
    const reading = (async () => {
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += value;
        }
      } catch {
        // aborted
      }
    })();

    const viaB = await postApplications([b.base], key, workflowId, 20);
    const ids = [...viaB, ...(await postApplications([a.base, b.base], key, workflowId, 80))];
    const db = await createDb({ databaseUrl: env.DATABASE_URL });
    try {
      await waitAllCompleted(db, ids);
      await expectEachStepOnce(db, ids);
      const deadline = Date.now() + 10_000;
      while (!viaB.every((id) => text.includes(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      for (const id of viaB) expect(text, `stream on A saw ${id} made on B`).toContain(`"application_id":"${id}"`);
    } finally {
      abort.abort();
      await reading;
      await db.close();
    }
  });
});
