// Usage counts held in memory until they are written (design §8 "Usage"): the portal's usage meter and
// @datafeeds/verifier's usage report both count here. Keyed structurally, one Map level per part of the
// key (credential, hour, feed, outcome), so no part's content — a client id holding a separator, say —
// can merge two keys or split one differently when the batch is built, and counting builds no key: a
// call made of strings the caller already holds is four Map look-ups and no allocation, where a key
// joined per call would be a large share of the verifier's in-process cost.

/** One hourly counter to add to the database. */
export interface UsageCount {
  clientId: string;
  hourMs: number;
  scope: string;
  code: string;
  count: number;
}

const HOUR_MS = 3_600_000;

type ByCode = Map<string, number>;
type ByScope = Map<string, ByCode>;
type ByHour = Map<number, ByScope>;

function child<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

export function createHeldCounts(maxKeys: number) {
  const byClient = new Map<string, ByHour>();
  let size = 0;

  return {
    /** Adds `count` at the hour holding `atMs`; false (nothing added) for a new key past `maxKeys`. */
    add(clientId: string, atMs: number, scope: string, code: string, count: number): boolean {
      const hour = Math.floor(atMs / HOUR_MS);
      const byCode = byClient.get(clientId)?.get(hour)?.get(scope);
      const held = byCode?.get(code);
      if (held !== undefined) {
        byCode?.set(code, held + count);
        return true;
      }
      if (size >= maxKeys) return false;
      const byHour = child(byClient, clientId, (): ByHour => new Map());
      const byScope = child(byHour, hour, (): ByScope => new Map());
      child(byScope, scope, (): ByCode => new Map()).set(code, count);
      size += 1;
      return true;
    },

    /** Distinct keys held. */
    get size() {
      return size;
    },

    *entries(): Generator<UsageCount> {
      for (const [clientId, byHour] of byClient) {
        for (const [hour, byScope] of byHour) {
          for (const [scope, byCode] of byScope) {
            for (const [code, count] of byCode)
              yield { clientId, hourMs: hour * HOUR_MS, scope, code, count };
          }
        }
      }
    },
  };
}

export type HeldCounts = ReturnType<typeof createHeldCounts>;
