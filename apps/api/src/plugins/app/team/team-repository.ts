// The team of a company (design §9): its members (profiles: the only code that writes them, design §11
// "One owner per company") and its invitations. Every read and write
// for a customer names the company, so another company's member or invitation simply matches no row
// (tenant isolation: the service answers 404 exactly as for an unknown id).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { normalizeEmail, personName, type CompanyRole } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import {
  companies,
  identities,
  invitationOldLinks,
  invitations,
  memberRemovals,
  profiles,
} from '../../../db/schema.ts';
import { isUuid } from '../../../lib/uuid.ts';

export type InvitationRow = typeof invitations.$inferSelect;

export interface MemberRow {
  identityId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: CompanyRole;
  createdAt: Date;
}

const memberColumns = {
  identityId: profiles.identityId,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: identities.email,
  role: profiles.role,
  createdAt: profiles.createdAt,
};

/** The inviter's first and last name while they are still in the company (else nulls). */
const inviterPart = (column: typeof profiles.firstName | typeof profiles.lastName) =>
  sql<string | null>`(select ${column} from ${profiles}
    where ${profiles.identityId} = ${invitations.invitedBy} and ${profiles.companyId} = ${invitations.companyId})`;
const inviterColumns = {
  inviterFirstName: inviterPart(profiles.firstName),
  inviterLastName: inviterPart(profiles.lastName),
};

/** The row with `invitedBy`: the inviter named as the portal names people (domain personName), or null. */
function withInviter<T extends { inviterFirstName: string | null; inviterLastName: string | null }>({
  inviterFirstName,
  inviterLastName,
  ...row
}: T): Omit<T, 'inviterFirstName' | 'inviterLastName'> & { invitedBy: string | null } {
  const name = personName({ firstName: inviterFirstName ?? '', lastName: inviterLastName ?? '' });
  return { ...row, invitedBy: name || null };
}

const pending = () => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

