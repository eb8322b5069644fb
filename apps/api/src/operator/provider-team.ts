// What the provider team does to accounts and tokens (design §3 "Operator tools"). Each action answers
// the text the operator reads, and `ok: false` when nothing could be done.
import { STANDARD_PLAN, TOKEN_STATUSES, tokenStatusLabel, type TokenStatus } from '@datafeeds/domain';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { addSeconds } from '../lib/clock.ts';
import type { CompaniesRepository } from '../plugins/app/companies/companies-repository.ts';
import type { UpgradeService } from '../plugins/app/companies/upgrade-service.ts';
import type { CredentialStore } from '../plugins/app/credentials/credential-store.ts';
import type { TokensRepository } from '../plugins/app/tokens/tokens-repository.ts';
import { OPERATOR_CONTEXT } from '../plugins/app/audit/audit-log.ts';

export interface ProviderTeamDeps {
  db: Db;
  clock: Clock;
  companies: CompaniesRepository;
  tokens: TokensRepository;
  credentials: CredentialStore;
  upgrades: Pick<UpgradeService, 'approve'>;
}

export interface ActionResult {
  ok: boolean;
  output: string;
}

const MAX_TRIAL_EXTENSION_DAYS = 365;
const done = (output: string): ActionResult => ({ ok: true, output });
const failed = (output: string): ActionResult => ({ ok: false, output });

const operator = { kind: 'operator' } as const;

export function createProviderTeam({
  db,
  clock,
  companies,
  tokens,
  credentials,
  upgrades,
}: ProviderTeamDeps) {
  return {
    /** The company becomes paid on `planName` (the standard plan unless the team chose another). */
    async approveUpgrade(companyReference: string, planName = STANDARD_PLAN): Promise<ActionResult> {
      const approved = await upgrades.approve(companyReference, planName);
      if (approved === 'unknown_plan') {
        return failed(`No plan named "${planName}". See \`plan list\`; nothing was changed.`);
      }
      if (!approved) return failed(`No company found for ${companyReference}.`);
      const { company, approvedRequests, plan } = approved;
      return done(
        `${company.name} (${company.id}) now has a paid account on the ${planName} plan` +
          `${plan.changed ? ` (was ${plan.from})` : ''}; ` +
          `${approvedRequests} open upgrade request${approvedRequests === 1 ? '' : 's'} approved. ` +
          'Its tokens no longer expire; expired ones are active again.',
      );
    },

    async setTokenStatus(clientId: string, status: string): Promise<ActionResult> {
      if (!(TOKEN_STATUSES as readonly string[]).includes(status)) {
        return failed(`Unknown status "${status}". Use one of: ${TOKEN_STATUSES.join(', ')}.`);
      }
      const row = await credentials.setStatus(clientId, status as TokenStatus, OPERATOR_CONTEXT);
      if (!row) return failed(`No token with client ID ${clientId}.`);
      return done(`Token "${row.label}" (${row.clientId}) is now ${tokenStatusLabel(status)}.`);
    },

    async extendTrial(companyReference: string, daysText: string): Promise<ActionResult> {
      const days = Number(daysText);
      if (!Number.isInteger(days) || days < 1 || days > MAX_TRIAL_EXTENSION_DAYS) {
        return failed(
          `Days must be a whole number from 1 to ${MAX_TRIAL_EXTENSION_DAYS}, not "${daysText}".`,
        );
      }
      const company = await companies.find(companyReference, db);
      if (!company) return failed(`No company found for ${companyReference}.`);
      if (company.accountStatus !== 'trial') {
        return failed(
          `${company.name} is not on a trial (status ${company.accountStatus}); nothing to extend.`,
        );
      }
      const now = clock.now();
      // An ended trial restarts from today, so the extension always gives the days asked for.
      const from = company.trialEndsAt && company.trialEndsAt > now ? company.trialEndsAt : now;
      const trialEndsAt = addSeconds(from, days * 86_400);
      await credentials.extendTrial(company.id, trialEndsAt, operator);
      return done(`The trial of ${company.name} now ends ${trialEndsAt.toISOString()}; its tokens follow.`);
    },

    /** Every token of the company stops verifying at once; the data feed is told. */
    async suspendCompany(companyReference: string): Promise<ActionResult> {
      const company = await companies.find(companyReference, db);
      if (!company) return failed(`No company found for ${companyReference}.`);
      const changed = await credentials.setCompanyStatus(company.id, 'suspended', operator);
      if (changed?.from === 'suspended') return failed(`${company.name} is already suspended.`);
      return done(`${company.name} (${company.id}) is suspended: none of its tokens verifies any more.`);
    },

    async reinstateCompany(companyReference: string, statusText: string): Promise<ActionResult> {
      if (statusText !== 'trial' && statusText !== 'paid') {
        return failed(`Reinstate to "trial" or "paid", not "${statusText}".`);
      }
      const company = await companies.find(companyReference, db);
      if (!company) return failed(`No company found for ${companyReference}.`);
      if (company.accountStatus !== 'suspended') {
        return failed(`${company.name} is not suspended (status ${company.accountStatus}).`);
      }
      await credentials.setCompanyStatus(company.id, statusText, operator);
      return done(`${company.name} (${company.id}) is reinstated on a ${statusText} account.`);
    },

    async listReviews(): Promise<ActionResult> {
      const requests = await companies.openUpgradeRequests();
      const inReview = await tokens.inReview();
      const lines = [`Upgrade requests awaiting approval: ${requests.length}`];
      for (const request of requests) {
        lines.push(
          `  ${request.requestedAt.toISOString()}  ${request.companyName} (${request.companyId})` +
            `  asked by ${request.requesterEmail ?? 'a deleted user'}`,
        );
      }
      lines.push(`Tokens under review: ${inReview.length}`);
      for (const token of inReview) {
        lines.push(
          `  ${token.createdAt.toISOString()}  ${token.clientId}  "${token.label}"  company ${token.companyId}`,
        );
      }
      return done(lines.join('\n'));
    },
  };
}
