import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The contract package resolves through its `exports` map ("./*" → "./src/*.ts") via the workspace link.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});
