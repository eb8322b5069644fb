// Compiles the server and the operator command to JavaScript in dist/, so that `npm start` runs plain
// node with no TypeScript compiler at run time. The workspace packages (@datafeeds/*, published as
// TypeScript source) are bundled in; every other package stays an import resolved from node_modules,
// because some ship files they read at run time (PGlite's WebAssembly, Swagger UI's pages).
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';

const packageDir = path.resolve(import.meta.dirname, '..');
// An argument names another folder inside the package (the tests build their own copy there).
const outdir = path.join(packageDir, process.argv[2] ?? 'dist');
if (!outdir.startsWith(packageDir + path.sep)) throw new Error(`${outdir} is not inside ${packageDir}`);

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
    operator: path.join(packageDir, 'src/operator/cli.ts'),
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
