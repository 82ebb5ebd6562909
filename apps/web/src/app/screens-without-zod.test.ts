import { describe, expect, it } from 'vitest';
import { screenImports } from '../../build/route-preloads.ts';

/**
 * zod and the schemas built with it download with the form that needs them (a dialog opened with React.lazy), not with
 * the page: a page that imports a schema module, or a dialog that does, statically pays ~25 KB gzipped on its first load.
 * This walks each screen's static imports (what its first load downloads) through the app and the contract.
 */
const RAW: Record<string, string> = {
  ...import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>(['../../../../packages/contract/src/**/*.ts', '!../../../../packages/contract/src/**/*.test.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
};
/** `a/b/../c` → `a/c`, keeping leading `..`. */
function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..' && parts.length > 0 && parts.at(-1) !== '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}
/** Sources by path from apps/web/src (the contract's as ../../../packages/contract/src/…). */
const SOURCES = Object.fromEntries(Object.entries(RAW).map(([file, text]) => [normalize(`app/${file}`), text]));
const CONTRACT = '@admin-portal/contract/';
const CONTRACT_DIR = '../../../packages/contract/src/';
// Value imports and re-exports (`import type` / `export type` load nothing; dynamic import() is not matched).
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm;

function resolve(from: string, spec: string): string {
  if (spec.startsWith(CONTRACT)) return `${CONTRACT_DIR}${spec.slice(CONTRACT.length)}.ts`;
  if (!spec.startsWith('.')) return spec;
  return normalize(`${from.split('/').slice(0, -1).join('/')}/${spec}`);
}

/** The chain of static imports from `entry` to zod, or null when its first load does not reach zod. */
function pathToZod(entry: string): string[] | null {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (file === 'zod' || file.startsWith('zod/')) {
      const chain = [];
      for (let at: string | null = file; at; at = parent.get(at) ?? null) chain.unshift(at);
      return chain;
    }
    const source = SOURCES[file];
    if (source === undefined) continue; // a package other than zod
    for (const [, spec] of source.matchAll(STATIC_IMPORT)) {
      const target = resolve(file, spec!);
      if (parent.has(target)) continue;
      parent.set(target, file);
      queue.push(target);
    }
  }
  return null;
}

/** Each signed-in screen of screens.ts's APP_SCREENS with the module its lazy route imports (read from its source). */
function screenModules(): [string, string][] {
  const { appScreens } = screenImports(SOURCES['app/screens.ts']!);
  return Object.entries(appScreens).map(([screen, specs]) => [
    screen,
    resolve(
      'app/screens.ts',
      specs.find((s) => !s.includes('prefetch'))!,
    ),
  ]);
}

describe('staff pages load zod only when a form needs it', () => {
  it('finds every screen module and the files they import', () => {
    const screens = screenModules();
    expect(screens.map(([screen]) => screen)).toEqual(expect.arrayContaining(['/dashboard', '/users', '/applications', '/workflows/builder', '/search']));
    for (const [, module] of screens) expect(SOURCES[module], module).toBeDefined();
    // The walk does reach zod where it is imported: the builder's canvas edits step schemas' values. It is the page's
    // own chunk, loaded once its heading is drawn (issue 32 item 19).
    expect(pathToZod('features/workflows/builder/builder-host.tsx')).not.toBeNull();
  });

  it.each(screenModules())('%s downloads no zod on its first load', (_screen, module) => {
    expect(pathToZod(module)).toBeNull();
  });
});
