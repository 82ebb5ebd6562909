import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers as lint holds them (eslint.config.js): the bottom folders — db/, http/, security/ — import
 * nothing of the engine, the AI or the domain modules. Each case lints one import as if written in a file of that
 * folder; a case that stops being refused means the rule no longer guards the layer.
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
    ['apps/server/src/modules/users/users.service.ts', '../../engine/jobs.ts'],
  ];
  it.each(allowed)('%s may import %s', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([]);
  });
});
