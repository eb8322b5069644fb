// Verifier keys (design §8): one per data-feed service, created, listed and revoked by the provider team.
// Only a keyed hash and the first characters are stored; the key itself is printed once, at creation.
// Checking a key is on every verification call, so valid keys are cached in memory; a revocation is
// announced on the credential bus and drops the key on every instance at once. While the bus is not
// listening, an announcement could be missed: keys are then checked in the database every time.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { isWellFormedVerifierKey } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { verifierKeys } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';
import { isUuid } from '../../../lib/uuid.ts';
import { newVerifierKey, secretStart, type SecretHasher } from '../../../lib/client-credentials.ts';
import type { CredentialBus } from '../credentials/index.ts';
import { afterCommit, transaction } from '../../../db/transaction.ts';
import { OPERATOR_CONTEXT, type AuditContext, type AuditLog } from '../audit/index.ts';

export interface VerifierKeyIdentity {
  id: string;
  name: string;
}

export type VerifierKeyRow = typeof verifierKeys.$inferSelect;

const KEY_CACHE_MAX_AGE_MS = 60_000;
/** last_used_at is a hint for the operator: written at most this often per key and instance. */
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

export interface VerifierKeysDeps {
  db: Db;
  clock: Clock;
  hasher: SecretHasher;
  bus: CredentialBus;
  audit: AuditLog;
  log: { warn(object: object, message: string): void };
}

export function createVerifierKeys({ db, clock, hasher, bus, audit, log }: VerifierKeysDeps) {
  // Keyed by the key as presented, not its hash: a handful of trusted services present the same key on
  // every call, and hashing it each time would cost every warm verification. The database keeps only hashes.
  const valid = new LRUCache<string, VerifierKeyIdentity>({ max: 1_000, ttl: KEY_CACHE_MAX_AGE_MS });
  const lastUsedWritten = new Map<string, number>();
  /** Bumped by every revocation: a lookup that overlapped one is not cached (it may be the revoked key). */
  let revocations = 0;
  const stopListening = [
    bus.subscribe((message) => {
      if (message.type !== 'verifier-key-revoked') return;
      revocations += 1;
      for (const [presented, key] of valid.entries()) if (key.id === message.id) valid.delete(presented);
    }),
    bus.onReset(() => {
      revocations += 1;
      valid.clear();
    }),
  ];

  function touch(id: string) {
    const now = clock.now();
    const last = lastUsedWritten.get(id);
    if (last !== undefined && now.getTime() - last < LAST_USED_WRITE_INTERVAL_MS) return;
    lastUsedWritten.set(id, now.getTime());
    db.update(verifierKeys)
      .set({ lastUsedAt: now })
      .where(eq(verifierKeys.id, id))
      .catch((error: unknown) => log.warn({ err: error }, 'could not record a verifier key as used'));
  }

  /** The live key presented if it is cached: no query (the path of every call but the first). */
  function fromCache(presented: string | undefined): VerifierKeyIdentity | undefined {
    // Only a well-formed key is ever kept, so a hit needs no checksum of its own.
    if (presented === undefined || !bus.connected) return undefined;
    const key = valid.get(presented);
    if (key) touch(key.id);
    return key;
  }

  return {
    /** The key, to print once; only its hash is kept. */
    /** Keys belong to no company: their audit rows are for the provider team only. */
    async create(
      name: string,
      context: AuditContext = OPERATOR_CONTEXT,
    ): Promise<{ row: VerifierKeyRow; key: string }> {
      const key = newVerifierKey();
      const row = await transaction(db, async (tx) => {
        const [inserted] = await tx
          .insert(verifierKeys)
          .values({ name, keyHash: hasher.hash(key), keyStart: secretStart(key), createdAt: clock.now() })
          .returning();
        if (!inserted) throw new Error('verifier key insert returned no row');
        const detail = { keyId: inserted.id, name: inserted.name };
        await audit.record(tx, { kind: 'verifier_key.created', context, companyId: null, detail });
        return inserted;
      });
      return { row, key };
    },

    async list(): Promise<VerifierKeyRow[]> {
      return db.select().from(verifierKeys).orderBy(desc(verifierKeys.createdAt));
    },

    /** The key revoked, or why not: no key has this id, or it is revoked already. */
    async revoke(
      id: string,
      context: AuditContext = OPERATOR_CONTEXT,
    ): Promise<VerifierKeyRow | 'not_found' | 'already_revoked'> {
      if (!isUuid(id)) return 'not_found';
      return transaction(db, async (tx) => {
        const [row] = await tx
          .update(verifierKeys)
          .set({ revokedAt: clock.now() })
          .where(and(eq(verifierKeys.id, id), isNull(verifierKeys.revokedAt)))
          .returning();
        if (!row) {
          const [known] = await tx
            .select({ id: verifierKeys.id })
            .from(verifierKeys)
            .where(eq(verifierKeys.id, id));
          return known ? 'already_revoked' : 'not_found';
        }
        const detail = { keyId: row.id, name: row.name };
        await audit.record(tx, { kind: 'verifier_key.revoked', context, companyId: null, detail });
        afterCommit(tx, () => bus.publish([{ type: 'verifier-key-revoked', id: row.id }]));
        return row;
      });
    },

    fromCache,

    /** The live key presented, or undefined for a missing, malformed, unknown or revoked one. */
    async authenticate(presented: string | undefined): Promise<VerifierKeyIdentity | undefined> {
      const cached = fromCache(presented);
      if (cached || !isWellFormedVerifierKey(presented)) return cached;
      const startedAt = revocations;
      const [row] = await db
        .select({ id: verifierKeys.id, name: verifierKeys.name })
        .from(verifierKeys)
        .where(and(eq(verifierKeys.keyHash, hasher.hash(presented)), isNull(verifierKeys.revokedAt)));
      if (!row) return undefined;
      if (revocations === startedAt && bus.connected) valid.set(presented, row);
      touch(row.id);
      return row;
    },

    close() {
      for (const stop of stopListening) stop();
    },
  };
}

export type VerifierKeys = ReturnType<typeof createVerifierKeys>;
