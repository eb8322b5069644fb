// `npm run check:size -w @datafeeds/web`: the first-load size budgets of /login and /dashboard over an
// existing production build (run `npm run build -w @datafeeds/web` first), without a browser. Exits 1
// when a budget is not met. `npm run bench:web` measures the same files in Chromium, and Lighthouse on top.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';
import {
  DASHBOARD_FIRST_LOAD_JS_GZIP_KB,
  DASHBOARD_ROUTE_SOURCES,
  LOGIN_FIRST_LOAD_JS_GZIP_KB,
  LOGIN_ROUTE_SOURCE,
} from './budget.ts';
import { firstLoadScripts } from './first-load.ts';

const dist = path.resolve(import.meta.dirname, '../dist');
const print = (text: string) => process.stdout.write(`${text}\n`);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const PAGES = [
  { path: '/login', routeSources: [LOGIN_ROUTE_SOURCE], budgetKb: LOGIN_FIRST_LOAD_JS_GZIP_KB },
  { path: '/dashboard', routeSources: DASHBOARD_ROUTE_SOURCES, budgetKb: DASHBOARD_FIRST_LOAD_JS_GZIP_KB },
];

/** Level 9, as build/precompress.ts writes the .gz copies (the same bytes), and for the files too
 * small to get a copy as well, so the figure matches bench:web's. */
async function gzipSizes(files: string[]) {
  const sizes = await Promise.all(
    files.map(async (file) => ({
      file,
      gzip: gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length,
    })),
  );
  return sizes.sort((a, b) => b.gzip - a.gzip);
}

async function main() {
  const [manifestText, html] = await Promise.all([
    readFile(path.join(dist, '.vite/manifest.json'), 'utf8'),
    readFile(path.join(dist, 'index.html'), 'utf8'),
  ]).catch((error: unknown) => {
    throw new Error(`no production build in ${dist}: run \`npm run build -w @datafeeds/web\` first`, {
      cause: error,
    });
  });
  const manifest = JSON.parse(manifestText) as Manifest;
  const verdicts: string[] = [];
  let failed = false;
  for (const page of PAGES) {
    const sizes = await gzipSizes(firstLoadScripts(manifest, html, ...page.routeSources));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    const ok = total <= page.budgetKb * 1000;
    failed ||= !ok;
    print(`${page.path} first load: ${sizes.length} scripts, gzip level 9 (1 kB = 1000 bytes)`);
    for (const { file, gzip } of sizes) print(`  ${file.padEnd(48)} ${kb(gzip).padStart(9)}`);
    verdicts.push(
      `${ok ? 'PASS' : 'FAIL'}  ${page.path} first-load JavaScript ${kb(total)} gzip` +
        ` ${ok ? '<=' : '>'} ${page.budgetKb} kB`,
    );
  }
  for (const verdict of verdicts) print(verdict);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
