// A company as the console shows it (design §11 "Screens": members, tokens with status, usage and quota,
// plan, activity). Every query names the company, so its page never holds another company's members,
// tokens or events; an unknown id is a 404. The activity is the company's audit trail as its members
// read it, but staff actions name the staff member (the customer's own Activity says "DataFeeds team").
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  AUDIT_PERSON_ID_KEYS,
  CONSOLE_MESSAGES,
  type ActivityPage,
  type AuditEvent,
  type ConsoleCompany,
} from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { apiClients, companies, identities, profiles, upgradeRequests } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';
import { notFound } from '../../../lib/errors.ts';
import { toAuditEvent, type AuditEventRow, type AuditRepository } from '../audit/index.ts';
import { reinstatedStatusOf } from '../companies/index.ts';
import { planOfCompany } from '../plans/index.ts';
import { effectiveStatus } from '../tokens/index.ts';
import { companyClientIdsSql, usedTodayByToken } from '../usage/index.ts';
import type { CompanyDirectory } from './company-directory.ts';
import { rowsOf, usageTodaySql } from './console-sql.ts';

export interface CompanyPageDeps {
  db: Db;
  clock: Clock;
  directory: CompanyDirectory;
  audit: AuditRepository;
}

/**
 * Requests admitted and refused today (UTC) over the company's client IDs now and those its tokens'
 * rotations replaced (the set usage/used-today.ts counts the quota over), in one pass of the hourly rows.
 */
async function usageToday(db: Db, companyId: string, atMs: number) {
  const usage = usageTodaySql(atMs);
  const [row] = await rowsOf<{ admitted: number; refused: number }>(
    db,
    sql`SELECT ${usage.columns} FROM credential_usage_hourly AS u
    WHERE ${usage.today} AND u.client_id IN (${companyClientIdsSql(sql`${companyId}::uuid`)})`,
  );
  return { usedToday: Number(row?.admitted ?? 0), refusedToday: Number(row?.refused ?? 0) };
}

/** The identity ids the events' details name people by (AUDIT_PERSON_ID_KEYS). */
export const personIdsOf = (rows: AuditEventRow[]) => [
  ...new Set(
    rows.flatMap((row) =>
      AUDIT_PERSON_ID_KEYS.map((key) => (row.detail as Record<string, unknown>)[key]).filter(
        (id): id is string => typeof id === 'string',
      ),
    ),
  ),
];

/** Events as the provider team reads them: staff named, people named as the company knows them now. */
async function providerEvents(
  audit: AuditRepository,
  companyId: string,
  rows: AuditEventRow[],
): Promise<AuditEvent[]> {
  const names = await audit.namesIn(companyId, personIdsOf(rows));
  return rows.map((row) => toAuditEvent(row, names, 'provider'));
}

export function createCompanyPage({ db, clock, directory, audit }: CompanyPageDeps) {
  async function requireRow(companyId: string) {
    const company = await directory.row(companyId);
    if (!company) throw notFound(CONSOLE_MESSAGES.companyNotFound);
    return company;
  }

  return {
    async get(companyId: string): Promise<ConsoleCompany> {
      const company = await requireRow(companyId);
      const now = clock.now();
      const [plan, request, usage, members, tokens, usedByToken, suspension] = await Promise.all([
        planOfCompany(db, companyId),
        db
          .select({ requestedAt: upgradeRequests.requestedAt, requesterEmail: identities.email })
          .from(upgradeRequests)
          .leftJoin(identities, eq(identities.id, upgradeRequests.requestedBy))
          .where(and(eq(upgradeRequests.companyId, companyId), eq(upgradeRequests.status, 'open'))),
        usageToday(db, companyId, now.getTime()),
        // The owner first, then members as they joined.
        db
          .select({
            id: profiles.identityId,
            email: identities.email,
            firstName: profiles.firstName,
            lastName: profiles.lastName,
            role: profiles.role,
            joinedAt: profiles.createdAt,
          })
          .from(profiles)
          .innerJoin(identities, eq(identities.id, profiles.identityId))
          .where(eq(profiles.companyId, companyId))
          .orderBy(desc(sql`${profiles.role} = 'owner'`), asc(profiles.createdAt), asc(profiles.identityId)),
        // The tokens the company lists (a rotation's old secret in its grace period is not one).
        db
          .select()
          .from(apiClients)
          .where(and(eq(apiClients.companyId, companyId), isNull(apiClients.retiresAt)))
          .orderBy(asc(apiClients.createdAt), asc(apiClients.clientId)),
        usedTodayByToken(db, companyId, now.getTime()),
        db
          .select({ suspendedFrom: companies.suspendedFrom })
          .from(companies)
          .where(eq(companies.id, companyId)),
      ]);
      if (!plan) throw notFound(CONSOLE_MESSAGES.companyNotFound);
      const used = new Map(usedByToken.map((token) => [token.clientId, token.usedToday]));
      const [open] = request;
      // The reinstate dialog's default (design §11): what the company was before its suspension.
      const suspendedFrom = suspension[0]?.suspendedFrom ?? null;
      return {
        company,
        suspendedFrom: reinstatedStatusOf({ accountStatus: company.accountStatus, suspendedFrom }),
        plan: { name: plan.name, dailyQuota: plan.dailyQuota, ratePerSecond: plan.ratePerSecond },
        upgradeRequest: open
          ? { requestedAt: open.requestedAt.toISOString(), requesterEmail: open.requesterEmail }
          : null,
        usage,
        members: members.map((member) => ({
          id: member.id,
          email: member.email,
          name: `${member.firstName} ${member.lastName}`.trim(),
          role: member.role,
          joinedAt: member.joinedAt.toISOString(),
        })),
        tokens: tokens.map((token) => ({
          clientId: token.clientId,
          label: token.label,
          status: effectiveStatus(token, now),
          createdAt: token.createdAt.toISOString(),
          expiresAt: token.expiredAt?.toISOString() ?? null,
          lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
          usedToday: used.get(token.clientId) ?? 0,
          dailyCap: token.dailyCap,
        })),
      };
    },

    /** The company's audit trail, newest first, staff actions with the staff member's email. */
    async activity(companyId: string, page: number, pageSize: number): Promise<ActivityPage> {
      await requireRow(companyId);
      const query = { company: { id: companyId } };
      const [rows, total] = await Promise.all([
        audit.list(query, { offset: page * pageSize, limit: pageSize }),
        audit.count(query),
      ]);
      return { events: await providerEvents(audit, companyId, rows), page, pageSize, total };
    },
  };
}

export type CompanyPage = ReturnType<typeof createCompanyPage>;
