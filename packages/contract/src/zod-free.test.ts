import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The modules the web app's pages import for their lists and shell: they must not load zod, even through another
 * module, or zod (and the schemas built at load) joins every page's first download (role-names.ts explains why). Each
 * schema module re-exports its zod-free half, so the server imports either.
 */
const ZOD_FREE = [
  'role-names.ts',
  'permission-names.ts',
  'search-terms.ts',
  'list-limits.ts',
  'list-sorts.ts',
  'messages.ts',
  'navigation.ts',
  'preference-defaults.ts',
  'applications/statuses.ts',
  'workflows/statuses.ts',
  'workflows/step-types/labels.ts',
  'tools/statuses.ts',
  'tools/tool-types/tool-type.ts',
  'system/config-values.ts',
  'system/audit-changes.ts',
  'system/audit-actions.ts',
  'system/setting-info.ts',
  // The sign-in page and the profile's sessions and second factor (issue 37).
  'session-texts.ts',
  'two-factor-texts.ts',
  'webhook-texts.ts',
  'passkey-texts.ts',
  'sso-texts.ts',
  // The applicant's page (ADR 0056) loads these and nothing else of the contract.
  'applicant/texts.ts',
  'applicant/settings.ts',
  'applications/form-answers.ts',
  // The endpoint catalogue's rules, types and tags (issue 38): the web's `call` takes types only.
  'api/access.ts',
  'api/endpoint.ts',
  'api/tags.ts',
];

const SRC = import.meta.dirname;
// Value imports and re-exports (`import type` / `export type` load nothing; `import { type X }` still loads the module).
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;

/** Every module a module loads, through other modules of the contract, by its path or its package name. */
function loads(file: string, seen = new Set<string>()): Set<string> {
  for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    const target = spec!.startsWith('.') ? path.resolve(path.dirname(file), spec!) : spec!;
    if (seen.has(target)) continue;
    seen.add(target);
    if (spec!.startsWith('.')) loads(target, seen);
  }
  return seen;
}

describe('zod-free contract modules', () => {
  it.each(ZOD_FREE)('%s loads no zod', (module) => {
    const loaded = [...loads(path.join(SRC, module))];
    expect(loaded.filter((m) => m === 'zod' || m.startsWith('zod/'))).toEqual([]);
  });

  it('sees a schema module load zod, through another module too', () => {
    expect(loads(path.join(SRC, 'roles.ts')).has('zod')).toBe(true);
    expect(loads(path.join(SRC, 'search.ts')).has('zod')).toBe(true);
  });
});
