// The writer of the audit log (design §8 "Audit log"). Callers pass the transaction of the change they
// record, so a change and its trace commit or roll back together; the row never holds a secret, token
// or password (callers give names and ids only in `detail`).
import { sql, type SQL } from 'drizzle-orm';
import type { AuditEventKind } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { auditEvents, identities, profiles } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';

/**
 * Who made a change: a person (id null for someone unknown, e.g. a sign-in tried on an unknown email),
 * the provider team (operator commands, or a staff member in the console), or the portal itself.
 */
export type Actor =
  | { kind: 'user'; id: string | null }
  | { kind: 'operator' }
  | { kind: 'staff'; id: string; email: string }
  | { kind: 'system' };

/** Where a request came from, as the routes see it (request.ip honours TRUST_PROXY). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** What every audited change carries from the route (or operator command) down to the service. */
export interface AuditContext extends RequestOrigin {
  actor: Actor;
}

/** The provider team's commands have no request: no address, no user agent. */
export const OPERATOR_CONTEXT: AuditContext = { actor: { kind: 'operator' }, ip: null, userAgent: null };

/** A staff member's console request: the member acts, from the request's address. */
export function staffContext(staff: { id: string; email: string }, origin: RequestOrigin): AuditContext {
  return { actor: { kind: 'staff', id: staff.id, email: staff.email }, ...origin };
}

export interface AuditEntry {
  kind: AuditEventKind;
  context: AuditContext;
  /** The company the event belongs to; omitted: the acting person's company (none for others). */
  companyId?: string | null;
  /** Omitted: the acting person's email now. A failed sign-in gives the email tried. */
  actorEmail?: string | null;
  detail?: Record<string, string | number | boolean | null | string[]>;
}

export function createAuditLog(clock: Clock) {
  return {
    async record(executor: Db, entry: AuditEntry): Promise<void> {
      const { actor, ip, userAgent } = entry.context;
      const actorId = actor.kind === 'user' ? actor.id : null;
      // Looked up in the same statement, so the row shows the person and company as they were then.
      // A staff member is no customer: the company is the one acted on (given), the email the member's.
      const ofActor = (column: SQL): SQL | null => (actorId ? column : null);
      await executor.insert(auditEvents).values({
        at: clock.now(),
        kind: entry.kind,
        companyId:
          entry.companyId !== undefined
            ? entry.companyId
            : ofActor(
                sql`(select ${profiles.companyId} from ${profiles} where ${profiles.identityId} = ${actorId})`,
              ),
        actorKind: actor.kind,
        actorId: actor.kind === 'staff' ? actor.id : actorId,
        actorEmail:
          entry.actorEmail !== undefined
            ? entry.actorEmail
            : actor.kind === 'staff'
              ? actor.email
              : ofActor(
                  sql`(select ${identities.email} from ${identities} where ${identities.id} = ${actorId})`,
                ),
        ipAddress: ip,
        userAgent,
        detail: entry.detail ?? {},
      });
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
