// BENCH_ONLY chooses bench:api's figures; a choice of none, or of a name it does not know, stops the run
// before it creates anything instead of passing on nothing.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { selectFigures } from '@datafeeds/bench-shared/figure-selection';
import { FIGURES } from '../src/settings.ts';

const select = (value: string | undefined) => selectFigures('BENCH_ONLY', value, FIGURES);

describe('BENCH_ONLY', () => {
  it('runs every figure when unset, and the named ones otherwise', () => {
    expect([...select(undefined)]).toEqual(['user', 'clients', 'flood', 'console']);
    expect([...select(' flood, console ')]).toEqual(['flood', 'console']);
  });

  it.each(['', ' ', ',', ' , '])('selecting nothing (%j) is refused', (value) => {
    expect(() => select(value)).toThrow(
      'BENCH_ONLY selects no figure (known: user, clients, flood, console; unset runs them all)',
    );
  });

  it.each([
    ['users', 'users'],
    ['user,clint', 'clint'],
    ['USER', 'USER'],
  ])('an unknown name (%j) is refused, naming it', (value, unknown) => {
    expect(() => select(value)).toThrow(`BENCH_ONLY names unknown figures: ${unknown} (known:`);
  });

  it("bench:api's run with an empty BENCH_ONLY exits 1 with the message, before its first line", async () => {
    const main = resolve(import.meta.dirname, '../src/main.ts');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', main], {
      cwd: resolve(import.meta.dirname, '..'),
      env: { ...process.env, BENCH_ONLY: '' },
    });
    await expect(run).rejects.toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringContaining('BENCH_ONLY selects no figure') as unknown,
    });
  }, 60_000);
});