export function createTeamRepository(db: Db) {
  return {
    async members(companyId: string): Promise<MemberRow[]> {
      return (
        db
          .select(memberColumns)
          .from(profiles)
          .innerJoin(identities, eq(identities.id, profiles.identityId))
          .where(eq(profiles.companyId, companyId))
          // The owner first, then in the order they joined.
          .orderBy(sql`${profiles.role} <> 'owner'`, asc(profiles.createdAt), asc(profiles.identityId))
      );
    },

    /** Not accepted and not revoked, expired ones included (they can be resent). */
    async pendingInvitations(companyId: string) {
      const rows = await db
        .select({ invitation: invitations, ...inviterColumns })
        .from(invitations)
        .where(and(eq(invitations.companyId, companyId), pending()))
        .orderBy(asc(invitations.createdAt), asc(invitations.id));
      return rows.map(withInviter);
    },

    /** The member with this id in this company, row-locked when `lock` (a change follows in `executor`). */
    async member(companyId: string, memberId: string, executor: Db): Promise<MemberRow | undefined> {
      if (!isUuid(memberId)) return undefined;
      const [row] = await executor
        .select(memberColumns)
        .from(profiles)
        .innerJoin(identities, eq(identities.id, profiles.identityId))
        .where(and(eq(profiles.companyId, companyId), eq(profiles.identityId, memberId)))
        .for('update', { of: profiles });
      return row;
    },

    async memberByEmail(companyId: string, email: string, executor: Db) {
      const [row] = await executor
        .select({ identityId: profiles.identityId })
        .from(profiles)
        .innerJoin(identities, eq(identities.id, profiles.identityId))
        .where(
          and(eq(profiles.companyId, companyId), eq(sql`lower(${identities.email})`, normalizeEmail(email))),
        );
      return row;
    },

    /** The person's name and company name, for the invitation email and a removal's record. */
    async inviter(identityId: string, executor: Db) {
      const [row] = await executor
        .select({ firstName: profiles.firstName, lastName: profiles.lastName, companyName: companies.name })
        .from(profiles)
        .innerJoin(companies, eq(companies.id, profiles.companyId))
        .where(eq(profiles.identityId, identityId));
      return row;
    },

    async insertInvitation(
      values: Pick<
        InvitationRow,
        'companyId' | 'email' | 'role' | 'tokenHash' | 'invitedBy' | 'expiresAt'
      > & {
        createdAt: Date;
      },
      executor: Db,
    ): Promise<InvitationRow> {
      const [row] = await executor.insert(invitations).values(values).returning();
      if (!row) throw new Error('invitation insert returned no row');
      return row;
    },

    /** A pending invitation of this company, row-locked for the change that follows in `executor`. */
    async pendingInvitation(companyId: string, invitationId: string, executor: Db) {
      if (!isUuid(invitationId)) return undefined;
      const [row] = await executor
        .select()
        .from(invitations)
        .where(and(eq(invitations.companyId, companyId), eq(invitations.id, invitationId), pending()))
        .for('update');
      return row;
    },

    async updateInvitation(
      id: string,
      changes: Partial<Pick<InvitationRow, 'tokenHash' | 'expiresAt' | 'revokedAt'>>,
      executor: Db,
    ): Promise<InvitationRow> {
      const [row] = await executor.update(invitations).set(changes).where(eq(invitations.id, id)).returning();
      if (!row) throw new Error('invitation update returned no row');
      return row;
    },

    /**
     * The invitation behind a link, with its company's name and the inviter's, whatever its state;
     * row-locked when read in a transaction that will accept it.
     */
    async byTokenHash(tokenHash: string, executor: Db, lock = false) {
      const query = executor
        .select({ invitation: invitations, companyName: companies.name, ...inviterColumns })
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .where(eq(invitations.tokenHash, tokenHash));
      const [row] = lock ? await query.for('update', { of: invitations }) : await query;
      return row && withInviter(row);
    },

    /** A link a resend replaces: kept (its hash) so that it can say a newer one was sent. */
    async keepOldLink(tokenHash: string, invitationId: string, now: Date, executor: Db): Promise<void> {
      await executor.insert(invitationOldLinks).values({ tokenHash, invitationId, replacedAt: now });
    },

    /** The invitation whose link a resend replaced, as `byTokenHash` answers it. */
    async byOldTokenHash(tokenHash: string, executor: Db) {
      const [row] = await executor
        .select({ invitation: invitations, companyName: companies.name, ...inviterColumns })
        .from(invitationOldLinks)
        .innerJoin(invitations, eq(invitations.id, invitationOldLinks.invitationId))
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .where(eq(invitationOldLinks.tokenHash, tokenHash));
      return row && withInviter(row);
    },

    /** The person's latest removal from a company, replacing an earlier one. */
    async recordRemoval(
      removal: { identityId: string; companyName: string; removedBy: string | null },
      now: Date,
      executor: Db,
    ): Promise<void> {
      const values = { ...removal, removedAt: now };
      await executor
        .insert(memberRemovals)
        .values(values)
        .onConflictDoUpdate({ target: memberRemovals.identityId, set: values });
    },

    async removalOf(identityId: string) {
      const [row] = await db.select().from(memberRemovals).where(eq(memberRemovals.identityId, identityId));
      return row;
    },

    /** Marks a pending invitation accepted; false when another request got there first. */
    async markAccepted(id: string, identityId: string, now: Date, executor: Db): Promise<boolean> {
      const rows = await executor
        .update(invitations)
        .set({ acceptedAt: now, acceptedBy: identityId })
        .where(and(eq(invitations.id, id), pending()))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },

    /** The company the identity belongs to, if any (one company per person). */
    async companyOf(identityId: string, executor: Db): Promise<string | undefined> {
      const [row] = await executor
        .select({ companyId: profiles.companyId })
        .from(profiles)
        .where(eq(profiles.identityId, identityId));
      return row?.companyId;
    },

    /**
     * Adds the identity to the company (its owner, when it creates the company); false when it already
     * has a profile (a concurrent join).
     */
    async addMember(
      member: {
        identityId: string;
        companyId: string;
        role: CompanyRole;
        firstName: string;
        lastName: string;
        phone: string;
      },
      now: Date,
      executor: Db,
    ): Promise<boolean> {
      const rows = await executor
        .insert(profiles)
        .values({ ...member, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: profiles.identityId })
        .returning({ id: profiles.identityId });
      return rows.length === 1;
    },

    /** The person's own fields of their profile; what `fields` leaves out stays. */
    async updateProfile(
      identityId: string,
      fields: { firstName?: string; lastName?: string; trialReminders?: boolean },
      now: Date,
      executor: Db,
    ): Promise<void> {
      if (Object.keys(fields).length === 0) return;
      await executor
        .update(profiles)
        .set({ ...fields, updatedAt: now })
        .where(eq(profiles.identityId, identityId));
    },

    async setRole(identityId: string, companyId: string, role: CompanyRole, now: Date, executor: Db) {
      const rows = await executor
        .update(profiles)
        .set({ role, updatedAt: now })
        .where(and(eq(profiles.identityId, identityId), eq(profiles.companyId, companyId)))
        .returning({ id: profiles.identityId });
      return rows.length === 1;
    },

    /** The hand-over's first step: the owner becomes an admin, only if still the owner. */
    async demoteOwner(identityId: string, companyId: string, now: Date, executor: Db): Promise<boolean> {
      const rows = await executor
        .update(profiles)
        .set({ role: 'admin', updatedAt: now })
        .where(
          and(
            eq(profiles.identityId, identityId),
            eq(profiles.companyId, companyId),
            eq(profiles.role, 'owner'),
          ),
        )
        .returning({ id: profiles.identityId });
      return rows.length === 1;
    },

    /**
     * Takes the person out of the company: the profile goes, the identity stays (it may join a company
     * again). Tokens they created stay with the company — api_clients.created_by references the identity,
     * not the profile, so nothing cascades.
     */
    async removeMember(identityId: string, companyId: string, executor: Db): Promise<void> {
      await executor
        .delete(profiles)
        .where(and(eq(profiles.identityId, identityId), eq(profiles.companyId, companyId)));
    },
  };
}

export type TeamRepository = ReturnType<typeof createTeamRepository>;
