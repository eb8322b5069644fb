import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const PACKAGE_ROOT = resolve(import.meta.dirname, '..');

/** Every module a fresh node process resolves while importing the package's two entries. */
function modulesLoadedByEntries(): string[] {
  const hook = `export async function resolve(specifier, context, next) {
    const resolved = await next(specifier, context);
    process.stdout.write(resolved.url + '\\n');
    return resolved;
  }`;
  const script = `
    import { register } from 'node:module';
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));
    await import(${JSON.stringify(resolve(PACKAGE_ROOT, 'src/index.ts'))});
    await import(${JSON.stringify(resolve(PACKAGE_ROOT, 'src/fastify.ts'))});
  `;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: PACKAGE_ROOT,
    encoding: 'utf8',
  });
  return output.split('\n').filter(Boolean);
}

describe('the package at run time', () => {
  it('loads no schema library: nothing of zod, nor the contracts that carry it', () => {
    const loaded = modulesLoadedByEntries();
    expect(loaded).toContainEqual(expect.stringContaining('packages/domain/src/allowance.ts'));
    expect(loaded.filter((url) => /\/zod\/|\/domain\/src\/(calls\/|index\.ts)/.test(url))).toEqual([]);
  }, 20_000);
});
