// What the provider team does to one token (design §11 "Screens", design §3 "Operator tools"): the
// console's and the operator's calls, which differ only in who acts (the AuditContext). The change and
// its audit row are the credentials module's; this answers what changed or why nothing did.
import { and, eq, isNull } from 'drizzle-orm';
import type { TokenStatus } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { apiClients } from '../../../db/schema.ts';
import { transaction } from '../../../db/transaction.ts';
import type { AuditContext } from '../audit/index.ts';
import type { ApiClientRow, CredentialStore } from '../credentials/index.ts';

export type TokenStatusSet = { ok: true; token: ApiClientRow };
export interface TokenNotFound {
  ok: false;
  problem: 'not_found';
}
export interface NotUnderReview {
  ok: false;
  problem: 'not_under_review';
  token: ApiClientRow;
}

const notFound: TokenNotFound = { ok: false, problem: 'not_found' };

export function createTokenActions({
  db,
  credentials,
}: {
  db: Db;
  credentials: Pick<CredentialStore, 'setStatus'>;
}) {
  return {
    /** Any status for a token (`set-token-status`), audited by the credentials module. */
    async setTokenStatus(
      clientId: string,
      status: TokenStatus,
      context: AuditContext,
    ): Promise<TokenStatusSet | TokenNotFound> {
      return transaction(db, async (tx) => {
        const token = await credentials.setStatus(tx, clientId, status, context);
        return token ? { ok: true, token } : notFound;
      });
    },

    /**
     * A token under review (a paid company's new token, design §3) becomes active. Only a listed token:
     * a secret retiring after a rotation follows its replacement.
     */
    async endTokenReview(
      clientId: string,
      context: AuditContext,
    ): Promise<TokenStatusSet | NotUnderReview | TokenNotFound> {
      return transaction(db, async (tx) => {
        const [token] = await tx
          .select()
          .from(apiClients)
          .where(and(eq(apiClients.clientId, clientId), isNull(apiClients.retiresAt)))
          .for('update');
        if (!token) return notFound;
        if (token.status !== 'review') return { ok: false, problem: 'not_under_review', token };
        const active = await credentials.setStatus(tx, clientId, 'active', context);
        if (!active) throw new Error('token vanished under its lock');
        return { ok: true, token: active };
      });
    },
  };
}

export type TokenActions = ReturnType<typeof createTokenActions>;
