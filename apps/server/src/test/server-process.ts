/**
 * Real server processes for tests (`node apps/server/src/main.ts`): start one on an environment, call it over HTTP,
 * kill it; a fresh PostgreSQL database per test when TEST_DATABASE_URL is set; a workflow whose every step leaves a
 * trace, and the checks that every case finished with each step run exactly once. Each test file that uses them
 * calls `stopProcessesAfterEach()` once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, expect } from 'vitest';
import type { Db } from '../db/client.ts';

const MAIN = new URL('../main.ts', import.meta.url).pathname;
export const ADMIN = { email: 'runtime.process@example.com', password: 'Runtime-Process-42' };
export const PG_URL = process.env.TEST_DATABASE_URL;
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

/** Kills what a test left running after it, and drops its databases after the file. */
export function stopProcessesAfterEach(): void {
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  });
  afterAll(async () => {
    for (const c of cleanups.splice(0)) await c().catch(() => undefined);
  });
}

/**
 * A port for a test's server to listen on, below Linux's ephemeral range (32768–60999): a port in it may be the local
 * end of one of the test's own outgoing connections (to PostgreSQL, say), and listening there fails with EADDRINUSE.
 */
export const testPort = () => 20000 + Math.floor(Math.random() * 12000);
/** Tries on another port when the one picked is taken (another test's server may have picked it too). */
const PORT_TRIES = 5;

export interface Server {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  /** Everything the process printed so far. */
  output(): string;
}

export async function startServer(env: Record<string, string>): Promise<Server> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOn(testPort(), env);
    } catch (error) {
      const portTaken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (attempt >= PORT_TRIES || !portTaken) throw error;
    }
  }
}

async function startServerOn(p: number, env: Record<string, string>): Promise<Server> {
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
  return { child, base, exited, output: () => output };
}

export async function call<T = Record<string, unknown>>(base: string, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

export const step = (id: string, type: string, config: Record<string, unknown>) => ({ id, type, name: id, config, position: { x: 0, y: 0 } });
/** start → summary (ai) → pause (delay 1 s) → tell (internal notification) → end: every step leaves a trace. */
export const GRAPH = {
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
export async function prepare(base: string): Promise<{ token: string; key: string; workflowId: string }> {
  const { access_token: token } = await call<{ access_token: string }>(base, 'POST', '/api/auth/login', null, ADMIN);
  const { key } = await call<{ key: string }>(base, 'POST', '/api/admin/api-keys', token, { name: 'Process test', scopes: ['intake'] });
  const wf = await call<{ id: string }>(base, 'POST', '/api/admin/workflows/complete', token, {
    name: `Process ${randomBytes(3).toString('hex')}`,
    status: 'active',
    graph: GRAPH,
  });
  return { token, key, workflowId: wf.id };
}

export async function postApplications(bases: string[], key: string, workflowId: string, count: number): Promise<string[]> {
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

export async function waitAllCompleted(db: Db, ids: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await db.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from applications where id = any($1::uuid[]) group by status',
      [ids],
    );
    const byStatus = Object.fromEntries(res.rows.map((r) => [r.status, r.n]));
    if (byStatus.completed === ids.length) return;
    if (Date.now() > deadline) throw new Error(`not all cases completed: ${JSON.stringify(byStatus)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every case passed each of its five steps exactly once, each completed once, with one notification. */
export async function expectEachStepOnce(db: Db, ids: string[]): Promise<void> {
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
export async function freshPostgresDatabase(): Promise<string> {
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

/** The environment of a test's server: a fresh PostgreSQL database (TEST_DATABASE_URL) or a fresh DATA_DIR, and fixed secrets. */
export async function processEnv(): Promise<Record<string, string>> {
  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), SECRET_KEY: randomBytes(32).toString('hex') };
  return PG_URL
    ? { DATABASE_URL: await freshPostgresDatabase(), ...secrets }
    : { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proc-')), DATABASE_URL: '', ...secrets };
}

/** Reads a text/event-stream response into `text()` until it ends or `abort` is called. */
export function readStream(res: Response): { text(): string; ended: Promise<void> } {
  let text = '';
  const ended = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
    } catch {
      // aborted, or the connection was cut
    }
  })();
  return { text: () => text, ended };
}
