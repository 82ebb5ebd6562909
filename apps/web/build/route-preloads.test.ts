// @vitest-environment happy-dom
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SCREENS, PUBLIC_SCREENS } from '../src/app/screens.ts';
import { screenImports } from './route-preloads.ts';

const ROUTER = path.join(import.meta.dirname, '..', 'src', 'app', 'screens.ts');

describe('screenImports: the screens screens.ts declares and the modules each one loads', () => {
  const { publicScreens, appScreens, layout } = screenImports(fs.readFileSync(ROUTER, 'utf8'));

  it('finds every screen of both tables, each with the module it imports', () => {
    expect(Object.keys(publicScreens).sort()).toEqual(Object.keys(PUBLIC_SCREENS).sort());
    expect(Object.keys(appScreens).sort()).toEqual(Object.keys(APP_SCREENS).sort());
    for (const [screen, modules] of Object.entries({ ...publicScreens, ...appScreens })) {
      expect(modules.length, screen).toBeGreaterThan(0);
      for (const module of modules) expect(fs.existsSync(path.resolve(path.dirname(ROUTER), module)), `${screen}: ${module}`).toBe(true);
    }
    // A page that asks for its first data on arrival loads that prefetch beside its screen (ADR 0071).
    expect(appScreens['/users']).toEqual(['./routes/users-prefetch.ts', './routes/users-route.tsx']);
    expect(appScreens['/audit-log']).toEqual(['../features/audit/components/audit-log-page.tsx']);
    // The builder's route loads its data prefetch and its screen: both are needed for its first draw.
    expect(appScreens['/workflows/builder']).toEqual(['./routes/workflow-builder-prefetch.ts', './routes/workflow-builder-route.tsx']);
  });

  it('finds the signed-in layout the staff screens are drawn in', () => {
    expect(layout).toBe('./layout/app-layout.tsx');
  });

  it('refuses a router without its tables rather than writing an empty file', () => {
    expect(() => screenImports('export const router = 1;')).toThrow(/PUBLIC_SCREENS/);
  });
});
