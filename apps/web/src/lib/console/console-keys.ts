// Every console query's key starts with 'console' (design §11): signing out forgets them all at once,
// and an action reloads them all but the signed-in member's own (components/console/console-action.ts).
const CONSOLE = 'console';

/** A console query's key: 'console', then what it reads (['console', 'plans']). */
export function consoleKey<const Parts extends readonly unknown[]>(...parts: Parts) {
  return [CONSOLE, ...parts] as const;
}

export const staffMeKey = consoleKey('me');

/** Whether `queryKey` is a console screen's data: a console query, but not the signed-in member. */
export function isConsoleScreenData(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === CONSOLE && queryKey[1] !== staffMeKey[1];
}
