// Account notices (design §11 "Suspension is visible"): a suspension, a reinstatement, an approved
// upgrade, an extended trial and a plan change are told to the company's owner and admins. Each is
// written to the outbox in the transaction of the action (mailer.send with the transaction), as the
// security notices are: the email exists exactly when the change committed. The reminders switch does
// not cover them: each changes what the company's tokens may do.
import type { Db } from '../../../db/client.ts';
import { type Mailer, accountChangeEmail, type AccountChange } from '../mail/index.ts';
import { planOfCompany } from '../plans/index.ts';
import { ownersAndAdmins } from './recipients.ts';

export function createAccountNotices({
  mailer,
  appUrl,
  contact,
}: {
  mailer: Pick<Mailer, 'send'>;
  /** The portal's address (APP_URL): each notice links to the dashboard. */
  appUrl: string;
  /** Whom the reader writes to (PROVIDER_TEAM_EMAIL). */
  contact: string;
}) {
  return {
    /** The change, to every owner and admin of the company, in the transaction that made it. */
    async accountChanged(
      tx: Db,
      company: { id: string; name: string },
      change: AccountChange,
    ): Promise<void> {
      const plan = await planOfCompany(tx, company.id);
      if (!plan) return;
      const limits = { dailyQuota: plan.dailyQuota, ratePerSecond: plan.ratePerSecond };
      for (const recipient of await ownersAndAdmins(tx, company.id)) {
        await mailer.send(
          accountChangeEmail(recipient.email, appUrl, { companyName: company.name, change, limits, contact }),
          tx,
        );
      }
    },
  };
}

export type AccountNotices = ReturnType<typeof createAccountNotices>;
