import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './server.ts';

/**
 * Writes a bench's figures to `bench/results/<name>-<start time>.json` with the machine they were taken on (Node,
 * cores, CPU model) and answers the file's path relative to the repository.
 */
export function writeResults(name: string, startedAt: Date, figures: Record<string, unknown>): string {
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const body = { benchmark: name, started_at: startedAt.toISOString(), node: process.version, cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model, ...figures };
  fs.writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return path.relative(ROOT, file);
}
