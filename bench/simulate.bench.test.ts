/**
 * The simulation bench's own path, small: a history made by the runtime, the identity run changing nothing, the draft's
 * run, and the live runtime measured beside it. On PGlite, or on the PostgreSQL server of the PostgreSQL run.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_URL = process.env.TEST_DATABASE_URL;

it('replays 300 runtime-made cases on their own version unchanged and on the draft, beside the live runtime', { timeout: 240_000 }, async () => {
  const database = PG_URL ? ['--database', 'postgres', '--pg-url', PG_URL] : ['--database', 'pglite'];
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/simulate.bench.ts'), '--cases', '300', '--live', '150', '--connections', '10', ...database], {
    cwd: ROOT,
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code, out).toBe(0);
  expect(out).toMatch(/history: 300 cases made by the runtime/);
  expect(out).toMatch(/identity: 300 cases replayed on the version they ran on, 0 differ/);
  // Amounts are (n × 37) mod 10,000: those scoring 30 to 49.99 now go to triage and are declined.
  expect(out).toMatch(/simulation: 300 cases on the draft in [\d.]+ s .* · 54 ends change/);
  expect(out).toMatch(/live runtime: \d+ cases\/s while a simulation of 300 cases ran/);
});
