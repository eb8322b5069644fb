// bench:web's byte lines, judged from what the first loads of /login and /dashboard downloaded. A sum of
// no files is 0 bytes, under any budget, and a list of no files holds no analytics chunk: a load that
// fetched no scripts (a page that failed before its scripts, a measurement that matched no response)
// would pass every line. So each line also needs the load to have fetched JavaScript, the entry scripts
// index.html names among it, and fails on an empty list.
import type { FirstLoad, LoadedFile } from './first-load.ts';

export interface FirstLoadBudget {
  loginFirstLoadJsGzipKb: number;
  dashboardFirstLoadJsGzipKb: number;
}

export interface BudgetLine {
  ok: boolean;
  line: string;
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export const sum = (files: readonly LoadedFile[], key: 'raw' | 'gzip' | 'transferred') =>
  files.reduce((total, file) => total + file[key], 0);

/** The files of the load that index.html names (entry script and modulepreloads). */
export const entryFiles = (load: FirstLoad) =>
  load.files.filter((file) => load.entryScripts.includes(new URL(file.url).pathname));

const scriptsOf = (load: FirstLoad) => load.files.filter((file) => file.kind === 'js');

/** What the load's scripts were, for a line: how many, and how many of them the entry scripts. */
function scriptsMeasured(load: FirstLoad): { ok: boolean; text: string } {
  const scripts = scriptsOf(load).length;
  const entry = entryFiles(load).filter((file) => file.kind === 'js').length;
  return {
    ok: scripts > 0 && entry > 0 && sum(scriptsOf(load), 'gzip') > 0,
    text: `${scripts} scripts measured, ${entry} of them entry scripts`,
  };
}

/** The byte lines of the two first loads: each script total within its budget, no analytics chunk. */
export function firstLoadChecks(
  login: FirstLoad,
  dashboard: FirstLoad,
  budget: FirstLoadBudget,
): BudgetLine[] {
  const loginScripts = scriptsMeasured(login);
  const loginJs = sum(scriptsOf(login), 'gzip');
  const dashboardScripts = scriptsMeasured(dashboard);
  const dashboardJs = sum(scriptsOf(dashboard), 'gzip');
  const analytics = [...login.files, ...dashboard.files].filter((file) => /mixpanel/i.test(file.url));
  return [
    {
      ok: loginScripts.ok && loginJs <= budget.loginFirstLoadJsGzipKb * 1000,
      line:
        `/login first-load JavaScript ${kb(loginJs)} gzip <= ${budget.loginFirstLoadJsGzipKb} kB` +
        ` (every script of the first load: ${loginScripts.text}; the entry scripts alone:` +
        ` ${kb(sum(entryFiles(login), 'gzip'))})`,
    },
    {
      ok: dashboardScripts.ok && dashboardJs <= budget.dashboardFirstLoadJsGzipKb * 1000,
      line:
        `/dashboard first-load JavaScript ${kb(dashboardJs)} gzip <= ${budget.dashboardFirstLoadJsGzipKb} kB` +
        ` (every script of the first load, signed in: ${dashboardScripts.text})`,
    },
    {
      ok: loginScripts.ok && dashboardScripts.ok && analytics.length === 0,
      line:
        'no analytics SDK chunk (mixpanel) on the first load of /login or /dashboard' +
        ` (of ${login.files.length + dashboard.files.length} files measured)`,
    },
  ];
}
