// `send-trial-reminders <company id | email> [--stage 7|3|1|0]` (docs/operating.md): a trial
// company's reminder emails now, through the schedule's own code (notices/trial-reminders.ts). Without
// --stage it sends what is due, once, as the schedule would; --stage 3 sends the 3-day email again when
// it is the one due, or, while it is still to come, writes a preview of it into the outbox, so the
// development mailbox of the embedded default shows what the customer will get. No audit row: the
// schedule's reminders have none either, and design §8 lists no email among security-relevant actions.
import type { Db } from '../db/client.ts';
import type { CompaniesRepository } from '../plugins/app/companies/index.ts';
import {
  REMINDER_STAGES,
  type ReminderNow,
  type ReminderStage,
  type TrialReminders,
} from '../plugins/app/notices/index.ts';
import type { ActionResult } from './provider-team.ts';

interface TrialReminderArgs {
  company: string;
  stage?: ReminderStage;
}

/** The arguments as given, or undefined when they are not the command's. */
export function parseTrialReminderArgs(args: readonly string[]): TrialReminderArgs | undefined {
  const [company, flag, value, ...rest] = args;
  if (company === undefined || company.startsWith('--') || rest.length > 0) return undefined;
  if (flag === undefined) return { company };
  const stage = REMINDER_STAGES.find((candidate) => String(candidate) === value);
  return flag === '--stage' && stage !== undefined ? { company, stage } : undefined;
}

const stageName = (stage: ReminderStage) => (stage === 0 ? '"trial has ended"' : `${stage}-day`);
const iso = (at: Date) => at.toISOString();

/** `mailbox`: where the development mailbox shows the email, when email goes to the outbox. */
function describe(outcome: ReminderNow, companyName: string, mailbox: string | undefined): ActionResult {
  const of = `reminder of ${companyName}`;
  switch (outcome.kind) {
    case 'sent': {
      const who =
        outcome.to.length === 0
          ? 'nobody: every owner and admin turned trial reminders off'
          : `${outcome.to.length} ${outcome.to.length === 1 ? 'person' : 'people'}: ${outcome.to.join(', ')}`;
      const what = outcome.preview
        ? `Wrote a preview of the ${stageName(outcome.stage)} ${of}, as it will read on its day, to ${who}. ` +
          'It is not recorded: the schedule still sends it when it is due.'
        : `Sent the ${stageName(outcome.stage)} ${of} to ${who}.`;
      return { ok: true, output: mailbox ? `${what} Read it in the mailbox: ${mailbox}` : what };
    }
    case 'none_due':
      return {
        ok: false,
        output:
          `No reminder of ${companyName} is due yet: the first (7 days before the trial ends) is due from ` +
          `${iso(outcome.firstDueAt)}. Add --stage 7, 3, 1 or 0 to see one now.`,
      };
    case 'over':
      return {
        ok: false,
        output: `The trial of ${companyName} ended more than a day ago: its reminders are over.`,
      };
    case 'already_sent':
      return {
        ok: false,
        output: `The ${stageName(outcome.stage)} ${of} was already sent. Add --stage ${outcome.stage} to send it again.`,
      };
    case 'stage_passed':
      return {
        ok: false,
        output:
          `The ${stageName(outcome.stage)} ${of} is past: ` +
          (outcome.due === undefined
            ? 'the trial ended more than a day ago.'
            : `the ${stageName(outcome.due)} reminder is the one due now.`),
      };
    case 'preview_needs_outbox':
      return {
        ok: false,
        output:
          `The ${stageName(outcome.stage)} ${of} is not due until ${iso(outcome.dueAt)}. This server sends ` +
          'email through SMTP, so a preview would reach the customer early; previews go only to the ' +
          'outbox of the embedded default (SMTP_URL unset).',
      };
  }
}

export function createTrialReminderCommand(deps: {
  db: Db;
  companies: Pick<CompaniesRepository, 'find'>;
  trialReminders: Pick<TrialReminders, 'sendNow'>;
  mailbox: string | undefined;
}) {
  return async (args: readonly string[]): Promise<ActionResult> => {
    const parsed = parseTrialReminderArgs(args);
    if (!parsed)
      return { ok: false, output: 'Usage: send-trial-reminders <company id | email> [--stage 7|3|1|0]' };
    const company = await deps.companies.find(parsed.company, deps.db);
    if (!company) return { ok: false, output: `No company found for ${parsed.company}.` };
    if (company.accountStatus !== 'trial' || !company.trialEndsAt) {
      return {
        ok: false,
        output: `${company.name} is not on a trial (status ${company.accountStatus}): it gets no trial reminders.`,
      };
    }
    const trialCompany = { id: company.id, name: company.name, trialEndsAt: company.trialEndsAt };
    return describe(
      await deps.trialReminders.sendNow(trialCompany, parsed.stage),
      company.name,
      deps.mailbox,
    );
  };
}
