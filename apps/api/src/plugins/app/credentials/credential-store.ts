// The one writer of credentials (style habit 11). Every transition of an API token — created, rotated,
// retiring after a rotation and retired, deleted, activated, status set, expiry moved, expired,
// upgraded, its company suspended or reinstated, its daily cap set or its limits changed — is made here,
// with its event row in the same transaction; once that commits, the events that change what
// verification answers go out on the credential bus, which empties every instance's caches and tells
// every connected data feed. The company's own row is the company-account module's (design §11 "One
// owner per company"): it writes the change, then asks here for the effect on the tokens. The one
// other write of `api_clients`, a token's last use moved forward (not a transition), is also this
// module's (last-use.ts), run inside the usage batch's statement. A change of a company's limits is not this module's write, but its announcement is
// (limitsChanged). Every method takes the transaction its caller opened (design §3 "Who opens the
// transaction"), but the sweeps, each a whole unit of work.
import { and, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  ROTATION_GRACE_SECONDS,
  type CompanyAccountStatus,
  type CredentialEventKind,
  type GraceEndReason,
  type RotationGracePeriod,
  type TokenStatus,
} from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import {
  apiClients,
  companies,
  credentialEvents,
  credentialUsageHourly,
  identities,
  replacedClientIds,
} from '../../../db/schema.ts';
import { afterCommit, transaction } from '../../../db/transaction.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Actor, AuditContext, AuditLog } from '../audit/index.ts';
import type { ApiClientRow, NewApiClient, NewSecret } from './credential-rows.ts';
import type { BusMessage, CredentialBus } from './credential-bus.ts';

const HOUR_MS = 3_600_000;
const SYSTEM_CONTEXT: AuditContext = { actor: { kind: 'system' }, ip: null, userAgent: null };

/** Statuses that verify (design §3: a token under review is usable meanwhile). */
const USABLE: readonly TokenStatus[] = ['active', 'review'];
/** Statuses a passing trial end turns into `expired`. */
const EXPIRABLE: readonly TokenStatus[] = ['active', 'pending', 'review'];

interface Change {
  clientId: string;
  companyId: string;
  kind: CredentialEventKind;
  effect: 'none' | 'changed' | 'revoked';
  detail?: Record<string, unknown>;
}

/**
 * A token that had expired, once its expiry is lifted or moved past now, is what it was before: pending
 * while its creator's email is unverified, under review, or active. Other statuses stay as they are.
 */
const reviveIfExpired = sql`case
  when ${apiClients.status} <> 'expired' then ${apiClients.status}
  when exists (select 1 from ${identities}
               where ${identities.id} = ${apiClients.createdBy} and ${identities.emailVerifiedAt} is null)
    then 'pending'::token_status
  when ${apiClients.inReview} then 'review'::token_status
  else 'active'::token_status end`;

/**
 * Why a grace period ended early or on time (audit `credential.grace_ended` detail). Any transition that
 * stops a token — deleted, rotated again, set to a status that does not verify, expired, its company
 * suspended — stops the secret it replaced in the same transaction (design §9): an old secret never
 * outlives, or outworks, its token.
 */

/**
 * A rotation's new token; until when the secret it replaced still works (undefined: it stopped at once);
 * and the client ID of an older secret still in its grace period that the rotation stopped.
 */
export interface Rotated {
  row: ApiClientRow;
  oldSecretWorksUntil: Date | undefined;
  stoppedClientId: string | undefined;
}

export interface CredentialStoreDeps {
  db: Db;
  clock: Clock;
  bus: CredentialBus;
  /** Creation, rotation, deletion and status decisions are audited in their own transaction. */
  audit: AuditLog;
}

/** Credential events written by one INSERT: 8 parameters each, far below PostgreSQL's 65 535. */
const EVENTS_PER_INSERT = 1_000;

