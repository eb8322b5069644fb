// Figure 3's login flood: `connections` sign-ins in flight at once, each as soon as the last answered,
// every one counted. autocannon's `stop()` drops the requests in flight and counts refusals with the
// rest, so it cannot tell whether EVERY sign-in reached the password hash; here stopping lets each
// connection finish its sign-in, so each one sent has its answer, and a sign-in counts as signed in only
// when the portal answered 200 with an access token — which it does only after argon2id verified the
// password (accounts-service.ts login). A refusal before the hash (429 from the request limit or the
// lockout, 503 from a full hashing line) or a 401 is counted apart and fails the figure.
import { setTimeout as sleep } from 'node:timers/promises';

export interface SignInTarget {
  url: string;
  /** JSON bodies, used in turn: the accounts' email and correct password. */
  bodies: readonly string[];
  /** The next client address (X-Forwarded-For). */
  address: () => string;
}

export interface SignInTally {
  /** Sign-ins sent; each has an answer or an error by the time the tally is read. */
  sent: number;
  /** Answers 200 with an access token: a password verified by the hash. */
  signedIn: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** Sign-ins that got no answer (connection refused or reset). */
  errors: number;
  /** Each answered sign-in's time, in milliseconds. */
  latenciesMs: number[];
  seconds: number;
}

function emptyTally(): SignInTally {
  return { sent: 0, signedIn: 0, statuses: {}, errors: 0, latenciesMs: [], seconds: 0 };
}

export function addTallies(tallies: readonly SignInTally[]): SignInTally {
  const total = emptyTally();
  for (const tally of tallies) {
    total.sent += tally.sent;
    total.signedIn += tally.signedIn;
    total.errors += tally.errors;
    total.seconds += tally.seconds;
    for (const [code, count] of Object.entries(tally.statuses))
      total.statuses[code] = (total.statuses[code] ?? 0) + count;
    for (const latency of tally.latenciesMs) total.latenciesMs.push(latency);
  }
  return total;
}

const signedInAnswer = (status: number, body: string) => {
  if (status !== 200) return false;
  try {
    return typeof (JSON.parse(body) as { token?: unknown }).token === 'string';
  } catch {
    return false;
  }
};

/** Starts the flood; `stop` resolves once every sign-in in flight has its answer. */
export function startSignInFlood(target: SignInTarget, connections: number) {
  const tally = emptyTally();
  const started = performance.now();
  let stopped = false;
  let next = 0;
  async function signInAgainAndAgain() {
    while (!stopped) {
      const body = target.bodies[next % target.bodies.length] ?? '';
      next += 1;
      tally.sent += 1;
      const sentAt = performance.now();
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': target.address() },
          body,
        });
        const text = await response.text();
        tally.latenciesMs.push(performance.now() - sentAt);
        tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
        if (signedInAnswer(response.status, text)) tally.signedIn += 1;
      } catch {
        tally.errors += 1;
      }
    }
  }
  const connectionsDone = Promise.all(Array.from({ length: connections }, signInAgainAndAgain));
  return {
    async stop(): Promise<SignInTally> {
      stopped = true;
      await connectionsDone;
      tally.seconds = (performance.now() - started) / 1_000;
      return tally;
    },
  };
}

/** A flood of `seconds`, then its tally (the warm-up). */
export async function floodFor(target: SignInTarget, connections: number, seconds: number) {
  const flood = startSignInFlood(target, connections);
  await sleep(seconds * 1_000);
  return flood.stop();
}

/**
 * The flood measured what it claims only if every sign-in sent was answered as signed in: one refused
 * before the hash costs the portal next to nothing, so a flood of refusals would make the GetClients
 * figure look good for the wrong reason.
 */
export function everySignInHashed(tally: SignInTally): { ok: boolean; line: string } {
  const refused = Object.entries(tally.statuses)
    .filter(([code]) => code !== '200')
    .map(([code, count]) => `${code} ×${count}`);
  const ok = tally.sent > 0 && tally.signedIn === tally.sent && tally.errors === 0;
  return {
    ok,
    line:
      `every sign-in of the flood reached the password hash: ${tally.signedIn} signed in of ${tally.sent} sent` +
      `${refused.length > 0 ? `, other answers ${refused.join(', ')}` : ''}` +
      `${tally.errors > 0 ? `, ${tally.errors} without an answer` : ''}`,
  };
}
