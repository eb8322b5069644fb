// What the provider team does to accounts and tokens (design §3 "Operator tools"): the console's
// actions (companies/company-account.ts, tokens/token-actions.ts) with the operator as actor, each outcome worded as the text the
// operator reads, and `ok: false` when nothing could be done.
import {
  MAX_TRIAL_EXTENSION_DAYS,
  STANDARD_PLAN,
  TOKEN_STATUSES,
  tokenStatusLabel,
  type TokenStatus,
} from '@datafeeds/domain';
import type { CompaniesRepository, CompanyAccount } from '../plugins/app/companies/index.ts';
import type { TokenActions, TokensRepository } from '../plugins/app/tokens/index.ts';
import { OPERATOR_CONTEXT } from '../plugins/app/audit/index.ts';

export interface ProviderTeamDeps {
  account: CompanyAccount;
  tokenActions: Pick<TokenActions, 'setTokenStatus'>;
  companies: Pick<CompaniesRepository, 'openUpgradeRequests'>;
  tokens: Pick<TokensRepository, 'inReview'>;
}

export interface ActionResult {
  ok: boolean;
  output: string;
}

const done = (output: string): ActionResult => ({ ok: true, output });
const failed = (output: string): ActionResult => ({ ok: false, output });
export const noCompany = (reference: string) => failed(`No company found for ${reference}.`);

export function createProviderTeam({ account, tokenActions, companies, tokens }: ProviderTeamDeps) {
  return {
    /** The company becomes paid on `planName` (the standard plan unless the team chose another). */
    async approveUpgrade(companyReference: string, planName = STANDARD_PLAN): Promise<ActionResult> {
      const approved = await account.approveUpgrade(companyReference, planName, OPERATOR_CONTEXT);
      if (!approved.ok) {
        if (approved.problem === 'not_found') return noCompany(companyReference);
        if (approved.problem === 'unknown_plan') {
          return failed(`No plan named "${planName}". See \`plan list\`; nothing was changed.`);
        }
        return failed(
          `${approved.company.name} is suspended; reinstate it first (\`reinstate-company\`). ` +
            'Nothing was changed.',
        );
      }
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
      const set = await tokenActions.setTokenStatus(clientId, status as TokenStatus, OPERATOR_CONTEXT);
      if (!set.ok) return failed(`No token with client ID ${clientId}.`);
      return done(`Token "${set.token.label}" (${set.token.clientId}) is now ${tokenStatusLabel(status)}.`);
    },

    async extendTrial(companyReference: string, daysText: string): Promise<ActionResult> {
      const days = Number(daysText);
      if (!Number.isInteger(days) || days < 1 || days > MAX_TRIAL_EXTENSION_DAYS) {
        return failed(
          `Days must be a whole number from 1 to ${MAX_TRIAL_EXTENSION_DAYS}, not "${daysText}".`,
        );
      }
      const extended = await account.extendTrial(companyReference, days, OPERATOR_CONTEXT);
      if (!extended.ok) {
        if (extended.problem === 'not_found') return noCompany(companyReference);
        const { company } = extended;
        return failed(
          `${company.name} is not on a trial (status ${company.accountStatus}); nothing to extend.`,
        );
      }
      return done(
        `The trial of ${extended.company.name} now ends ${extended.trialEndsAt.toISOString()}; its tokens follow.`,
      );
    },

    /** Every token of the company stops verifying at once; the data feed is told. */
    async suspendCompany(companyReference: string): Promise<ActionResult> {
      const suspended = await account.suspendCompany(companyReference, OPERATOR_CONTEXT);
      if (!suspended.ok) {
        if (suspended.problem === 'not_found') return noCompany(companyReference);
        return failed(`${suspended.company.name} is already suspended.`);
      }
      const { company } = suspended;
      return done(`${company.name} (${company.id}) is suspended: none of its tokens verifies any more.`);
    },

    /** Back to `statusText`, or without it to the status the suspension interrupted (design §11). */
    async reinstateCompany(companyReference: string, statusText?: string): Promise<ActionResult> {
      if (statusText !== undefined && statusText !== 'trial' && statusText !== 'paid') {
        return failed(`Reinstate to "trial" or "paid", not "${statusText}".`);
      }
      const reinstated = await account.reinstateCompany(companyReference, statusText, OPERATOR_CONTEXT);
      if (!reinstated.ok) {
        if (reinstated.problem === 'not_found') return noCompany(companyReference);
        const { company } = reinstated;
        return failed(`${company.name} is not suspended (status ${company.accountStatus}).`);
      }
      const { company, to } = reinstated;
      return done(`${company.name} (${company.id}) is reinstated on a ${to} account.`);
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
