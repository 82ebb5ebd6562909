import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { guideIndex } from './apps/web/build/guide-index.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          // bench/*.test.ts run a benchmark's own code path at a small size (they assert what it reports, never timings).
          include: ['apps/server/src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts', 'packages/client/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web build's own virtual module (the guide's index), so the modules that import it load in tests too.
        plugins: [guideIndex(fileURLToPath(new URL('./docs/guide', import.meta.url)))],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
