import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openToEveryone, openToOthers } from './test/file-modes.ts';
import { testPort as port } from './test/server-process.ts';

const MAIN = new URL('./main.ts', import.meta.url).pathname;
const children: ChildProcess[] = [];

function startServer(dataDir: string, port: number, logLevel = 'warn') {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: 'boot@example.com',
      ADMIN_PASSWORD: 'boot-password-1',
      SEED_DEMO: 'false',
      LOG_LEVEL: logLevel,
      LOGIN_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    const check = () => (output.includes('is running at') ? resolve() : undefined);
    child.stdout!.on('data', check);
    exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
  });
  listening.catch(() => undefined); // a test that expects an early exit awaits `exited` instead
  return { child, exited, listening, output: () => output };
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-'));

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('process (embedded database)', () => {
  it(
    'prints the sign-in at first start, finishes in-flight requests on SIGTERM, exits cleanly and restarts without new credentials',
    { timeout: 120_000 },
    async () => {
      const dir = tmp();
      const p = port();
      const server = startServer(dir, p, 'info');
      await server.listening;
      expect(server.output()).toContain('boot@example.com');
      // A request in flight when SIGTERM arrives: the signal goes as soon as the server logs the request,
      // while the handler is still hashing the password.
      const logged = new Promise<void>((resolve) => {
        const onData = (d: Buffer) => {
          if (String(d).includes('incoming request')) {
            server.child.stdout!.off('data', onData);
            resolve();
          }
        };
        server.child.stdout!.on('data', onData);
      });
      const inFlight = fetch(`http://127.0.0.1:${p}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boot@example.com', password: 'boot-password-1' }),
      });
      await logged;
      server.child.kill('SIGTERM');
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect((await res.json()).access_token).toBeTruthy();
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dir, 'portal.lock'))).toBe(false);

      const again = startServer(dir, port());
      await again.listening;
      expect(again.output()).not.toContain('First super administrator');
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
  );

  it(
    'keeps DATA_DIR readable by its owner only: a new install, and an older one open to everyone, tightened at start with a log line',
    { timeout: 180_000 },
    async () => {
      const dir = path.join(tmp(), 'data'); // created by the server
      const p = port();
      const first = startServer(dir, p);
      await first.listening;
      // While it runs, after a write (a sign-in's audit row and session)...
      const signIn = await fetch(`http://127.0.0.1:${p}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'boot@example.com', password: 'boot-password-1' }),
      });
      expect(signIn.status).toBe(200);
      expect(fs.readdirSync(path.join(dir, 'pglite')).length).toBeGreaterThan(0);
      expect(openToOthers(dir)).toEqual([]);
      expect(first.output()).not.toContain('made them owner-only');
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      // ...and after it stopped.
      expect(openToOthers(dir)).toEqual([]);

      openToEveryone(dir);
      expect(openToOthers(dir).length).toBeGreaterThan(100);
      const again = startServer(dir, port());
      await again.listening;
      expect(openToOthers(dir)).toEqual([]);
      expect(again.output()).toMatch(/"data_dir":"[^"]+","tightened":\d{3,}.*open to the group or others: made them owner-only/);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
      expect(openToOthers(dir)).toEqual([]);
    },
  );

  it('refuses a second process on the same DATA_DIR with a clear message', { timeout: 120_000 }, async () => {
    const dir = tmp();
    const first = startServer(dir, port());
    await first.listening;
    const second = startServer(dir, port());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another process \(pid \d+\)/);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  });
});
