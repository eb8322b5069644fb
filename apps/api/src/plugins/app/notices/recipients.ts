// Who the account's emails go to (design §9): the owner and admins of a company. Read in the
// caller's transaction, so the list is the one the change or reminder commits with.
import { and, eq, inArray } from 'drizzle-orm';
import { ACCOUNT_EMAIL_ROLES, personName } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { companies, identities, profiles } from '../../../db/schema.ts';

export interface Recipient {
  email: string;
  trialReminders: boolean;
}

/** Those who receive the account's emails (the domain's rule), with their reminder choice. */
export async function ownersAndAdmins(executor: Db, companyId: string): Promise<Recipient[]> {
  return executor
    .select({ email: identities.email, trialReminders: profiles.trialReminders })
    .from(profiles)
    .innerJoin(identities, eq(identities.id, profiles.identityId))
    .where(and(eq(profiles.companyId, companyId), inArray(profiles.role, [...ACCOUNT_EMAIL_ROLES])))
    .orderBy(identities.email);
}

/** A person as a notice names them, and their company's name. */
export async function personAndCompany(
  executor: Db,
  identityId: string,
): Promise<{ name: string; email: string; companyName: string } | undefined> {
  const [row] = await executor
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: identities.email,
      companyName: companies.name,
    })
    .from(identities)
    .innerJoin(profiles, eq(profiles.identityId, identities.id))
    .innerJoin(companies, eq(companies.id, profiles.companyId))
    .where(eq(identities.id, identityId));
  return row && { name: personName(row), email: row.email, companyName: row.companyName };
}

/** The address of an identity, with or without a portal profile (a sister-product identity has none). */
export async function emailOf(executor: Db, identityId: string): Promise<string | undefined> {
  const [row] = await executor
    .select({ email: identities.email })
    .from(identities)
    .where(eq(identities.id, identityId));
  return row?.email;
}
