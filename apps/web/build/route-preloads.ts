import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '@admin-portal/contract/web-build';

/**
 * The screens of screens.ts and the modules each one imports lazily, read from its source: the two screen tables
 * (PUBLIC_SCREENS, APP_SCREENS), one entry per path, and the layout every APP_SCREENS path is drawn in.
 */
export function screenImports(screensSource: string): { publicScreens: ScreenImports; appScreens: ScreenImports; layout: string } {
  const table = (name: string): ScreenImports => {
    const start = screensSource.indexOf(`export const ${name}`);
    if (start < 0) throw new Error(`screens.ts has no ${name}`);
    const parts = screensSource.slice(start, screensSource.indexOf('\n};', start)).split(/^\s*'(\/[^']*)':/m);
    const screens: ScreenImports = {};
    for (let i = 1; i < parts.length; i += 2) screens[parts[i]!] = [...parts[i + 1]!.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]!);
    return screens;
  };
  const publicScreens = table('PUBLIC_SCREENS');
  const appScreens = table('APP_SCREENS');
  const layout = /import\('([^']*\/app-layout\.tsx)'\)/.exec(screensSource)?.[1];
  if (!layout) throw new Error('screens.ts imports no app-layout.tsx');
  return { publicScreens, appScreens, layout };
}

/** Screen path → the modules its route imports lazily, as written in screens.ts. */
type ScreenImports = Record<string, string[]>;

type BuiltChunk = Rolldown.OutputChunk;

/**
 * `route-preloads.json`: for each screen, the scripts and styles its lazy import loads (the screen's chunk and
 * everything it imports, the signed-in layout's for staff screens), less what index.html loads already. The server puts
 * them in the page as `<link rel="modulepreload">` and `<link rel="preload" as="style">` for the path it serves, so the
 * browser fetches a deep link's screen while it still downloads the app, instead of after the app has started
 * (issue 32 item 19). Read from screens.ts's source, so a new screen needs nothing here.
 */
export function routePreloads(screensFile: string): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((b): b is BuiltChunk => b.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId!, c]));
      const closure = (start: BuiltChunk[]) => {
        const seen = new Set<string>();
        const walk = (chunk: BuiltChunk) => {
          if (seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const file of chunk.imports) {
            const next = byFile.get(file);
            if (next) walk(next);
          }
        };
        start.forEach(walk);
        return [...seen].map((file) => byFile.get(file)!);
      };
      const main = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith(`${path.sep}index.html`));
      if (!main) throw new Error('route-preloads: the build has no entry chunk for index.html');
      const already = new Set(closure([main]).map((c) => c.fileName));
      const chunkOf = (specifier: string) => {
        const id = path.resolve(path.dirname(screensFile), specifier);
        const chunk = byModule.get(id);
        if (!chunk) throw new Error(`route-preloads: no chunk for ${specifier} (imported by screens.ts)`);
        return chunk;
      };
      const { publicScreens, appScreens, layout } = screenImports(fs.readFileSync(screensFile, 'utf8'));
      const result: RoutePreloads = { routes: {} };
      const screens = [
        ...Object.entries(publicScreens).map(([p, s]) => [p, s] as const),
        ...Object.entries(appScreens).map(([p, s]) => [p, [layout, ...s]] as const),
      ];
      for (const [screen, specifiers] of screens) {
        const needed = closure(specifiers.map(chunkOf)).filter((c) => !already.has(c.fileName));
        result.routes[screen] = {
          scripts: needed.map((c) => `/${c.fileName}`),
          styles: [...new Set(needed.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].map((f) => `/${f}`),
        };
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(result, null, 1)}\n` });
    },
  };
}
