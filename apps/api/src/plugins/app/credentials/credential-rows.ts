// The row types of `api_clients`, owned with the table by the credentials module, its only writer
// (credential-store.ts; `last_used_at` through last-use.ts); readers import them from here.
import type { ApiType, Scope, TokenStatus } from '@datafeeds/domain';
import type { apiClients } from '../../../db/schema.ts';

export type ApiClientRow = typeof apiClients.$inferSelect;

/** A token about to be written: a new request's, or a rotation's new secret. */
export interface NewApiClient {
  clientId: string;
  companyId: string;
  createdBy: string | null;
  label: string;
  apiType: ApiType;
  scope: Scope;
  status: TokenStatus;
  inReview: boolean;
  secretHash: string;
  secretStart: string;
  expiredAt: Date | null;
  now: Date;
  /** A rotation's new secret continues its token: same lineage, same last use, same daily cap. */
  lineageId?: string;
  lastUsedAt?: Date | null;
  dailyCap?: number | null;
}

/** A rotation's new secret, drawn before its transaction; the rest of the new row is the old one's. */
export type NewSecret = Pick<NewApiClient, 'clientId' | 'secretHash' | 'secretStart'>;
