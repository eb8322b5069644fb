// Security notices (design §9): a credential created, rotated or deleted is told to the
// company's owner and admins, and a changed password to its owner. They cannot be turned off. Each is
// written to the outbox in the transaction of the change (mailer.send with the transaction): the notice
// exists exactly when the change committed, and the delivery worker sends it, also after a crash.
// Called with one line per operation from the services that make the changes, inside the transaction
// they opened (design §3 "Who opens the transaction").
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import {
  type Mailer,
  credentialNoticeEmail,
  passwordChangedEmail,
  type CredentialNotice,
} from '../mail/index.ts';
import type { CompanyCaller } from '../sessions/index.ts';
import { emailOf, ownersAndAdmins, personAndCompany } from './recipients.ts';

/** What a credential change reports about the token: names and ids only, never the secret. */
export type ChangedToken = Pick<
  CredentialNotice,
  'label' | 'clientId' | 'newClientId' | 'oldSecretWorksUntil' | 'stoppedClientId'
>;

export function createSecurityNotices({
  clock,
  mailer,
  appUrl,
}: {
  clock: Clock;
  mailer: Pick<Mailer, 'send'>;
  /** The portal's address (APP_URL): each notice links to the page where the reader acts on it. */
  appUrl: string;
}) {
  return {
    /**
     * "A token was created, rotated or deleted", to every owner and admin of the caller's company, in the
     * transaction that made the change (the caller's: it is written exactly when the change commits).
     */
    async credentialChanged(
      tx: Db,
      caller: Pick<CompanyCaller, 'identityId' | 'companyId'>,
      action: CredentialNotice['action'],
      token: ChangedToken,
    ): Promise<void> {
      const actor = await personAndCompany(tx, caller.identityId);
      if (!actor) return;
      const recipients = await ownersAndAdmins(tx, caller.companyId);
      const notice: CredentialNotice = {
        action,
        actorName: actor.name,
        actorEmail: actor.email,
        at: clock.now(),
        companyName: actor.companyName,
        label: token.label,
        clientId: token.clientId,
        newClientId: token.newClientId,
        oldSecretWorksUntil: token.oldSecretWorksUntil,
        stoppedClientId: token.stoppedClientId,
      };
      for (const recipient of recipients)
        await mailer.send(credentialNoticeEmail(recipient.email, appUrl, notice), tx);
    },

    /** "Your password was changed", to that person only, in the transaction that changed it. */
    async passwordChanged(tx: Db, identityId: string, how: 'profile' | 'reset'): Promise<void> {
      const email = await emailOf(tx, identityId);
      if (email) await mailer.send(passwordChangedEmail(email, appUrl, { at: clock.now(), how }), tx);
    },
  };
}

export type SecurityNotices = ReturnType<typeof createSecurityNotices>;
