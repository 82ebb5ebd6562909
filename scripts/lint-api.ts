/**
 * `npm run lint:api` (issue 38): writes the served OpenAPI document (scripts/openapi-document.ts) and lints it with
 * Redocly (recommended rules, warnings as errors: redocly.yaml) and Spectral (its `oas` rules, failing on warnings:
 * .spectral.yaml). Exits non-zero on any problem neither config has switched off with its reason.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
const document = path.join(dir, 'openapi.json');
const run = (args: string[]) =>
  spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off' } }).status ?? 1;

try {
  if (run(['scripts/openapi-document.ts', document]) !== 0) process.exit(1);
  const redocly = run(['node_modules/@redocly/cli/bin/cli.js', 'lint', document, '--config', 'redocly.yaml', '--format', 'stylish']);
  const spectral = run([
    'node_modules/@stoplight/spectral-cli/dist/index.js',
    'lint',
    document,
    '--ruleset',
    '.spectral.yaml',
    '--fail-severity',
    'warn',
    '--format',
    'stylish',
  ]);
  process.exitCode = redocly || spectral ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
