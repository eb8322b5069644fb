// The browser's view of the call contracts (docs/design.md §1 "One contract per call"). A production
// build resolves `@datafeeds/domain/calls` to each call's address alone — method, path, kind of access,
// whether it answers a file — which is all `call()` reads at run time: the contracts' zod schemas type
// the web app at compile time and parse the test doubles' answers, and the browser never needs them.
// So every screen may import its contracts statically, and no page's first load carries the schemas.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const CONTRACTS = '@datafeeds/domain/calls';
const RESOLVED = '\0datafeeds:call-routes';

/** Reads every contract's address in a child process (the domain is TypeScript; tsx runs it). */
function readCallRoutes(root: string): Record<string, Record<string, object>> {
  const script = `
    const calls = await import(${JSON.stringify(CONTRACTS)});
    const isCall = (value) => typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
    const routes = {};
    for (const [area, members] of Object.entries(calls)) {
      if (typeof members !== 'object' || members === null || isCall(members) || Array.isArray(members)) continue;
      routes[area] = {};
      for (const [name, call] of Object.entries(members)) {
        routes[area][name] = {
          method: call.method,
          path: call.path,
          access: { kind: call.access.kind },
          ...(call.file ? { file: { mediaType: call.file.mediaType } } : {}),
        };
      }
    }
    process.stdout.write(JSON.stringify(routes));
  `;
  const tsx = createRequire(`${root}/`).resolve('tsx');
  const output = execFileSync(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<string, Record<string, object>>;
}

export function callRoutes(): Plugin {
  let root = '';
  return {
    name: 'datafeeds:call-routes',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(source) {
      return source === CONTRACTS ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const routes = readCallRoutes(root);
      return Object.entries(routes)
        .map(([area, calls]) => `export const ${area} = ${JSON.stringify(calls)};`)
        .join('\n');
    },
  };
}
