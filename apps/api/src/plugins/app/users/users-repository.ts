// Identities, and the user as GetUser answers it (their profile and company joined; those rows are
// written by team/ and companies/, design §11 "One owner per company"). Emails are stored normalised;
// uniqueness of email and username is case-insensitive through lower() unique indexes, which also settle
// races between two registrations.
import { and, eq, ne, sql } from 'drizzle-orm';
import { normalizeEmail, type User } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { companies, identities, profiles, upgradeRequests } from '../../../db/schema.ts';
import { reinstatedStatusOf } from '../companies/index.ts';

export type Identity = typeof identities.$inferSelect;

export interface ProfileFields {
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
}

export const EMAIL_UNIQUE_INDEX = 'identities_email_lower_key';
export const USERNAME_UNIQUE_INDEX = 'identities_username_lower_key';

/**
 * `contact`: whom a suspended company's members write to (PROVIDER_TEAM_EMAIL), which GetUser names for
 * the banner they see (design §11 "Suspension is visible").
 */
export function createUsersRepository(db: Db, { contact }: { contact: string }) {
  // GetUser runs on every page of the app: its query is prepared once (bench:api found building it
  // per call the largest remaining cost) and reads only the columns the answer shows — never the hash.
  const userQuery = db
    .select({
      id: identities.id,
      email: identities.email,
      username: identities.username,
      emailVerifiedAt: identities.emailVerifiedAt,
      createdAt: identities.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      phone: profiles.phone,
      role: profiles.role,
      trialReminders: profiles.trialReminders,
      companyName: companies.name,
      companyAccountStatus: companies.accountStatus,
      suspendedFrom: companies.suspendedFrom,
      trialEndsAt: companies.trialEndsAt,
      upgradeRequestedAt: upgradeRequests.requestedAt,
    })
    .from(identities)
    .innerJoin(profiles, eq(profiles.identityId, identities.id))
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    // At most one open request per company (its partial unique index), so this adds no row.
    .leftJoin(
      upgradeRequests,
      and(eq(upgradeRequests.companyId, companies.id), eq(upgradeRequests.status, 'open')),
    )
    .where(eq(identities.id, sql.placeholder('identityId')));
  const userPrepared = userQuery.prepare('users_get_user');

  return {
    async findByEmail(email: string): Promise<Identity | undefined> {
      const [row] = await db
        .select()
        .from(identities)
        .where(eq(sql`lower(${identities.email})`, normalizeEmail(email)));
      return row;
    },

    async findById(id: string): Promise<Identity | undefined> {
      const [row] = await db.select().from(identities).where(eq(identities.id, id));
      return row;
    },

    async isEmailRegistered(email: string): Promise<boolean> {
      return (await this.findByEmail(email)) !== undefined;
    },

    async isUsernameRegistered(username: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: identities.id })
        .from(identities)
        .where(
          and(
            eq(sql`lower(${identities.username})`, username.trim().toLowerCase()),
            exceptId ? ne(identities.id, exceptId) : undefined,
          ),
        );
      return row !== undefined;
    },

    async createIdentity(
      input: { email: string; username: string; passwordHash: string | null },
      executor: Db,
    ) {
      const [row] = await executor
        .insert(identities)
        .values({
          email: normalizeEmail(input.email),
          username: input.username.trim(),
          passwordHash: input.passwordHash,
        })
        .returning();
      if (!row) throw new Error('identity insert returned no row');
      return row;
    },

    async hasProfile(identityId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: profiles.identityId })
        .from(profiles)
        .where(eq(profiles.identityId, identityId));
      return row !== undefined;
    },

    /** The user as GetUser answers it, or undefined when the identity has no portal profile yet. */
    async getUser(identityId: string): Promise<User | undefined> {
      const [row] = await userPrepared.execute({ identityId });
      if (!row) return undefined;
      const { emailVerifiedAt, trialEndsAt, createdAt, upgradeRequestedAt, suspendedFrom, ...fields } = row;
      const from = reinstatedStatusOf({ accountStatus: fields.companyAccountStatus, suspendedFrom });
      return {
        ...fields,
        suspension: from ? { from, contact } : null,
        emailVerified: emailVerifiedAt !== null,
        trialEndsAt: trialEndsAt?.toISOString() ?? null,
        createdAt: createdAt.toISOString(),
        upgradeRequestedAt: upgradeRequestedAt?.toISOString() ?? null,
      };
    },

    async setPasswordHash(identityId: string, passwordHash: string, now: Date, executor: Db) {
      await executor
        .update(identities)
        .set({ passwordHash, updatedAt: now })
        .where(eq(identities.id, identityId));
    },

    async markEmailVerified(identityId: string, now: Date, executor: Db) {
      await executor
        .update(identities)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(identities.id, identityId), sql`${identities.emailVerifiedAt} is null`));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
