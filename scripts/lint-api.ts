/**
 * `npm run lint:api` (issue 38): writes the served OpenAPI document (scripts/openapi-document.ts) and lints it with
 * Redocly (recommended rules, warnings as errors: redocly.yaml, exceptions with their reasons in
 * .redocly.lint-ignore.yaml) and Spectral (its `oas` rules, failing on warnings: .spectral.yaml). Exits non-zero
 * on any problem not switched off with its reason.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// A fixed place (ignored by git): .redocly.lint-ignore.yaml names its exceptions by the document's path.
const document = 'node_modules/.cache/admin-portal/openapi.json';
mkdirSync(path.dirname(path.join(root, document)), { recursive: true });

const run = (args: string[]) =>
  spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off' } }).status ?? 1;

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
