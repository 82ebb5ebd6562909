// The real server as a child process for the benchmarks: its environment, starting it and waiting until it answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { children, cleanups, stopChild } from './processes.ts';

/** The repository's root. */
export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A fresh temporary folder, removed by runCleanups. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The server's environment for a bench: this process's, plus loopback only on `port`, `dataDir`, fresh secrets,
 * a known super admin, no demo data, no sign-in rate limit and warnings only; `extra` last.
 */
export function serverEnv(options: {
  port: number;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  extra?: Record<string, string>;
}): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRET_KEY: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: options.adminEmail,
    ADMIN_PASSWORD: options.adminPassword,
    SEED_DEMO: 'false',
    LOGIN_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    ...options.extra,
  };
}

/** Polls `url` until it answers 2xx; fails with the child's output when it exits first or after 180 s (seeding the demo data on a busy machine takes a while). */
export async function waitFor(url: string, what: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer ${url} within 180 s:\n${output()}`);
}

/**
 * Starts `node apps/server/src/main.ts` with `env` (stopped by runCleanups) and resolves once GET /api/ready on
 * `port` answers. `echoStderr` passes the server's stderr through as it comes.
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  options: { echoStderr?: boolean; nodeArgs?: string[] } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  cleanups.push(() => stopChild(child));
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
    if (options.echoStderr) process.stderr.write(d);
  });
  await waitFor(`http://127.0.0.1:${port}/api/ready`, 'server', child, () => output);
  return child;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** POST /api/auth/login; fails unless it succeeds. */
export async function signIn(base: string, email: string, password: string): Promise<Tokens> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Tokens;
}

/** A JSON call to the API with a bearer token; fails unless it succeeds. */
export async function call<T>(base: string, method: string, url: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Waits until a workflow's cases have all ended: none open and at least `expected` completed (since `since`) or
 * failed, read from the monitor's counters, which are exact at any size (the applications list's total stops at
 * 1,000, so waiting for it never ends past that).
 */
export async function waitUntilSettled(base: string, token: string, workflowId: string, expected: number, since: string): Promise<void> {
  const url = `/api/admin/applications/counts?workflow_id=${workflowId}&today_from=${encodeURIComponent(since)}`;
  for (;;) {
    const counts = await call<{ in_progress: number; completed_today: number; failed: number }>(base, 'GET', url, token);
    if (counts.in_progress === 0 && counts.completed_today + counts.failed >= expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A new database on the PostgreSQL server of `adminUrl` (dropped by runCleanups); answers its connection string. */
export async function temporaryDatabase(adminUrl: string, prefix: string, options: { keep?: boolean } = {}): Promise<string> {
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  if (!options.keep)
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
