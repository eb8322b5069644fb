// Compiles the server and the operator command to JavaScript in dist/, so that `npm start` runs plain
// node with no TypeScript compiler at run time. The workspace packages (@datafeeds/*, published as
// TypeScript source) are bundled in; every other package stays an import resolved from node_modules,
// because some ship files they read at run time (PGlite's WebAssembly, Swagger UI's pages).
import { build } from 'esbuild';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const packageDir = path.resolve(import.meta.dirname, '..');
// `--if-stale` (the operator and db:migrate commands) keeps a build newer than every source file, so a
// command never rebuilds the files a running server was started from. Another argument names another
// folder inside the package (the tests build their own copies in .test-builds/).
const args = process.argv.slice(2);
const ifStale = args.includes('--if-stale');
const outdir = path.join(packageDir, args.find((arg) => !arg.startsWith('--')) ?? 'dist');
if (!outdir.startsWith(packageDir + path.sep)) throw new Error(`${outdir} is not inside ${packageDir}`);

/** The newest modification time of the files below these folders. */
function newestIn(folders) {
  let newest = 0;
  for (const folder of folders) {
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (entry.isFile())
        newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

const sources = [path.join(packageDir, 'src'), path.resolve(packageDir, '../../packages/domain/src')];
const built = ['main.js', 'operator.js', 'migrate.js'].map((file) => path.join(outdir, file));
if (ifStale && built.every((file) => existsSync(file))) {
  const oldestBuild = Math.min(...built.map((file) => statSync(file).mtimeMs));
  if (oldestBuild >= newestIn(sources)) process.exit(0);
}

/** Bare imports stay external unless they name one of our workspace packages. */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@datafeeds/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(packageDir, 'src/main.ts'),
    operator: path.join(packageDir, 'src/operator-cli.ts'),
    migrate: path.join(packageDir, 'src/db/migrate-command.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  plugins: [externalPackages],
  logLevel: 'warning',
});
