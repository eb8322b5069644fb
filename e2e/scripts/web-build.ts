// The web app's production build for the run, made once: `npm test` has just built it for the size
// check (test:size), so the end-to-end server serves that build instead of building it again. A build
// older than any file it is made from, or none at all, is rebuilt, as `npm start` would.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What `vite build` reads: the app, its build plugins, the domain package and the installed packages. */
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/build',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
  'package-lock.json',
];
/** Written by every successful build (the manifest is what the server and the size check read). */
const BUILD_STAMP = 'apps/web/dist/.vite/manifest.json';

function newestMtime(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function webBuildIsFresh(repoRoot: string): boolean {
  const stamp = join(repoRoot, BUILD_STAMP);
  if (!existsSync(stamp) || !existsSync(join(repoRoot, 'apps/web/dist/index.html'))) return false;
  const sources = WEB_SOURCES.map((path) => join(repoRoot, path)).filter((path) => existsSync(path));
  return statSync(stamp).mtimeMs >= Math.max(...sources.map(newestMtime));
}

/** Builds the web app unless `apps/web/dist` is newer than everything it is built from. */
export function ensureWebBuild(repoRoot: string): void {
  if (webBuildIsFresh(repoRoot)) {
    console.warn('[e2e] serving the web build already in apps/web/dist (newer than its sources)');
    return;
  }
  const built = spawnSync(
    'npm',
    ['run', '--silent', 'build', '-w', '@datafeeds/web', '--', '--logLevel', 'warn'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('building the web app failed');
}
