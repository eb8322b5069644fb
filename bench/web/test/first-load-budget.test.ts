// bench:web's byte lines: within budget they pass, over it they fail, and a first load that fetched no
// scripts fails them all — its sums are 0 bytes and it holds no analytics chunk, so without that each
// line passed on an empty file list.
import { describe, expect, it } from 'vitest';
import type { FirstLoad, LoadedFile } from '../src/first-load.ts';
import { firstLoadChecks } from '../src/first-load-budget.ts';

const BUDGET = { loginFirstLoadJsGzipKb: 100, dashboardFirstLoadJsGzipKb: 150 };
const ORIGIN = 'http://127.0.0.1:8390';

function file(path: string, gzip: number, kind: LoadedFile['kind'] = 'js'): LoadedFile {
  return { url: `${ORIGIN}${path}`, kind, transferred: gzip, encoding: 'gzip', raw: gzip * 3, gzip };
}

function load(path: string, files: LoadedFile[], entryScripts = ['/assets/index.js']): FirstLoad {
  return { path, finalPath: path, files, entryScripts };
}

const login = load('/login', [
  file('/assets/index.js', 60_000),
  file('/assets/login.js', 20_000),
  file('/assets/index.css', 5_000, 'css'),
]);
const dashboard = load('/dashboard', [
  file('/assets/index.js', 60_000),
  file('/assets/dashboard.js', 70_000),
]);

const verdicts = (lines: { ok: boolean }[]) => lines.map(({ ok }) => ok);

describe('the first-load byte lines', () => {
  it('pass for loads within their budgets, saying how many scripts they counted', () => {
    const lines = firstLoadChecks(login, dashboard, BUDGET);
    expect(verdicts(lines)).toEqual([true, true, true]);
    expect(lines[0]?.line).toContain('80.0 kB gzip <= 100 kB');
    expect(lines[0]?.line).toContain('2 scripts measured, 1 of them entry scripts');
  });

  it('fail a load over its budget', () => {
    const heavy = load('/dashboard', [...dashboard.files, file('/assets/chart.js', 30_000)]);
    expect(verdicts(firstLoadChecks(login, heavy, BUDGET))).toEqual([true, false, true]);
  });

  it('fail the analytics line when a mixpanel chunk loads', () => {
    const tracked = load('/login', [...login.files, file('/assets/mixpanel-abc.js', 1_000)]);
    expect(verdicts(firstLoadChecks(tracked, dashboard, BUDGET))).toEqual([true, true, false]);
  });

  it('fail on an empty file list: no scripts measured is no figure', () => {
    const empty = (path: string) => load(path, []);
    expect(verdicts(firstLoadChecks(empty('/login'), dashboard, BUDGET))).toEqual([false, true, false]);
    expect(verdicts(firstLoadChecks(login, empty('/dashboard'), BUDGET))).toEqual([true, false, false]);
    expect(verdicts(firstLoadChecks(empty('/login'), empty('/dashboard'), BUDGET))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('fail a load of stylesheets only, or of scripts none of which index.html names', () => {
    const stylesOnly = load('/login', [file('/assets/index.css', 5_000, 'css')]);
    expect(verdicts(firstLoadChecks(stylesOnly, dashboard, BUDGET))[0]).toBe(false);
    const noEntry = load('/login', login.files, ['/assets/elsewhere.js']);
    expect(verdicts(firstLoadChecks(noEntry, dashboard, BUDGET))[0]).toBe(false);
  });
});
