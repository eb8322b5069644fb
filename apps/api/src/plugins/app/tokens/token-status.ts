// How a stored token reads (design §3): a trial token whose expiry has passed is expired, whatever
// usable state it was stored in; a token disabled by the provider team stays inactive.
import type { Client, TokenStatus } from '@datafeeds/domain';
import type { ApiClientRow } from '../credentials/index.ts';
import type { CallerCompany, ClientListRow } from './tokens-repository.ts';

const EXPIRABLE: readonly TokenStatus[] = ['active', 'pending', 'review'];

export function effectiveStatus(row: Pick<ApiClientRow, 'status' | 'expiredAt'>, now: Date): TokenStatus {
  if (row.expiredAt && row.expiredAt <= now && EXPIRABLE.includes(row.status)) return 'expired';
  return row.status;
}

/** The state of a new token: pending until the owner's email is verified; a paid company's go to review. */
export function initialState(company: CallerCompany): {
  status: TokenStatus;
  inReview: boolean;
  expiredAt: Date | null;
} {
  const inReview = company.accountStatus === 'paid';
  const usable: TokenStatus = inReview ? 'review' : 'active';
  return {
    status: company.emailVerified ? usable : 'pending',
    inReview,
    expiredAt: company.accountStatus === 'paid' ? null : company.trialEndsAt,
  };
}

/** The token object of spec §3 as the API answers it; never the secret or its hash. */
export function toClient(row: ClientListRow, now: Date): Client {
  return {
    id: row.clientId,
    label: row.label,
    scope: row.scope,
    status: effectiveStatus(row, now),
    inReview: row.inReview,
    apiType: row.apiType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiredAt: row.expiredAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    dailyCap: row.dailyCap,
    rotationGrace:
      // Past its end the old secret no longer verifies, whether or not the sweep has removed it yet.
      row.graceClientId !== null && row.graceEndsAt !== null && row.graceEndsAt > now
        ? {
            clientId: row.graceClientId,
            // The rotation made this token: its creation is when the old secret's grace period began.
            rotatedAt: row.createdAt.toISOString(),
            endsAt: row.graceEndsAt.toISOString(),
            // Never below 0, whatever a row written out of order subtracted.
            requestsSinceRotation: Math.max(0, row.graceRequests ?? 0),
          }
        : null,
  };
}
