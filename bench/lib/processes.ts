// Child processes and ports for the benchmarks: every child is tracked so a failed or interrupted run still stops it.
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Children still running; the benches kill what is left here on exit. */
export const children = new Set<ChildProcess>();

/** A TCP port nothing listens on right now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the child has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    children.delete(child);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

/** Undo steps (stop a server, drop a database, delete a folder), run last-first by runCleanups. */
export const cleanups: (() => Promise<void> | void)[] = [];

export async function runCleanups(): Promise<void> {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    try {
      await fn();
    } catch (err) {
      process.stderr.write(`cleanup failed: ${String(err)}\n`);
    }
  }
}

/** Cleans up on Ctrl-C / SIGTERM, and kills any child left at exit. */
export function cleanUpOnExit(what: string): void {
  process.on('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      process.stderr.write(`\n${signal}: ${what}\n`);
      void runCleanups().finally(() => process.exit(130));
    });
  }
}
