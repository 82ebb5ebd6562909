/**
 * The runtime bench's own path at a size past the applications list's cap of 1,000: it must end, every case counted.
 * It waited for the list's `total` before, which stops at 1,000, so it never finished above that (issue 32 item 22).
 * On PGlite, or on the PostgreSQL server of the PostgreSQL run.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_URL = process.env.TEST_DATABASE_URL;

it('runs 1,001 cases to their end and reports each of them', { timeout: 240_000 }, async () => {
  const database = PG_URL ? ['--database', 'postgres', '--pg-url', PG_URL] : ['--database', 'pglite'];
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/runtime.bench.ts'), '--cases', '1001', '--connections', '20', ...database], { cwd: ROOT });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code, out).toBe(0);
  expect(out).toMatch(/1001 completed, 0 failed in [\d.]+ s\)/);
  expect(out).toMatch(/a queue of 1001 drained at \d+ cases\/s \(1001 completed, 0 failed/);
});
