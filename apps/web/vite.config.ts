import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { DASHBOARD_ROUTE_SOURCES, LOGIN_ROUTE_SOURCE } from './build/budget.ts';
import { callRoutes } from './build/call-routes.ts';
import { dropPropTypes } from './build/drop-prop-types.ts';
import { precompress } from './build/precompress.ts';
import { pageChunk } from './build/sign-in-chunk.ts';
import { themeWithoutCssVariables } from './build/theme-without-css-variables.ts';

// In development the API runs on its own port (API_PROXY_TARGET overrides it); in production it serves
// this build from the same origin.
const API_ORIGIN = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';
const apiProxy = { '/api': API_ORIGIN, '/refresh': API_ORIGIN, '/dev': API_ORIGIN };

/**
 * The pages before signing in (and the console's) and the data cache's layout they share with the
 * dashboard: none of them downloads the dashboard's chunk.
 */
const SIGNED_OUT_ROUTE_SOURCES = [
  'src/app/query-layout.tsx',
  'src/app/routes/auth/register.tsx',
  'src/app/routes/auth/forgot-password.tsx',
  'src/app/routes/auth/reset-password.tsx',
  'src/app/routes/auth/verify-email.tsx',
  'src/app/routes/auth/accept-invitation.tsx',
  'src/app/routes/console/console-app.tsx',
];

export default defineConfig({
  plugins: [callRoutes(), dropPropTypes(), themeWithoutCssVariables(), react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    modulePreload: {
      // A lazy route's list of files to preload ships in the entry, which every visitor loads first.
      // The console's chunk (design §11) is for the provider team alone: its list, some fifty shared
      // chunks, would grow the sign-in page's first load; the console loads them by its own imports.
      resolveDependencies: (filename, deps) => (/(^|\/)console-app-[\w-]+\.js$/.test(filename) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports statically ships in the entry's chunk, every page loads it first.
            // Left to itself Rolldown splits off each module a lazy chunk shares with it (React Query's
            // useQuery, Vite's preload helper, MUI's getThemeProps...) into a small file of its own,
            // and small files gzip worse (docs/design.md §7). Rolldown's `$initial` tag marks the
            // modules the entry really uses, after tree-shaking, not what its barrels merely reach,
            // and names no file: the dynamic imports (the call contracts and their zod schemas) stay
            // out.
            { name: 'index', tags: ['$initial'] },
            // The sign-in page's modules ship as one chunk (build/sign-in-chunk.ts, budget in
            // build/budget.ts).
            pageChunk('sign-in', import.meta.dirname, [LOGIN_ROUTE_SOURCE]),
            // So do the dashboard's, where signing in lands, beyond what the sign-in chunk already has
            // (the group above takes its modules first): the data cache, the shell and the page.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            pageChunk('signed-out-shared', import.meta.dirname, DASHBOARD_ROUTE_SOURCES, {
              onlyShared: SIGNED_OUT_ROUTE_SOURCES,
            }),
            pageChunk('dashboard', import.meta.dirname, DASHBOARD_ROUTE_SOURCES, {
              except: SIGNED_OUT_ROUTE_SOURCES,
            }),
          ],
        },
      },
    },
  },
});
