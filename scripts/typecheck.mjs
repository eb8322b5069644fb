// `npm run typecheck`: every workspace's tsconfig, checked by TypeScript's native compiler (tsgo, from
// @typescript/native-preview) instead of `tsc` 6, which the tools (Vite, ESLint, knip) keep using as a
// library. TypeScript 6 is the release aligned with the native one: same options, same checks, at a
// fraction of tsc's CPU. `npm run typecheck -w <ws>` still runs `tsc` 6 on one workspace.
//
// All workspaces are checked by one `tsgo -b` process, single-threaded (design §7): each workspace is still
// its own program with its own tsconfig, but build mode parses a file once for all of them (the domain
// package, lib.d.ts, @types/node, MUI's and React's types are read by most workspaces), and one checker per
// program does not repeat the global types' checking the way tsgo's default four parallel checkers each
// do, so it needs far less CPU than one `tsgo -p` per workspace. `npm test`
// runs this beside lint and the unit tests, which take the other core. Build mode leaves a
// `tsconfig.tsbuildinfo` in each workspace (git-ignored); with `noEmit` a re-run still checks everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** The workspace folders, with `packages/*` expanded, that have a typecheck script and a tsconfig. */
function typedWorkspaces() {
  const folders = workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
          .sort()
      : [pattern],
  );
  return folders.filter((folder) => {
    const manifest = path.join(root, folder, 'package.json');
    if (!existsSync(manifest) || !existsSync(path.join(root, folder, 'tsconfig.json'))) return false;
    return Boolean(JSON.parse(readFileSync(manifest, 'utf8')).scripts?.typecheck);
  });
}

const tsgo = path.join(root, 'node_modules/.bin/tsgo');
const { status } = spawnSync(tsgo, ['-b', ...typedWorkspaces(), '--singleThreaded'], {
  cwd: root,
  stdio: 'inherit',
});
if (status !== 0) {
  console.error('type errors (above, each under its workspace path)');
  process.exit(1);
}
