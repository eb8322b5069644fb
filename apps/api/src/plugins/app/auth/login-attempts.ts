// Counts failed sign-ins per account (in all, and per address that tried it) and per address (over all
// accounts). An attempt is counted *before* its password is checked — reserved — and only if no limit is
// reached, in one atomic step, so a hundred parallel guesses cannot all pass a check made before any of
// them failed. A successful attempt hands its reservation back. Shared through Redis when the server has
// it (one Lua script per step), in memory otherwise and while Redis is away.
import type { Redis } from 'ioredis';
import type { Clock } from '../../../lib/clock.ts';

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

interface Window {
  expiresAt: number;
}
interface AccountWindow extends Window {
  total: number;
  byAddress: Map<string, number>;
}
interface AddressWindow extends Window {
  count: number;
}

export function createMemoryLoginAttempts(clock: Clock): LoginAttempts {
  const accounts = new Map<string, AccountWindow>();
  const addresses = new Map<string, AddressWindow>();
  const live = <T extends Window>(map: Map<string, T>, key: string): T | undefined => {
    const entry = map.get(key);
    if (entry && entry.expiresAt <= clock.now().getTime()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = (map: Map<string, Window>) => {
    if (map.size <= 10_000) return;
    const now = clock.now().getTime();
    for (const [key, entry] of map) if (entry.expiresAt <= now) map.delete(key);
  };
  const secondsLeft = (entry: Window) => (entry.expiresAt - clock.now().getTime()) / 1000;

  return {
    // No await inside: the check and the count happen in one turn of the event loop, hence atomically.
    async reserve(account, address, limits) {
      sweep(accounts);
      sweep(addresses);
      const expiresAt = clock.now().getTime() + limits.windowSeconds * 1000;
      const onAccount = live(accounts, account) ?? { total: 0, byAddress: new Map(), expiresAt };
      const fromAddress = live(addresses, address) ?? { count: 0, expiresAt };
      if (
        (onAccount.byAddress.get(address) ?? 0) >= limits.perAccountAndAddress ||
        onAccount.total >= limits.perAccount
      ) {
        return { allowed: false, retryAfterSeconds: secondsLeft(onAccount) };
      }
      if (fromAddress.count >= limits.perAddress) {
        return { allowed: false, retryAfterSeconds: secondsLeft(fromAddress) };
      }
      onAccount.total += 1;
      onAccount.byAddress.set(address, (onAccount.byAddress.get(address) ?? 0) + 1);
      fromAddress.count += 1;
      accounts.set(account, onAccount);
      addresses.set(address, fromAddress);
      return { allowed: true };
    },
    async succeeded(account, address) {
      const onAccount = live(accounts, account);
      if (onAccount) {
        onAccount.total = Math.max(0, onAccount.total - 1);
        onAccount.byAddress.delete(address);
      }
      const fromAddress = live(addresses, address);
      if (fromAddress) fromAddress.count = Math.max(0, fromAddress.count - 1);
    },
    async released(account, address) {
      const onAccount = live(accounts, account);
      if (onAccount) {
        onAccount.total = Math.max(0, onAccount.total - 1);
        const pair = (onAccount.byAddress.get(address) ?? 0) - 1;
        if (pair > 0) onAccount.byAddress.set(address, pair);
        else onAccount.byAddress.delete(address);
      }
      const fromAddress = live(addresses, address);
      if (fromAddress) fromAddress.count = Math.max(0, fromAddress.count - 1);
    },
    async clearAccount(account) {
      accounts.delete(account);
    },
  };
}

// KEYS[1] the account's hash (field `total` and one field per address), KEYS[2] the address's counter.
// ARGV: address field, per-pair limit, per-account limit, per-address limit, window in ms.
// Answers 0 when the attempt is counted, or the milliseconds until the limit that refused it ends.
const RESERVE_SCRIPT = `
local total = tonumber(redis.call('HGET', KEYS[1], 'total') or '0')
local pair = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
local address = tonumber(redis.call('GET', KEYS[2]) or '0')
if pair >= tonumber(ARGV[2]) or total >= tonumber(ARGV[3]) then
  return math.max(redis.call('PTTL', KEYS[1]), 1000)
end
if address >= tonumber(ARGV[4]) then
  return math.max(redis.call('PTTL', KEYS[2]), 1000)
end
redis.call('HINCRBY', KEYS[1], 'total', 1)
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('INCR', KEYS[2])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[5]) end
if redis.call('PTTL', KEYS[2]) < 0 then redis.call('PEXPIRE', KEYS[2], ARGV[5]) end
return 0
`;

// Same keys; ARGV[1] the address field, ARGV[2] 'forgive' (a success: the pair's failures end) or
// 'release' (only this attempt is handed back). Never touches an expired window.
const GIVE_BACK_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  if tonumber(redis.call('HGET', KEYS[1], 'total') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'total', -1) end
  if ARGV[2] == 'forgive' then
    redis.call('HDEL', KEYS[1], ARGV[1])
  elseif tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0') > 0 then
    redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
  end
end
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
return 0
`;

export function createRedisLoginAttempts(redis: Redis, prefix: string): LoginAttempts {
  const accountKey = (account: string) => `${prefix}login-failures:account:${account}`;
  const addressKey = (address: string) => `${prefix}login-failures:address:${address}`;
  const field = (address: string) => `address:${address}`;
  const giveBack = async (account: string, address: string, mode: 'forgive' | 'release') => {
    await redis.eval(GIVE_BACK_SCRIPT, 2, accountKey(account), addressKey(address), field(address), mode);
  };

  return {
    async reserve(account, address, limits) {
      const refusedForMs = Number(
        await redis.eval(
          RESERVE_SCRIPT,
          2,
          accountKey(account),
          addressKey(address),
          field(address),
          limits.perAccountAndAddress,
          limits.perAccount,
          limits.perAddress,
          limits.windowSeconds * 1000,
        ),
      );
      return refusedForMs > 0
        ? { allowed: false, retryAfterSeconds: refusedForMs / 1000 }
        : { allowed: true };
    },
    succeeded: (account, address) => giveBack(account, address, 'forgive'),
    released: (account, address) => giveBack(account, address, 'release'),
    async clearAccount(account) {
      await redis.del(accountKey(account));
    },
  };
}

/** In Redis when the server has it; in memory otherwise, and while Redis is away (a lock never lapses). */
export function createLoginAttempts(redis: Redis | undefined, prefix: string, clock: Clock): LoginAttempts {
  const memory = createMemoryLoginAttempts(clock);
  if (!redis) return memory;
  const shared = createRedisLoginAttempts(redis, prefix);
  // Giving back and clearing go to both stores, so the memory one is right if Redis goes away later.
  const both = async (change: (store: LoginAttempts) => Promise<void>) => {
    await Promise.all([change(shared).catch(() => undefined), change(memory)]);
  };
  return {
    reserve: (account, address, limits) =>
      shared.reserve(account, address, limits).catch(() => memory.reserve(account, address, limits)),
    succeeded: (account, address) => both((store) => store.succeeded(account, address)),
    released: (account, address) => both((store) => store.released(account, address)),
    clearAccount: (account) => both((store) => store.clearAccount(account)),
  };
}
