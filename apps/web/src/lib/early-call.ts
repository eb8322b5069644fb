// A first screen's calls, asked for as early as a visit can: the entry (main.tsx) starts those of the
// screens its address matches when the visit opens with a session, beside the download of the screens'
// code, and each query takes its call's answer the first time it asks (design §7 "The web app's first
// load"). Asked by the screens' code, they waited for every chunk of the page, then for its first render.
// No data cache here: the entry does not ship TanStack Query.
import { getToken } from './auth/session-store';

/**
 * How long an answer asked for early may serve its query at the first address: long enough for the
 * slowest first screen to arrive, short enough that a part of it shown much later asks afresh.
 */
export const EARLY_ANSWER_LIFETIME_MS = 30_000;

/** The early answers not taken yet, each by the way to drop it. */
const untaken = new Set<() => void>();

/**
 * Drops every early answer not taken yet: they were for the first address's screens, and the router
 * calls this as the visit leaves it. An identity sent from /dashboard to /welcome, who then creates a
 * profile and comes back, must not be shown the tokens and quota asked for before it had one.
 */
export function dropEarlyAnswers(): void {
  for (const drop of untaken) drop();
  untaken.clear();
}

export interface EarlyCall<Answer> {
  /** Makes the call now, for the session in storage; nothing without one. */
  start(): void;
  /**
   * The early answer, at most once, unless dropped (the visit left the first address), only for the
   * session it was asked for (a sign-out or another sign-in since, a 401 ending the session, makes the
   * query ask again) and within its lifetime; otherwise the call made now.
   */
  answer(signal?: AbortSignal): Promise<Answer>;
}

export function earlyCall<Answer>(
  ask: (signal?: AbortSignal) => Promise<Answer>,
  now: () => number = Date.now,
): EarlyCall<Answer> {
  let early: { token: string; askedAt: number; answer: Promise<Answer> } | undefined;
  const drop = () => {
    early = undefined;
  };
  return {
    start() {
      const token = getToken();
      if (token === null) return;
      const answer = ask();
      // A failure is the query's to report; until it takes the answer, nobody else listens.
      answer.catch(() => undefined);
      early = { token, askedAt: now(), answer };
      untaken.add(drop);
    },
    answer(signal) {
      const taken = early;
      early = undefined;
      untaken.delete(drop);
      const usable =
        taken !== undefined &&
        taken.token === getToken() &&
        now() - taken.askedAt <= EARLY_ANSWER_LIFETIME_MS;
      return usable ? taken.answer : ask(signal);
    },
  };
}
