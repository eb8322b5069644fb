// Team members for tests, until the team API exists on this branch: a person registered through the real
// call is moved into another company's profile rows with a role, as an accepted invitation would leave it.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AssignableRole } from '@datafeeds/domain';
import { companies, identities, profiles } from '../../src/db/schema.ts';
import { companyIdOf } from './audit.ts';
import { registerUser, type SignedIn } from './factories.ts';

export async function identityIdOf(app: FastifyInstance, user: SignedIn): Promise<string> {
  const [row] = await app.db
    .select({ id: identities.id })
    .from(identities)
    .where(sql`lower(${identities.email}) = lower(${user.registration.email})`);
  if (!row) throw new Error(`no identity for ${user.registration.email}`);
  return row.id;
}

/** Registers a new person and makes them an admin or member of `owner`'s company. */
export async function teammate(
  app: FastifyInstance,
  owner: SignedIn,
  role: AssignableRole,
  options: { trialReminders?: boolean; firstName?: string } = {},
): Promise<SignedIn> {
  const person = await registerUser(app, options.firstName ? { firstName: options.firstName } : {});
  const [own, companyId, identityId] = await Promise.all([
    companyIdOf(app, person.registration.email),
    companyIdOf(app, owner.registration.email),
    identityIdOf(app, person),
  ]);
  await app.db
    .update(profiles)
    .set({ companyId, role, trialReminders: options.trialReminders ?? true })
    .where(eq(profiles.identityId, identityId));
  // The company registration made for them has no one left: gone, so it sends nothing.
  await app.db.delete(companies).where(eq(companies.id, own));
  return person;
}
