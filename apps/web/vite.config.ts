import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { LOGIN_ROUTE_SOURCE } from './build/budget.ts';
import { precompress } from './build/precompress.ts';
import { pageChunk } from './build/sign-in-chunk.ts';

// In development the API runs on its own port (API_PROXY_TARGET overrides it); in production it serves
// this build from the same origin.
const API_ORIGIN = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';
const apiProxy = { '/api': API_ORIGIN, '/refresh': API_ORIGIN, '/dev': API_ORIGIN };

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // The sign-in page's modules ship as one chunk (build/sign-in-chunk.ts, budget in build/budget.ts).
        codeSplitting: { groups: [pageChunk('sign-in', import.meta.dirname, LOGIN_ROUTE_SOURCE)] },
      },
    },
  },
});
