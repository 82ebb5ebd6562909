// Runs the server's API suite against a PostgreSQL server (each test file makes and drops its own schema).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
// Through the runner that runs a file again when V8 aborted its worker (scripts/vitest-rerun-crashed.ts).
const result = spawnSync(process.execPath, ['scripts/vitest-rerun-crashed.ts', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
