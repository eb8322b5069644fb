// The console's actions on a company or a token (design §11 "Screens"): the company-account and token
// actions the operator's commands also run, with the signed-in staff member as actor. Each answers the sentence the
// console shows; a company or token that is not there is a 404, an action that does not fit its state
// a 409 with the problem's code and sentence. The policy table's guard (register-call.ts) runs first.
import type { FastifyPluginAsync } from 'fastify';
import { CONSOLE_MESSAGES, type ConsoleProblem } from '@datafeeds/domain';
import { consoleCompanies } from '@datafeeds/domain/calls';
import { AppError, notFound } from '../../lib/errors.ts';
import type { NotFound } from '../../plugins/app/companies/index.ts';
import { registerCall } from '../register-call.ts';
import { staffActionContext } from './staff-action-context.ts';

/** A day as the console's sentences give it: YYYY-MM-DD, UTC. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The answer of an action that did nothing: 404 for what is not there, else 409 with its problem. */
function refusal(outcome: NotFound | { problem: ConsoleProblem }, missing: string): AppError {
  if (outcome.problem === 'not_found') return notFound(missing);
  return new AppError(409, outcome.problem, CONSOLE_MESSAGES.problems[outcome.problem]);
}
const { companyNotFound, tokenNotFound } = CONSOLE_MESSAGES;

const companyActionRoutes: FastifyPluginAsync = async (app) => {
  const account = app.companyAccount;

  registerCall(app, consoleCompanies.approveUpgrade, async ({ body, request }) => {
    const approved = await account.approveUpgrade(body.companyId, body.plan, staffActionContext(request));
    if (!approved.ok) throw refusal(approved, companyNotFound);
    return { message: CONSOLE_MESSAGES.upgradeApproved(approved.company.name, approved.plan.to) };
  });

  registerCall(app, consoleCompanies.extendTrial, async ({ body, request }) => {
    const extended = await account.extendTrial(body.companyId, body.days, staffActionContext(request));
    if (!extended.ok) throw refusal(extended, companyNotFound);
    return {
      message: CONSOLE_MESSAGES.trialExtended(extended.company.name, utcDay(extended.trialEndsAt)),
      trialEndsAt: extended.trialEndsAt.toISOString(),
    };
  });

  registerCall(app, consoleCompanies.changeCompanyPlan, async ({ body, request }) => {
    const changed = await account.changePlan(body.companyId, body.plan, staffActionContext(request));
    if (!changed.ok) throw refusal(changed, companyNotFound);
    return { message: CONSOLE_MESSAGES.planChanged(changed.company.name, changed.plan.to) };
  });

  registerCall(app, consoleCompanies.suspendCompany, async ({ body, request }) => {
    const suspended = await account.suspendCompany(body.companyId, staffActionContext(request));
    if (!suspended.ok) throw refusal(suspended, companyNotFound);
    return { message: CONSOLE_MESSAGES.suspended(suspended.company.name) };
  });

  registerCall(app, consoleCompanies.reinstateCompany, async ({ body, request }) => {
    const reinstated = await account.reinstateCompany(body.companyId, body.to, staffActionContext(request));
    if (!reinstated.ok) throw refusal(reinstated, companyNotFound);
    return { message: CONSOLE_MESSAGES.reinstated(reinstated.company.name, reinstated.to) };
  });

  registerCall(app, consoleCompanies.endTokenReview, async ({ body, request }) => {
    const ended = await app.tokenActions.endTokenReview(body.clientId, staffActionContext(request));
    if (!ended.ok) throw refusal(ended, tokenNotFound);
    return { message: CONSOLE_MESSAGES.reviewEnded(ended.token.label) };
  });
};

export default companyActionRoutes;
