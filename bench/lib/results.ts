import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCleanups } from './processes.ts';
import { ROOT } from './server.ts';

/**
 * Writes a bench's figures to `bench/results/<name>-<start time>.json` with the machine they were taken on (Node,
 * cores, CPU model) and answers the file's path relative to the repository.
 */
export function writeResults(name: string, startedAt: Date, figures: Record<string, unknown>): string {
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const body = {
    benchmark: name,
    started_at: startedAt.toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model,
    ...figures,
  };
  fs.writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return path.relative(ROOT, file);
}

/**
 * Runs a bench's `measure` (which answers its figures) and writes them with the load average (1 min) before and
 * after — other work on the machine shows there — and the minutes it took. A failure is printed and sets the exit
 * code; the cleanups (servers, databases, folders) run last either way.
 */
export function runMeasured(name: string, measure: () => Promise<Record<string, unknown>>): void {
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  measure()
    .then((figures) => {
      const loadAfter = os.loadavg();
      const minutes = (Date.now() - startedAt.getTime()) / 60_000;
      process.stdout.write(
        `\nload average (1 min) before ${loadBefore[0]!.toFixed(1)}, after ${loadAfter[0]!.toFixed(1)}; ${minutes.toFixed(1)} minutes in all\n`,
      );
      const file = writeResults(name, startedAt, { ...figures, load_average_before: loadBefore, load_average_after: loadAfter });
      process.stdout.write(`Results written to ${file}\n`);
    })
    .catch((err: unknown) => {
      process.stderr.write(`\nbenchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 1;
    })
    .finally(() => runCleanups());
}
