// `npm run bench:web`: the web performance benchmark and its budget. Speed is measured here, by a
// command run on purpose, never by timed tests, so it is not part of `npm test`. It lives in a
// workspace of its own because Lighthouse is a large tool dependency that nothing else needs. Two root
// `overrides` keep it from breaking the rest (package.json): its trace engine asks for `third-party-web`
// and `legacy-javascript` at `latest`, which `npm ci` cannot reproduce, and it would hoist an old
// @types/pg over the API's.
//
// It builds the web app for production, starts the real server on it (temporary DATA_DIR, port
// BENCH_PORT or 8390), then for /login and for /dashboard (a user registered through the API):
//   1. the JavaScript and CSS of the first load in a fresh Chromium context (Playwright);
//   2. Lighthouse, desktop preset, median of BENCH_RUNS runs per page (default 3; 0 skips it);
// and checks the budget, exiting 1 when any line FAILs.
import os from 'node:os';
import { resolve } from 'node:path';
import {
  DASHBOARD_FIRST_LOAD_JS_GZIP_KB,
  LOGIN_FIRST_LOAD_JS_GZIP_KB,
} from '../../../apps/web/build/budget.ts';
import { measureFirstLoads, type FirstLoad } from './first-load.ts';
import { entryFiles, firstLoadChecks, kb, sum } from './first-load-budget.ts';
import { CATEGORIES, runLighthouse, type Category, type LighthouseRun } from './lighthouse.ts';
import { buildWebApp, registerUser, repoRoot, serveProductionBuild } from './server.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8390);
// BENCH_RUNS=0 skips Lighthouse (quick look at the bytes only): the budget then counts as not met.
const RUNS = Math.max(0, Number(process.env.BENCH_RUNS ?? 3));
const REPORT_DIR = resolve(repoRoot, 'bench/web/reports');

// The size budgets are the web app's (apps/web/build/budget.ts): `npm test` checks them over the build
// output, this checks them again in the browser, with the scores only a browser can give.
const BUDGET = {
  loginFirstLoadJsGzipKb: LOGIN_FIRST_LOAD_JS_GZIP_KB,
  dashboardFirstLoadJsGzipKb: DASHBOARD_FIRST_LOAD_JS_GZIP_KB,
  // 100 on both pages, judged on the median of BENCH_RUNS runs: on a busy or slow machine a run without
  // CPU slowdown can read 99 (the desktop preset simulates the network, not the CPU).
  performance: 100,
  accessibility: 100,
};

