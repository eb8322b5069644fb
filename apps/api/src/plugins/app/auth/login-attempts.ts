// Counts failed sign-ins per account (in all, and per address that tried it) and per address (over all
// accounts), in the counter store (external/counter-store.ts): Redis when the server has it, memory
// otherwise and while Redis is away. An attempt is counted *before* its password is checked — reserved —
// and only if no limit is reached, in one atomic step, so a hundred parallel guesses cannot all pass a
// check made before any of them failed. A successful attempt hands its reservation back.
//
// An account's counts are fields of one key (`total`, and `address:<ip>` per address), so they share
// the window of its first failure and a completed password reset forgets them all at once.
import type { CounterStore } from '../../external/counter-store.ts';

interface LoginLimits {
  /** Failures one address may make on one account per window. */
  perAccountAndAddress: number;
  /** Failures on one account from all addresses together: the account is then locked for everyone. */
  perAccount: number;
  /** Failures from one address over all accounts (password spraying). */
  perAddress: number;
  windowSeconds: number;
}

type Reservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LoginAttempts {
  reserve(account: string, address: string, limits: LoginLimits): Promise<Reservation>;
  /** The reserved attempt succeeded: it was no failure, and the address's failures on the account end. */
  succeeded(account: string, address: string): Promise<void>;
  /** The reserved attempt never had its password checked (the server was overloaded): it did not count. */
  released(account: string, address: string): Promise<void>;
  /** Forgets every failure counted against the account (its owner proved themselves by email). */
  clearAccount(account: string): Promise<void>;
}

export function createLoginAttempts(counters: CounterStore): LoginAttempts {
  const onAccount = (account: string) => `login-failures:account:${account}`;
  const fromAddress = (address: string) => ({ key: `login-failures:address:${address}` });
  const total = (account: string) => ({ key: onAccount(account), field: 'total' });
  const pair = (account: string, address: string) => ({
    key: onAccount(account),
    field: `address:${address}`,
  });

  return {
    async reserve(account, address, limits) {
      const reservation = await counters.reserve(
        [
          { ...pair(account, address), limit: limits.perAccountAndAddress },
          { ...total(account), limit: limits.perAccount },
          { ...fromAddress(address), limit: limits.perAddress },
        ],
        limits.windowSeconds * 1000,
      );
      return reservation.allowed
        ? reservation
        : { allowed: false, retryAfterSeconds: reservation.retryAfterMs / 1000 };
    },
    succeeded: (account, address) =>
      counters.takeBack([total(account), { ...pair(account, address), all: true }, fromAddress(address)]),
    released: (account, address) =>
      counters.takeBack([total(account), pair(account, address), fromAddress(address)]),
    clearAccount: (account) => counters.takeBack([{ key: onAccount(account), all: true }]),
  };
}
