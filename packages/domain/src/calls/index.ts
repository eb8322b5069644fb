// Every call of the portal, by area (docs/design.md §1 "One contract per call"). A new call is added to
// its area's file, which exports calls only; only a new area is added here.
import type { CallDefinition } from './define-call.ts';
import * as account from './account.ts';
import * as activity from './activity.ts';
import * as auth from './auth.ts';
import * as staffConsole from './console.ts';
import * as consoleCompanies from './console-companies.ts';
import * as consoleTools from './console-tools.ts';
import * as dev from './dev.ts';
import * as system from './system.ts';
import * as team from './team.ts';
import * as tokens from './tokens.ts';
import * as users from './users.ts';
import * as verification from './verification.ts';

export * from './define-call.ts';
export {
  account,
  activity,
  auth,
  staffConsole,
  consoleCompanies,
  consoleTools,
  dev,
  system,
  team,
  tokens,
  users,
  verification,
};

/** Every call the portal serves: the API registers each, and a test finds these and its routes equal. */
export const ALL_CALLS: readonly CallDefinition[] = [
  account,
  activity,
  auth,
  staffConsole,
  consoleCompanies,
  consoleTools,
  dev,
  system,
  team,
  tokens,
  users,
  verification,
].flatMap((area) => Object.values(area));