export function createCredentialStore({ db, clock, bus, audit }: CredentialStoreDeps) {
  function insertEvents(tx: Db, actor: Actor, changes: readonly Change[], at: Date) {
    return tx
      .insert(credentialEvents)
      .values(
        changes.map((change) => ({
          clientId: change.clientId,
          companyId: change.companyId,
          kind: change.kind,
          effect: change.effect,
          actorKind: actor.kind,
          actorId: actor.kind === 'user' || actor.kind === 'staff' ? actor.id : null,
          detail: change.detail ?? {},
          at,
        })),
      )
      .returning();
  }

  async function record(tx: Db, actor: Actor, changes: readonly Change[], at: Date): Promise<void> {
    if (changes.length === 0) return;
    const rows: (typeof credentialEvents.$inferSelect)[] = [];
    // In batches: one statement takes at most 65 535 parameters, eight a row, and a sweep or a plan
    // change can touch tens of thousands of credentials at once.
    for (let start = 0; start < changes.length; start += EVENTS_PER_INSERT) {
      rows.push(...(await insertEvents(tx, actor, changes.slice(start, start + EVENTS_PER_INSERT), at)));
    }
    const messages = rows.flatMap((row): BusMessage[] =>
      row.effect === 'none' || row.kind === 'created'
        ? []
        : [
            {
              type: 'credential',
              seq: row.seq,
              clientId: row.clientId,
              companyId: row.companyId,
              effect: row.effect,
              reason: row.kind,
              at: at.toISOString(),
            },
          ],
    );
    if (messages.length > 0) afterCommit(tx, () => bus.publish(messages));
  }

  const each = (
    rows: readonly Pick<ApiClientRow, 'clientId' | 'companyId'>[],
    change: Omit<Change, 'clientId' | 'companyId'>,
  ): Change[] => rows.map((row) => ({ clientId: row.clientId, companyId: row.companyId, ...change }));

  async function insert(tx: Db, client: NewApiClient): Promise<ApiClientRow> {
    const { now, ...values } = client;
    const [row] = await tx
      .insert(apiClients)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('api client insert returned no row');
    return row;
  }

  /** Deletes a company's listed token (a retiring secret is ended through its replacement instead). */
  async function removeRow(tx: Db, companyId: string, clientId: string) {
    const [row] = await tx
      .delete(apiClients)
      .where(
        and(
          eq(apiClients.companyId, companyId),
          eq(apiClients.clientId, clientId),
          isNull(apiClients.retiresAt),
        ),
      )
      .returning();
    return row;
  }

  /**
   * Ends the grace period of every secret `where` picks among those still retiring: deleted, announced as
   * `retired` (revoked) and audited, in the caller's transaction. A DELETE … RETURNING, so of instances
   * (or a sweep and an early end) racing for one row exactly one gets it, and only that one records it.
   */
  async function retire(
    tx: Db,
    where: SQL | undefined,
    context: AuditContext,
    why: GraceEndReason,
    at: Date,
  ): Promise<ApiClientRow[]> {
    const rows = await tx
      .delete(apiClients)
      .where(and(isNotNull(apiClients.retiresAt), where))
      .returning();
    await record(tx, context.actor, each(rows, { kind: 'retired', effect: 'revoked', detail: { why } }), at);
    for (const row of rows) {
      await audit.record(tx, {
        kind: 'credential.grace_ended',
        context,
        companyId: row.companyId,
        detail: { clientId: row.clientId, newClientId: row.replacedBy, label: row.label, why },
      });
    }
    return rows;
  }

  /** The retiring predecessor of a company's token (at most one: a rotation ends the one before). */
  const predecessorOf = (companyId: string, clientId: string) =>
    and(eq(apiClients.companyId, companyId), eq(apiClients.replacedBy, clientId));

  return {
    async create(tx: Db, client: NewApiClient, context: AuditContext): Promise<ApiClientRow> {
      const row = await insert(tx, client);
      await record(tx, context.actor, each([row], { kind: 'created', effect: 'none' }), client.now);
      await audit.record(tx, {
        kind: 'credential.created',
        context,
        companyId: row.companyId,
        detail: { clientId: row.clientId, label: row.label },
      });
      return row;
    },

    /**
     * Replaces a company's token by a new one with the new `secret` (drawn by the caller) and the old
     * one's permissions, state, lineage and last use. With no grace period the old row goes at once;
     * with one it stays, verifying until `retires_at` (announced as `retiring`, so every cache and data
     * feed learns its new end), shown on its replacement. The old row is locked first, so of concurrent
     * rotations of one token exactly one finds it live; the others find it gone (undefined) or retiring
     * ('retiring': a retiring secret is not rotated again, its replacement is). A grace period of the old
     * token's own predecessor ends now (answered as `stoppedClientId`, so the notice can say it): a token
     * has at most one retiring secret behind it.
     */
    async rotate(
      tx: Db,
      companyId: string,
      clientId: string,
      secret: NewSecret,
      gracePeriod: RotationGracePeriod,
      context: AuditContext,
    ): Promise<Rotated | 'retiring' | undefined> {
      const [old] = await tx
        .select()
        .from(apiClients)
        .where(and(eq(apiClients.companyId, companyId), eq(apiClients.clientId, clientId)))
        .for('update');
      if (!old) return undefined;
      if (old.retiresAt !== null) return 'retiring';
      // The new secret continues the token: its permissions and state, its lineage (usage history, old
      // client IDs), its last use and its daily cap.
      const next: NewApiClient = {
        ...secret,
        companyId,
        createdBy: old.createdBy,
        label: old.label,
        apiType: old.apiType,
        scope: old.scope,
        status: old.status,
        inReview: old.inReview,
        expiredAt: old.expiredAt,
        now: clock.now(),
        lineageId: old.lineageId,
        lastUsedAt: old.lastUsedAt,
        dailyCap: old.dailyCap,
      };
      const row = await insert(tx, next);
      await tx.insert(replacedClientIds).values({
        clientId: old.clientId,
        companyId,
        lineageId: old.lineageId,
        replacedAt: next.now,
      });
      const [stopped] = await retire(
        tx,
        predecessorOf(companyId, old.clientId),
        context,
        'rotated',
        next.now,
      );
      const graceSeconds = ROTATION_GRACE_SECONDS[gracePeriod];
      const retiresAt = new Date(next.now.getTime() + graceSeconds * 1000);
      if (graceSeconds === 0) await removeRow(tx, companyId, old.clientId);
      else {
        // Usage is kept by the hour: what the rotation's hour already holds was used before it.
        const hour = new Date(Math.floor(next.now.getTime() / HOUR_MS) * HOUR_MS);
        const requestsBeforeRotation = sql`(select coalesce(sum(${credentialUsageHourly.count}), 0)
          from ${credentialUsageHourly}
          where ${credentialUsageHourly.clientId} = ${old.clientId} and ${credentialUsageHourly.hour} = ${hour.toISOString()}::timestamptz)`;
        await tx
          .update(apiClients)
          .set({ retiresAt, replacedBy: row.clientId, requestsBeforeRotation, updatedAt: next.now })
          .where(eq(apiClients.id, old.id));
      }
      const replacedBy = row.clientId;
      await record(
        tx,
        context.actor,
        [
          ...(graceSeconds === 0
            ? each([old], { kind: 'rotated', effect: 'revoked', detail: { replacedBy } })
            : each([old], {
                kind: 'retiring',
                effect: 'changed',
                detail: { replacedBy, retiresAt: retiresAt.toISOString() },
              })),
          ...each([row], { kind: 'created', effect: 'none', detail: { rotatedFrom: old.clientId } }),
        ],
        next.now,
      );
      await audit.record(tx, {
        kind: 'credential.rotated',
        context,
        companyId: row.companyId,
        detail: {
          clientId: old.clientId,
          newClientId: row.clientId,
          label: row.label,
          gracePeriod,
          oldSecretEndsAt: retiresAt.toISOString(),
        },
      });
      return {
        row,
        oldSecretWorksUntil: graceSeconds === 0 ? undefined : retiresAt,
        stoppedClientId: stopped?.clientId,
      };
    },

    /** Ends a token's rotation grace period now (EndRotationGrace): the secret it replaced is revoked. */
    async endGrace(
      tx: Db,
      companyId: string,
      clientId: string,
      context: AuditContext,
    ): Promise<ApiClientRow | undefined> {
      const [row] = await retire(tx, predecessorOf(companyId, clientId), context, 'ended', clock.now());
      return row;
    },

    /**
     * Retiring secrets whose grace period has passed are revoked. Verification does not wait for it (it
     * treats `retires_at` as an expiry); of instances sweeping at once, one deletes and records each.
     */
    async retireDue(): Promise<number> {
      return transaction(db, async (tx) => {
        const now = clock.now();
        return (await retire(tx, lte(apiClients.retiresAt, now), SYSTEM_CONTEXT, 'elapsed', now)).length;
      });
    },

    async remove(
      tx: Db,
      companyId: string,
      clientId: string,
      context: AuditContext,
    ): Promise<ApiClientRow | undefined> {
      const row = await removeRow(tx, companyId, clientId);
      if (!row) return undefined;
      const now = clock.now();
      // No orphan: the secret it replaced, still in its grace period, goes with it, and so do the
      // client IDs its rotations replaced (they no longer lead anywhere).
      await retire(tx, predecessorOf(companyId, clientId), context, 'deleted', now);
      await tx
        .delete(replacedClientIds)
        .where(
          and(eq(replacedClientIds.companyId, companyId), eq(replacedClientIds.lineageId, row.lineageId)),
        );
      await record(tx, context.actor, each([row], { kind: 'deleted', effect: 'revoked' }), now);
      await audit.record(tx, {
        kind: 'credential.deleted',
        context,
        companyId: row.companyId,
        detail: { clientId: row.clientId, label: row.label },
      });
      return row;
    },

    /** The creator verified their email (verification link or password reset): pending tokens work. */
    async activatePending(tx: Db, identityId: string): Promise<void> {
      const now = clock.now();
      const rows = await tx
        .update(apiClients)
        .set({
          status: sql`case when ${apiClients.inReview} then 'review'::token_status else 'active'::token_status end`,
          updatedAt: now,
        })
        .where(and(eq(apiClients.createdBy, identityId), eq(apiClients.status, 'pending')))
        .returning();
      await record(
        tx,
        { kind: 'user', id: identityId },
        each(rows, { kind: 'activated', effect: 'changed' }),
        now,
      );
    },

    /**
     * Provider team decisions (tokens/token-actions.ts); any explicit status ends a review (`review` starts
     * one). Undefined when no token has this client ID.
     */
    async setStatus(
      tx: Db,
      clientId: string,
      status: TokenStatus,
      context: AuditContext,
    ): Promise<ApiClientRow | undefined> {
      const now = clock.now();
      const [before] = await tx
        .select({ status: apiClients.status })
        .from(apiClients)
        .where(eq(apiClients.clientId, clientId))
        .for('update');
      if (!before) return undefined;
      const [row] = await tx
        .update(apiClients)
        .set({ status, inReview: status === 'review', updatedAt: now })
        .where(eq(apiClients.clientId, clientId))
        .returning();
      if (!row) return undefined;
      const effect = USABLE.includes(status) ? 'changed' : 'revoked';
      if (effect === 'revoked') {
        await retire(tx, predecessorOf(row.companyId, row.clientId), context, 'status_set', now);
      }
      const detail = { from: before.status, to: status };
      await record(tx, context.actor, each([row], { kind: 'status_set', effect, detail }), now);
      await audit.record(tx, {
        kind: 'credential.status_changed',
        context,
        companyId: row.companyId,
        detail: { clientId: row.clientId, ...detail },
      });
      return row;
    },

    /**
     * The company became paid (companies/company-account.ts wrote it): its tokens stop expiring, and
     * expired ones work again.
     */
    async companyUpgraded(tx: Db, companyId: string, actor: Actor): Promise<void> {
      const now = clock.now();
      const rows = await tx
        .update(apiClients)
        .set({
          expiredAt: null,
          status: reviveIfExpired,
          updatedAt: now,
        })
        .where(eq(apiClients.companyId, companyId))
        .returning();
      await record(tx, actor, each(rows, { kind: 'upgraded', effect: 'changed' }), now);
    },

    /**
     * A token's own daily cap (design §10; null removes it), on the token and the secret its rotation
     * replaced while that still verifies: both count against the one cap. Its caller has checked that the
     * cap is lower than the plan's quota. Every cache and data feed hears `limits_changed` within a second.
     * Undefined when the company has no such listed token (a retiring secret is capped through its
     * replacement).
     */
    async setDailyCap(
      tx: Db,
      companyId: string,
      clientId: string,
      dailyCap: number | null,
      context: AuditContext,
    ): Promise<ApiClientRow | undefined> {
      const [token] = await tx
        .select()
        .from(apiClients)
        .where(
          and(
            eq(apiClients.companyId, companyId),
            eq(apiClients.clientId, clientId),
            isNull(apiClients.retiresAt),
          ),
        )
        .for('update');
      if (!token) return undefined;
      const now = clock.now();
      const rows = await tx
        .update(apiClients)
        .set({ dailyCap, updatedAt: now })
        .where(and(eq(apiClients.companyId, companyId), eq(apiClients.lineageId, token.lineageId)))
        .returning();
      const detail = { dailyCap };
      await record(tx, context.actor, each(rows, { kind: 'limits_changed', effect: 'changed', detail }), now);
      await audit.record(tx, {
        kind: 'credential.cap_set',
        context,
        companyId,
        detail: { clientId: token.clientId, label: token.label, dailyCap },
      });
      return rows.find((row) => row.clientId === token.clientId);
    },

    /**
     * The limits some companies' tokens work under changed (design §10): the plan they are on was
     * edited (`planName`), or they moved to another plan (`companyIds`). Nothing of `api_clients` changes
     * — the limits are the plan's, read at verification — but every secret of theirs, a retiring one
     * too, is announced `changed` with reason `limits_changed`, so every instance's cache and every data
     * feed reads the new limits within a second. Answers how many secrets were announced.
     */
    async limitsChanged(
      tx: Db,
      target: { planName: string } | { companyIds: readonly string[] },
      actor: Actor,
      detail: Record<string, unknown>,
    ): Promise<number> {
      const companiesOfTarget =
        'planName' in target
          ? inArray(
              apiClients.companyId,
              tx.select({ id: companies.id }).from(companies).where(eq(companies.planName, target.planName)),
            )
          : target.companyIds.length === 0
            ? undefined
            : inArray(apiClients.companyId, [...target.companyIds]);
      if (!companiesOfTarget) return 0;
      const rows = await tx
        .select({ clientId: apiClients.clientId, companyId: apiClients.companyId })
        .from(apiClients)
        .where(companiesOfTarget);
      await record(tx, actor, each(rows, { kind: 'limits_changed', effect: 'changed', detail }), clock.now());
      return rows.length;
    },

    /**
     * The company's trial moved to a new end (companies/company-account.ts wrote it): its expiring tokens
     * follow it, and expired ones revive.
     */
    async trialMoved(tx: Db, companyId: string, trialEndsAt: Date, actor: Actor): Promise<void> {
      const now = clock.now();
      const rows = await tx
        .update(apiClients)
        .set({
          expiredAt: trialEndsAt,
          ...(trialEndsAt > now ? { status: reviveIfExpired } : {}),
          updatedAt: now,
        })
        .where(and(eq(apiClients.companyId, companyId), isNotNull(apiClients.expiredAt)))
        .returning();
      const detail = { expiresAt: trialEndsAt.toISOString() };
      await record(tx, actor, each(rows, { kind: 'expiry_moved', effect: 'changed', detail }), now);
    },

    /**
     * Trial tokens whose expiry has passed become `expired`: an explicit transition, so the data feed is
     * told. Verification does not wait for it (it compares the expiry itself); of instances sweeping at
     * once, the row lock lets one of them record each token.
     */
    async expireDue(): Promise<number> {
      return transaction(db, async (tx) => {
        const now = clock.now();
        const due = and(inArray(apiClients.status, [...EXPIRABLE]), lte(apiClients.expiredAt, now));
        // A retiring secret shares its token's trial end (rotation copies it): it is retired, not kept
        // as an expired row that a later extension or upgrade would bring back.
        await retire(tx, due, SYSTEM_CONTEXT, 'expired', now);
        const rows = await tx
          .update(apiClients)
          .set({ status: 'expired', updatedAt: now })
          .where(due)
          .returning();
        await record(tx, SYSTEM_CONTEXT.actor, each(rows, { kind: 'expired', effect: 'revoked' }), now);
        return rows.length;
      });
    },

    /**
     * The company was suspended or reinstated (companies/company-account.ts wrote it): a suspension stops
     * every token it has, a reinstatement lets them work. Reinstating brings the company's tokens back,
     * not the old secrets their rotations replaced.
     */
    async companyStatusChanged(
      tx: Db,
      companyId: string,
      change: { from: CompanyAccountStatus; to: CompanyAccountStatus },
      context: AuditContext,
    ): Promise<void> {
      const now = clock.now();
      const suspended = change.to === 'suspended';
      if (suspended) await retire(tx, eq(apiClients.companyId, companyId), context, 'suspended', now);
      const rows = await tx
        .select({ clientId: apiClients.clientId, companyId: apiClients.companyId })
        .from(apiClients)
        .where(eq(apiClients.companyId, companyId));
      const kind = suspended
        ? ({ kind: 'company_suspended', effect: 'revoked' } as const)
        : ({ kind: 'company_reinstated', effect: 'changed' } as const);
      await record(tx, context.actor, each(rows, { ...kind, detail: change }), now);
    },
  };
}

export type CredentialStore = ReturnType<typeof createCredentialStore>;
