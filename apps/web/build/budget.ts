// The web performance budget, in one place: `npm test` checks it over the build output
// (build/check-size.ts) and `npm run bench:web` checks it again in a real browser (bench/web).

/**
 * The sign-in page is the first page nearly every visitor loads, on any connection, so its first
 * load carries the size budget (design §7): 180 kB of JavaScript, each file gzipped at level 9 as
 * the build precompresses it (1 kB = 1000 bytes).
 */
export const LOGIN_FIRST_LOAD_JS_GZIP_KB = 180;

/** The module the router loads on demand for /login (src/app/router.tsx), named as in the manifest. */
export const LOGIN_ROUTE_SOURCE = 'src/app/routes/auth/login.tsx';