/** The report goes to stdout (warnings and errors to stderr). */
const print = (text: string) => process.stdout.write(`${text}\n`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function printFirstLoad(load: FirstLoad) {
  print(`\n${load.path} (ended on ${load.finalPath})`);
  for (const kind of ['js', 'css'] as const) {
    const files = load.files.filter((file) => file.kind === kind);
    const encodings = [...new Set(files.map((file) => file.encoding))].join(', ') || 'none';
    print(
      `  ${kind === 'js' ? 'JavaScript' : 'CSS       '} ${String(files.length).padStart(2)} files` +
        `  gzip ${kb(sum(files, 'gzip')).padStart(9)}  transferred ${kb(sum(files, 'transferred')).padStart(9)}` +
        ` (Content-Encoding: ${encodings})  uncompressed ${kb(sum(files, 'raw')).padStart(9)}`,
    );
  }
  const entry = entryFiles(load);
  print(
    `  of which the scripts index.html names (entry + modulepreload, before the router loads the page):` +
      ` ${entry.length} files, gzip ${kb(sum(entry, 'gzip'))}`,
  );
  for (const file of [...load.files].sort((a, b) => b.gzip - a.gzip)) {
    print(
      `    ${new URL(file.url).pathname.padEnd(48)} gzip ${kb(file.gzip).padStart(9)}` +
        `  transferred ${kb(file.transferred).padStart(9)} (${file.encoding})`,
    );
  }
}

async function lighthouseMedian(baseUrl: string, path: string, token?: string) {
  const runs: LighthouseRun[] = [];
  for (let i = 1; i <= RUNS; i += 1) {
    const label = `lighthouse${path.replaceAll('/', '-')}-${i}`;
    runs.push(await runLighthouse(baseUrl, path, REPORT_DIR, { label, ...(token ? { token } : {}) }));
  }
  const scores = {} as Record<Category, number>;
  for (const id of CATEGORIES) scores[id] = median(runs.map((run) => run.scores[id]));
  return { path, runs, scores };
}

type Check = (ok: boolean, line: string) => void;

async function lighthouseChecks(baseUrl: string, token: string, check: Check) {
  print(`\n== Lighthouse desktop preset, median of ${RUNS} run(s) per page`);
  // Desktop Lighthouse does not slow the CPU down, so other work on the machine shows in TBT and the score.
  const load = os.loadavg()[0] ?? 0;
  const cores = os.availableParallelism();
  print(
    `   machine: ${cores} cores, load average ${load.toFixed(1)}` +
      (load > cores ? ' (busy: performance scores will read low and vary)' : ''),
  );
  const results = [
    await lighthouseMedian(baseUrl, '/login'),
    await lighthouseMedian(baseUrl, '/dashboard', token),
  ];
  for (const { path, runs, scores } of results) {
    print(
      `\n${path}  ` +
        CATEGORIES.map((id) => `${id} ${scores[id]}`).join('  ') +
        `  (runs: ` +
        runs.map((run) => CATEGORIES.map((id) => run.scores[id]).join('/')).join(', ') +
        ')',
    );
    for (const run of runs) {
      const m = run.metrics;
      print(
        `  run ended on ${run.finalPath}: FCP ${Math.round(m.fcp)} ms, LCP ${Math.round(m.lcp)} ms, ` +
          `TBT ${Math.round(m.tbt)} ms, CLS ${m.cls.toFixed(3)}, SI ${Math.round(m.si)} ms ` +
          `(observed: FCP ${Math.round(m.observedFcp)} ms, LCP ${Math.round(m.observedLcp)} ms); ` +
          `API: ${run.apiCalls.join(', ') || 'none'}`,
      );
      for (const failure of run.accessibilityFailures) print(`    accessibility: ${failure}`);
    }
    print(`  reports: ${runs.map((run) => run.reportPath.replace(`${repoRoot}/`, '')).join(', ')}`);
    const rendered = runs.every(
      (run) =>
        run.finalPath === path &&
        (path !== '/dashboard' || run.apiCalls.some((call) => call.startsWith('/api/GetUser 200'))),
    );
    check(
      rendered,
      path === '/dashboard'
        ? '/dashboard Lighthouse runs rendered the signed-in dashboard (final URL /dashboard, GetUser 200)'
        : `${path} Lighthouse runs ended on ${path}`,
    );
    check(
      scores.performance >= BUDGET.performance,
      `${path} Lighthouse performance ${scores.performance} >= ${BUDGET.performance}`,
    );
    check(
      scores.accessibility >= BUDGET.accessibility,
      `${path} Lighthouse accessibility ${scores.accessibility} = ${BUDGET.accessibility}`,
    );
  }
}

async function main() {
  print('Building the web app (vite build) and the server…');
  buildWebApp();
  const server = await serveProductionBuild(PORT);
  const checks: { ok: boolean; line: string }[] = [];
  const check: Check = (ok, line) => checks.push({ ok, line });
  try {
    const { baseUrl } = server;
    print(`Serving the production build at ${baseUrl} (real server, temporary DATA_DIR)`);
    const token = await registerUser(baseUrl);

    // 1. First-load bytes.
    const loads = await measureFirstLoads(baseUrl, [{ path: '/login' }, { path: '/dashboard', token }]);
    print('\n== First load, empty cache: JavaScript and CSS (1 kB = 1000 bytes)');
    print(
      '   gzip = each decoded body gzipped at level 9 here, whatever the server sent;' +
        ' transferred = bytes on the wire as served',
    );
    for (const load of loads) printFirstLoad(load);
    const [login, dashboard] = loads;
    if (!login || !dashboard) throw new Error('a first-load measurement is missing');
    if (dashboard.finalPath !== '/dashboard') {
      throw new Error(`the signed-in first load ended on ${dashboard.finalPath}, not /dashboard`);
    }
    // Each line fails on a load that fetched no scripts, where every sum is 0 (first-load-budget.ts).
    for (const { ok, line } of firstLoadChecks(login, dashboard, BUDGET)) check(ok, line);

    // 2. Lighthouse.
    if (RUNS === 0) check(false, 'Lighthouse skipped (BENCH_RUNS=0): scores not checked');
    else await lighthouseChecks(baseUrl, token, check);
  } finally {
    await server.stop();
  }

  print('\n== Budget');
  for (const { ok, line } of checks) print(`${ok ? 'PASS' : 'FAIL'}  ${line}`);
  const failed = checks.filter((c) => !c.ok).length;
  print(failed === 0 ? '\nbench:web: budget met' : `\nbench:web: ${failed} budget line(s) FAILED`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
