import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers as lint holds them (eslint.config.js, docs/decisions/0053): the bottom folders — db/, http/,
 * security/ — import nothing of the engine, the AI or the domain modules; the engine imports nothing of the modules,
 * the HTTP layer or the AI (its ports bring the outside in); modules and the AI reach the engine only through
 * engine/commands.ts. Each case lints one import as if written in a file of that folder; a case that stops being
 * refused means the rule no longer guards the layer.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: ROOT });

async function importErrors(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the server’s bottom layers', () => {
  const refused: [string, string][] = [
    ['apps/server/src/http/context.ts', '../engine/runtime.ts'],
    ['apps/server/src/http/context.ts', '../ai/assistant.ts'],
    ['apps/server/src/http/policy.ts', '../modules/users/users.queries.ts'],
    ['apps/server/src/db/client.ts', '../engine/jobs.ts'],
    ['apps/server/src/db/migrations/helper.ts', '../../modules/audit/audit.service.ts'],
    ['apps/server/src/security/tokens.ts', '../ai/openai-client.ts'],
    ['apps/server/src/security/keys.ts', '@admin-portal/server/src/modules/accounts/sessions.ts'],
  ];
  it.each(refused)('%s may not import %s', async (file, specifier) => {
    const errors = await importErrors(file, specifier);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/bottom of the server/);
  });

  const allowed: [string, string][] = [
    ['apps/server/src/http/web.ts', '../db/client.ts'],
    ['apps/server/src/http/errors.ts', '../security/tokens.ts'],
    ['apps/server/src/modules/users/users.service.ts', '../../engine/commands.ts'],
  ];
  it.each(allowed)('%s may import %s', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([]);
  });
});

describe('the engine’s edges', () => {
  const refused: [string, string, RegExp][] = [
    ['apps/server/src/engine/advance.ts', '../modules/metrics/step-metrics.ts', /through its ports/],
    ['apps/server/src/engine/runtime.ts', '../ai/openai-client.ts', /through its ports/],
    ['apps/server/src/engine/executors/tool.ts', '../../modules/tools/tools.queries.ts', /through its ports/],
    ['apps/server/src/engine/executors/tool.ts', '../../http/errors.ts', /through its ports/],
    ['apps/server/src/engine/executors/notification.ts', '@admin-portal/server/src/modules/tool-runtime/guarded-fetch.ts', /through its ports/],
    ['apps/server/src/modules/applications/forms.service.ts', '../../engine/transitions.ts', /only through engine\/commands\.ts/],
    ['apps/server/src/modules/applications/applications.service.ts', '../../engine/jobs.ts', /only through engine\/commands\.ts/],
    ['apps/server/src/ai/openai-step-provider.ts', '../engine/ai/provider.ts', /only through engine\/commands\.ts/],
    ['apps/server/src/ai/builtin-assistant.ts', '../modules/analytics/analytics.queries.ts', /imports no module/],
    ['apps/server/src/ai/generators/workflow-generator.ts', '../../modules/workflows/workflows.queries.ts', /imports no module/],
  ];
  it.each(refused)('%s may not import %s', async (file, specifier, message) => {
    const errors = await importErrors(file, specifier);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  const allowed: [string, string][] = [
    ['apps/server/src/engine/executors/types.ts', '../ai/provider.ts'],
    ['apps/server/src/engine/advance.ts', '../db/client.ts'],
    ['apps/server/src/engine/executors/tool.ts', '../../db/client.ts'],
    ['apps/server/src/modules/applications/forms.service.ts', '../../engine/commands.ts'],
    ['apps/server/src/ai/ai-providers.ts', '../engine/commands.ts'],
    ['apps/server/src/app.ts', './engine/runtime.ts'],
  ];
  it.each(allowed)('%s may import %s', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([]);
  });
});

describe('the modules', () => {
  /** The SQL lint finds in `code` as if written in `file`. */
  async function sqlErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }
  const statement = `import { run, sql } from '../../db/sql.ts';
export const a = (db: { query(t: string): unknown }) => db.query('select 1');
export const b = (db: never) => run(db, sql\`select \${1}\`);
export const c = () => sql.join([], ' and ');
`;

  it('run SQL only in their *.queries.ts files', async () => {
    const errors = await sqlErrors('apps/server/src/modules/users/users.service.ts', statement);
    // The import of db/sql.ts, db.query, the sql tag and sql.join.
    expect(errors).toHaveLength(4);
    for (const error of errors) expect(error).toMatch(/SQL lives in its \*\.queries\.ts files/);
    expect(await sqlErrors('apps/server/src/modules/users/users.queries.ts', statement)).toEqual([]);
    expect(await sqlErrors('apps/server/src/modules/users/users.service.test.ts', statement)).toEqual([]);
  });

  it("and the engine's only in its state files and engine/*.queries.ts", async () => {
    const errors = await sqlErrors('apps/server/src/engine/executors/approval.ts', statement);
    expect(errors).toHaveLength(4);
    for (const error of errors) expect(error).toMatch(/engine's SQL lives in transitions\.ts, events\.ts, jobs\.ts and engine\/\*\.queries\.ts/);
    for (const file of ['transitions.ts', 'events.ts', 'jobs.ts', 'engine.queries.ts']) {
      expect(await sqlErrors(`apps/server/src/engine/${file}`, statement.replaceAll('../../db/', '../db/'))).toEqual([]);
    }
  });

  it('never import each other both ways (what two modules share lives below both)', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const modulesDir = path.join(ROOT, 'apps/server/src/modules');
    const imports = new Map<string, Set<string>>();
    for (const entry of await readdir(modulesDir, { recursive: true })) {
      if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue;
      const from = entry.split(path.sep)[0]!;
      const source = await readFile(path.join(modulesDir, entry), 'utf8');
      for (const match of source.matchAll(/from '\.\.\/([a-z-]+)\//g)) {
        if (match[1] !== from) imports.set(from, (imports.get(from) ?? new Set()).add(match[1]!));
      }
    }
    expect(imports.size).toBeGreaterThan(10);
    const bothWays = [...imports].flatMap(([a, targets]) => [...targets].filter((b) => a < b && imports.get(b)?.has(a)).map((b) => `${a} ↔ ${b}`));
    expect(bothWays).toEqual([]);
  });
});
