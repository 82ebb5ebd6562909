import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { guideIndex } from './build/guide-index.ts';
import { lowPriorityScripts } from './build/low-priority-scripts.ts';
import { routePreloads } from './build/route-preloads.ts';

// The contract package resolves through its `exports` map ("./*" → "./src/*.ts") via the workspace link.
/** In `npm run dev`, the applicant's pages get their own HTML as the server gives it them (http/web.ts). */
const applyPages = (): Plugin => ({
  name: 'apply-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/apply(\/|$|\?)/.test(req.url)) req.url = '/apply.html';
      next();
    });
  },
});

export default defineConfig({
  plugins: [
    applyPages(),
    react(),
    guideIndex(fileURLToPath(new URL('../../docs/guide', import.meta.url))),
    routePreloads(fileURLToPath(new URL('./src/app/screens.ts', import.meta.url))),
    lowPriorityScripts(),
  ],
  resolve: {
    // Patterns are checked and run on the server (ADR 0041): the pages do not carry the engine.
    alias: { re2js: fileURLToPath(new URL('./src/shared/lib/re2js-server-side.ts', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the app supports preloads modules itself; without the polyfill each page loads one file less
    // (a browser without modulepreload still runs the app, it only fetches the modules as it imports them).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two pages: the app, and /login's own small first download (ADR 0047); the server serves login.html at /login.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
        // The applicant's page (ADR 0056): its own entry on Preact, none of the staff app's code.
        apply: fileURLToPath(new URL('./apply.html', import.meta.url)),
      },
      output: {
        // React, and the router with TanStack Query, each as one file rather than the many small shared chunks the
        // automatic split makes of them: every staff page loads all of these (/login only React), so nothing is
        // downloaded that was not before, in fewer requests and 1–3 KB less gzipped per page (bench:web, 2026-11-29).
        // React Bootstrap and its helpers: the modules of them that eight or more chunks share go in one file, the rest
        // stay with the pages that use them (all of React Bootstrap in one file put five pages over their budget):
        // /users loads 38 files instead of 54, /dashboard 38 instead of 49 (ADR 0069).
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'framework', test: /[\\/]node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]/, priority: 10 },
            {
              name: 'ui-kit',
              test: /[\\/]node_modules[\\/](react-bootstrap|@restart|dom-helpers|@react-aria|uncontrollable|prop-types|warning|invariant|classnames|@popperjs|react-transition-group|@babel[\\/]runtime)[\\/]/,
              priority: 5,
              minShareCount: 8,
            },
          ],
        },
      },
    },
  },
});
