// Requesting, listing, rotating and deleting API credentials (spec §4, design §3). Only the caller's
// company's tokens are ever touched; another company's id answers 404 exactly like an unknown one.
import {
  ERROR_CODES,
  QUOTA_MESSAGES,
  SUSPENSION_MESSAGES,
  TOKEN_MESSAGES,
  scopeForRequest,
  type Client,
  type ClientCredentials,
  type RotatedClient,
  type RotationGracePeriod,
  type TokenRequest,
} from '@datafeeds/domain';
import {
  newClientId,
  newClientSecret,
  secretStart,
  type SecretHasher,
} from '../../../lib/client-credentials.ts';
import type { Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError, notFound, profileNotFound } from '../../../lib/errors.ts';
import { initialState, toClient } from './token-status.ts';
import { confirmRole, refuseWhileSuspended } from '../companies/index.ts';
import type { CredentialStore, NewApiClient, NewSecret } from '../credentials/index.ts';
import type { AuditContext, RequestOrigin } from '../audit/index.ts';
import type { SecurityNotices } from '../notices/index.ts';
import type { CompanyCaller } from '../sessions/index.ts';
import type { CallerCompany, TokensRepository } from './tokens-repository.ts';
import { planOfCompany } from '../plans/index.ts';

export interface TokensServiceDeps {
  db: Db;
  clock: Clock;
  tokens: TokensRepository;
  store: CredentialStore;
  secrets: SecretHasher;
  /** Each change is told to the company's owner and admins, in the change's transaction. */
  notices: Pick<SecurityNotices, 'credentialChanged'>;
  /** Whom a suspended company's members write to (PROVIDER_TEAM_EMAIL), named in its refusals. */
  contact: string;
}

const asUser = ({ identityId }: CompanyCaller, origin: RequestOrigin): AuditContext => ({
  ...origin,
  actor: { kind: 'user', id: identityId },
});

const tokenNotFound = () => notFound(TOKEN_MESSAGES.notFound);
const alreadyReplaced = () => new AppError(409, ERROR_CODES.conflict, TOKEN_MESSAGES.alreadyReplaced);
const noGracePeriod = () => notFound(TOKEN_MESSAGES.noGracePeriod);

