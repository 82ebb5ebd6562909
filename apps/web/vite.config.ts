import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { guideIndex } from './build/guide-index.ts';

// The contract package resolves through its `exports` map ("./*" → "./src/*.ts") via the workspace link.
export default defineConfig({
  plugins: [react(), guideIndex(fileURLToPath(new URL('../../docs/guide', import.meta.url)))],
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
    rolldownOptions: {
      // Two pages: the app, and /login's own small first download (ADR 0047); the server serves login.html at /login.
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
      },
    },
  },
});
