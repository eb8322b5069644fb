// Password-reset and email-verification tokens: random, stored hashed, single use, time limited, and a
// newer token supersedes every older one of the same kind for the same identity.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { OneTimeTokenTable } from '../../../db/schema.ts';
import { addSeconds, type Clock } from '../../../lib/clock.ts';
import { hashToken, newRandomToken } from '../../../lib/random-token.ts';

export function createOneTimeTokens(db: Db, clock: Clock, table: OneTimeTokenTable, ttlSeconds: number) {
  return {
    async issue(identityId: string, executor: Db): Promise<string> {
      const now = clock.now();
      const { token, hash } = newRandomToken();
      await executor
        .update(table)
        .set({ consumedAt: now })
        .where(and(eq(table.identityId, identityId), isNull(table.consumedAt)));
      await executor
        .insert(table)
        .values({ identityId, tokenHash: hash, createdAt: now, expiresAt: addSeconds(now, ttlSeconds) });
      return token;
    },

    /** Consumes the token in one conditional update, so two concurrent redemptions cannot both win. */
    async redeem(token: string, executor: Db): Promise<string | undefined> {
      const now = clock.now();
      const [row] = await executor
        .update(table)
        .set({ consumedAt: now })
        .where(and(eq(table.tokenHash, hashToken(token)), isNull(table.consumedAt), gt(table.expiresAt, now)))
        .returning({ identityId: table.identityId });
      return row?.identityId;
    },
  };
}

export type OneTimeTokens = ReturnType<typeof createOneTimeTokens>;