export function createTokensService({
  db,
  clock,
  tokens,
  store,
  secrets,
  notices,
  contact,
}: TokensServiceDeps) {
  /** What decides a new token's status and expiry: the company's account and the caller's email. */
  async function accountOf(caller: CompanyCaller): Promise<CallerCompany> {
    const company = await tokens.callerCompany(caller.identityId, db);
    if (!company) throw profileNotFound();
    return company;
  }

  /** A fresh id and secret; the secret leaves this service once, in the answer. */
  function draw(): { secret: NewSecret; credentials: ClientCredentials } {
    const clientId = newClientId();
    const clientSecret = newClientSecret();
    return {
      secret: { clientId, secretHash: secrets.hash(clientSecret), secretStart: secretStart(clientSecret) },
      credentials: { clientId, clientSecret },
    };
  }

  return {
    async list({ companyId }: CompanyCaller, clientIds?: readonly string[]): Promise<Client[]> {
      const rows = await tokens.list(companyId, clientIds);
      if (clientIds && rows.length < new Set(clientIds).size) {
        // One id a rotation replaced leads to its token (design §9): the old client ID's page follows it.
        const [only] = clientIds;
        const replacedBy =
          clientIds.length === 1 && only !== undefined
            ? await tokens.replacementOf(companyId, only)
            : undefined;
        throw notFound(TOKEN_MESSAGES.notFound, replacedBy === undefined ? undefined : { replacedBy });
      }
      const now = clock.now();
      return rows.map((row) => toClient(row, now));
    },

    /** Every client ID of a listed token's lineage: its own, then those its rotations replaced. */
    lineageOf({ companyId }: CompanyCaller, clientId: string): Promise<string[]> {
      return tokens.lineageOf(companyId, clientId);
    },

    async create(
      caller: CompanyCaller,
      request: TokenRequest,
      origin: RequestOrigin,
    ): Promise<ClientCredentials> {
      const company = await accountOf(caller);
      const { secret, credentials } = draw();
      const row: NewApiClient = {
        ...secret,
        companyId: company.companyId,
        createdBy: caller.identityId,
        label: request.label,
        apiType: request.apiType,
        scope: scopeForRequest(request),
        ...initialState(company),
        now: clock.now(),
      };
      await transaction(db, async (tx) => {
        await confirmRole(tx, caller, 'createToken');
        await refuseWhileSuspended(tx, caller.companyId, SUSPENSION_MESSAGES.createToken(contact));
        const created = await store.create(tx, row, asUser(caller, origin));
        await notices.credentialChanged(tx, caller, 'created', created);
      });
      return credentials;
    },

    async remove(caller: CompanyCaller, clientId: string, origin: RequestOrigin): Promise<void> {
      const removed = await transaction(db, async (tx) => {
        await confirmRole(tx, caller, 'deleteToken');
        const row = await store.remove(tx, caller.companyId, clientId, asUser(caller, origin));
        if (row) await notices.credentialChanged(tx, caller, 'deleted', row);
        return row;
      });
      if (!removed) throw tokenNotFound();
    },

    /**
     * Replaces a token by a new one with the same permissions and state, in one transaction: of concurrent
     * rotations of one token exactly one finds it and issues a new one (credential-store.ts). With a grace
     * period the old secret keeps verifying until it ends. Top to bottom: the new secret is drawn, the
     * transaction opened, the role checked, the store rotates, the notice is written in that transaction.
     */
    async rotate(
      caller: CompanyCaller,
      clientId: string,
      gracePeriod: RotationGracePeriod,
      origin: RequestOrigin,
    ): Promise<RotatedClient> {
      const { secret, credentials } = draw();
      const rotated = await transaction(db, async (tx) => {
        await confirmRole(tx, caller, 'rotateToken');
        const next = await store.rotate(
          tx,
          caller.companyId,
          clientId,
          secret,
          gracePeriod,
          asUser(caller, origin),
        );
        // Thrown inside the transaction, which changed nothing: no notice is written.
        if (next === 'retiring') throw alreadyReplaced();
        if (!next) return undefined;
        await notices.credentialChanged(tx, caller, 'rotated', {
          label: next.row.label,
          clientId,
          newClientId: next.row.clientId,
          oldSecretWorksUntil: next.oldSecretWorksUntil,
          stoppedClientId: next.stoppedClientId,
        });
        return next;
      });
      if (!rotated) throw tokenNotFound();
      return { ...credentials, oldSecretWorksUntil: rotated.oldSecretWorksUntil?.toISOString() ?? null };
    },

    /**
     * A token's own daily cap (design §10), lower than the plan's quota when the plan has one; null
     * removes it. Every data feed applies it within a second (credential-store.ts).
     */
    async setCap(
      caller: CompanyCaller,
      clientId: string,
      dailyCap: number | null,
      origin: RequestOrigin,
    ): Promise<{ clientId: string; dailyCap: number | null }> {
      const row = await transaction(db, async (tx) => {
        await confirmRole(tx, caller, 'rotateToken');
        const plan = await planOfCompany(tx, caller.companyId);
        if (!plan) throw profileNotFound();
        if (dailyCap !== null && plan.dailyQuota !== null && dailyCap >= plan.dailyQuota) {
          const message = QUOTA_MESSAGES.capTooHigh(plan.dailyQuota);
          throw new AppError(400, ERROR_CODES.validation, message, [{ field: 'dailyCap', message }]);
        }
        return store.setDailyCap(tx, caller.companyId, clientId, dailyCap, asUser(caller, origin));
      });
      if (!row) throw tokenNotFound();
      return { clientId: row.clientId, dailyCap: row.dailyCap };
    },

    /** Stops the secret a rotation of `clientId` replaced, before its grace period would have. */
    async endGrace(caller: CompanyCaller, clientId: string, origin: RequestOrigin): Promise<void> {
      const ended = await transaction(db, async (tx) => {
        await confirmRole(tx, caller, 'rotateToken');
        return store.endGrace(tx, caller.companyId, clientId, asUser(caller, origin));
      });
      if (!ended) throw noGracePeriod();
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
