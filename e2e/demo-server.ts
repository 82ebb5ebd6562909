/**
 * A second server for the specs that need what the browser tests' own cannot give: the demo data (`npm start`'s:
 * organizations, workflows and a month of history; its demo accounts share the one password it prints at its first
 * start, as it does for a person), or a domain name for an address (passkeys: browsers refuse WebAuthn at an IP
 * address, and the tests' server is at 127.0.0.1). The real server, on a throwaway embedded database of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { E2E_ADMIN, E2E_PORT } from './e2e-env.ts';

export interface DemoServer {
  url: string;
  /** The printed password of every demo account (manager@acme-bank.example and the rest); without the demo, E2E_ADMIN's. */
  password: string;
  stop: () => Promise<void>;
}

const READY_MS = 90_000;

export interface SecondServerOptions {
  /** SEED_DEMO: the demo organizations, accounts and history. */
  demo: boolean;
  /** The host name its PUBLIC_URL (and so the browser) uses; it listens on 127.0.0.1 either way. */
  host: '127.0.0.1' | 'localhost';
}

export function startDemoServer(port = E2E_PORT + 1): Promise<DemoServer> {
  return startSecondServer(port, { demo: true, host: '127.0.0.1' });
}

export async function startSecondServer(port: number, { demo, host }: SecondServerOptions): Promise<DemoServer> {
  const dataDir = path.resolve(`.data-test-e2e-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const url = `http://${host}:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    SEED_DEMO: String(demo),
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOGIN_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child: ChildProcess = spawn(process.execPath, ['apps/server/src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + READY_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The second server exited (${child.exitCode}):\n${output}`);
    const password = demo ? /password for all: (\S+);/.exec(output)?.[1] : E2E_ADMIN.password;
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy && password) return { url, password, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The second server did not answer within ${READY_MS / 1000} s:\n${output}`);
}
