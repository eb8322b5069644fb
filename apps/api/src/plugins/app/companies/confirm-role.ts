// The role a request was allowed with was read when it began; a demotion or a removal may commit before
// its change does. Every change a role guards calls this inside its own transaction (design §9): the
// caller's profile row is read again and locked until the change commits, so a demotion or a removal
// either committed first (and the change is refused with the route guard's own answer) or waits for the
// change to commit. FOR NO KEY UPDATE rather than FOR SHARE: a change that then writes the caller's own
// row (a rename, a hand-over) would deadlock with a second one holding the same shared lock; one
// person's guarded changes wait for each other instead, which costs nothing they would notice.
import { and, eq } from 'drizzle-orm';
import { ROLE_REFUSALS, roleMay, type TeamAction } from '@datafeeds/domain';
import type { Db } from '../../../db/client.ts';
import { profiles } from '../../../db/schema.ts';
import { forbidden, profileNotFound } from '../../../lib/errors.ts';
import type { CompanyCaller } from '../sessions/index.ts';

export async function confirmRole(
  tx: Db,
  caller: Pick<CompanyCaller, 'identityId' | 'companyId'>,
  action: TeamAction,
): Promise<void> {
  const [profile] = await tx
    .select({ role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.identityId, caller.identityId), eq(profiles.companyId, caller.companyId)))
    .for('no key update');
  if (!profile) throw profileNotFound();
  if (!roleMay(profile.role, action)) throw forbidden(ROLE_REFUSALS[action]);
}
