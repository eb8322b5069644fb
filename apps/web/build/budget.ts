// The web performance budget, in one place: `npm test` checks it over the build output
// (build/check-size.ts) and `npm run bench:web` checks it again in a real browser (bench/web).

/**
 * The sign-in page is the first page nearly every visitor loads, on any connection, so its first
 * load carries the tightest size budget (design §7): JavaScript, each file gzipped at level 9 as the
 * build precompresses it (1 kB = 1000 bytes).
 */
export const LOGIN_FIRST_LOAD_JS_GZIP_KB = 150;

/** The module the router loads on demand for /login (src/app/router.tsx), named as in the manifest. */
export const LOGIN_ROUTE_SOURCE = 'src/app/routes/auth/login.tsx';

/** The dashboard, where signing in lands: its first load, counted the same way. */
export const DASHBOARD_FIRST_LOAD_JS_GZIP_KB = 200;

/** The modules the router loads on demand for /dashboard: the data cache's layout, the signed-in shell, the page. */
export const DASHBOARD_ROUTE_SOURCES = [
  'src/app/query-layout.tsx',
  'src/app/shell/app-shell.tsx',
  'src/app/routes/app/dashboard.tsx',
];
