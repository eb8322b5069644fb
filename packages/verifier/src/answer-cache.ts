// The verifier's memory of the portal's answers (design §8 "Caching"). Only two kinds are kept: VALID
// answers, which carry the clientId a revocation event names, and NOT_FOUND, since a random 256-bit
// secret that does not exist never will. PENDING, EXPIRED and INACTIVE carry no clientId, so no event
// could ever drop them: they are asked again each time. Nothing is kept past a token's expiry.
import { LRUCache } from 'lru-cache';
import { NOT_FOUND, type KnownCredential } from './judge.ts';

type CachedAnswer = KnownCredential | typeof NOT_FOUND;

export interface AnswerCache {
  /** The answer kept for this secret, if it is no older than `maxAgeMs` (default: any age it is kept). */
  lookup(secret: string, maxAgeMs?: number): CachedAnswer | undefined;
  /**
   * Bumped by every invalidation. Read it before asking the portal and hand it to remember(): an
   * answer whose fetch overlapped a revocation or a reset may be what was just revoked, so is not kept.
   */
  readonly generation: number;
  remember(secret: string, answer: KnownCredential | typeof NOT_FOUND, askedAtGeneration: number): void;
  forget(clientId: string): void;
  clear(): void;
  readonly size: number;
}

export function createAnswerCache({ max, ttlMs }: { max: number; ttlMs: number }): AnswerCache {
  /** clientId → its cached secrets (several while a rotation's grace period lets the old one verify). */
  const secretsByClientId = new Map<string, Set<string>>();
  const known = new LRUCache<string, { credential: KnownCredential; storedAt: number }>({
    max,
    ttl: ttlMs,
    // Called on eviction, expiry, deletion and clear alike, so the index never points at a gone entry.
    dispose: ({ credential }, secret) => {
      const clientId = credential.answer.clientId;
      const secrets = secretsByClientId.get(clientId);
      secrets?.delete(secret);
      if (secrets?.size === 0) secretsByClientId.delete(clientId);
    },
  });
  // Kept apart so a flood of made-up secrets cannot evict the real credentials. The value: when stored.
  const missing = new LRUCache<string, number>({ max, ttl: ttlMs });
  let generation = 0;

  function rememberCredential(secret: string, credential: KnownCredential) {
    const untilExpiry = credential.expiresAtMs === null ? ttlMs : credential.expiresAtMs - Date.now();
    if (untilExpiry <= 0) return;
    known.set(secret, { credential, storedAt: Date.now() }, { ttl: Math.min(ttlMs, untilExpiry) });
    const secrets = secretsByClientId.get(credential.answer.clientId);
    if (secrets) secrets.add(secret);
    else secretsByClientId.set(credential.answer.clientId, new Set([secret]));
  }

  return {
    lookup(secret, maxAgeMs = Infinity) {
      const oldest = Date.now() - maxAgeMs;
      const entry = known.get(secret);
      if (entry) return entry.storedAt >= oldest ? entry.credential : undefined;
      const missingSince = missing.get(secret);
      return missingSince !== undefined && missingSince >= oldest ? NOT_FOUND : undefined;
    },
    get generation() {
      return generation;
    },
    remember(secret, answer, askedAtGeneration) {
      if (askedAtGeneration !== generation) return;
      if ('answer' in answer) rememberCredential(secret, answer);
      else missing.set(secret, Date.now());
    },
    forget(clientId) {
      generation += 1;
      const secrets = secretsByClientId.get(clientId);
      if (!secrets) return;
      for (const secret of [...secrets]) known.delete(secret);
    },
    clear() {
      generation += 1;
      known.clear();
      missing.clear();
    },
    get size() {
      return known.size + missing.size;
    },
  };
}
