// The emails the portal sends: plain text plus simple HTML, each with the one link it is about.
import {
  EMAIL_VERIFICATION_TTL_SECONDS,
  INVITATION_TTL_DAYS,
  RESET_TOKEN_TTL_SECONDS,
  STANDARD_PLAN,
  STAFF_SETUP_TTL_SECONDS,
  roleWithArticle,
  type AssignableRole,
  type QuotaNoticeThreshold,
  type StaffRole,
} from '@datafeeds/domain';
import { escapeHtml } from '../../../lib/escape-html.ts';

const PRODUCT_NAME = 'DataFeeds';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

function linkEmail(
  to: string,
  subject: string,
  paragraphs: string[],
  action: string,
  link: string,
  footer: string,
): EmailMessage {
  const text = [...paragraphs, '', `${action}: ${link}`, '', footer, '', `— The ${PRODUCT_NAME} team`].join(
    '\n',
  );
  const html = [
    `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p style="color: #666">${escapeHtml(footer)}</p>`,
    `<p>— The ${PRODUCT_NAME} team</p></body></html>`,
  ].join('\n');
  return { to, subject, text, html, links: [link] };
}

export function verificationEmail(to: string, appUrl: string, token: string): EmailMessage {
  const link = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return linkEmail(
    to,
    `Verify your ${PRODUCT_NAME} email address`,
    [`Welcome to ${PRODUCT_NAME}!`, 'Please confirm that this is your email address.'],
    'Verify email',
    link,
    `The link works once and expires in ${EMAIL_VERIFICATION_TTL_SECONDS / 3600} hours. If you did not sign up, ignore this email.`,
  );
}

export function passwordResetEmail(
  to: string,
  appUrl: string,
  token: string,
  imported = false,
): EmailMessage {
  const link = `${appUrl}/reset-password?resetToken=${encodeURIComponent(token)}`;
  return linkEmail(
    to,
    imported ? `Choose your ${PRODUCT_NAME} portal password` : `Reset your ${PRODUCT_NAME} password`,
    imported
      ? [`Your account is now available on the ${PRODUCT_NAME} portal.`, 'Choose a password to sign in.']
      : ['Someone asked to reset the password of your account.', 'If it was you, choose a new password.'],
    imported ? 'Choose a password' : 'Reset password',
    link,
    `The link works once and expires in ${RESET_TOKEN_TTL_SECONDS / 60} minutes. If you did not ask for it, ignore this email.`,
  );
}

/**
 * The company's page in the provider console (design §11 "Screens"), where the team approves an upgrade
 * with a plan: the web app routes it (console-paths.ts, consoleCompanyPath).
 */
function consoleCompanyLink(appUrl: string, companyId: string): string {
  return `${appUrl}/console/companies/${encodeURIComponent(companyId)}`;
}

/**
 * To the provider team: a trial company asks for a paid account, and how to approve it: in the console
 * (the link), or from a shell (the operator command).
 */
export function upgradeRequestEmail(
  to: string,
  appUrl: string,
  request: { companyId: string; companyName: string; requesterName: string; requesterEmail: string },
): EmailMessage {
  const approve = `npm run operator -- approve-upgrade ${request.companyId}`;
  const link = consoleCompanyLink(appUrl, request.companyId);
  const paragraphs = [
    `${request.companyName} asks to upgrade from the free trial to a paid account.`,
    `Requested by ${request.requesterName} <${request.requesterEmail}>.`,
    'Once the contract is settled, approve it with a plan on the company’s page in the console.',
  ];
  const shell = [
    `From a shell: ${approve}`,
    `It moves to the ${STANDARD_PLAN} plan; for another, add --plan <name> (\`plan list\` shows them).`,
    'Its tokens then lose their trial expiry, and expired ones become active again.',
  ];
  const action = 'Open the company in the console';
  return {
    to,
    subject: `Upgrade request: ${request.companyName}`,
    text: [...paragraphs, '', `${action}: ${link}`, '', ...shell, '', `— The ${PRODUCT_NAME} portal`].join(
      '\n',
    ),
    html: [
      `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">`,
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
      ...shell.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p>— The ${PRODUCT_NAME} portal</p></body></html>`,
    ].join('\n'),
    links: [link],
  };
}

/** A moment as an email states it: unambiguous for every reader, whatever their time zone. */
function utcMoment(at: Date): string {
  const formatted = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(at);
  return `${formatted} UTC`;
}

/**
 * A trial reminder (design §9) to an owner or admin: `daysLeft` (whole days, rounded up) before the trial
 * ends, or 0 once it has ended. The link opens the dashboard, where the Upgrade button is.
 */
export function trialReminderEmail(
  to: string,
  appUrl: string,
  reminder: { companyName: string; trialEndsAt: Date; daysLeft: number },
): EmailMessage {
  const { companyName, trialEndsAt, daysLeft } = reminder;
  const ends = utcMoment(trialEndsAt);
  const ended = daysLeft === 0;
  const subject = ended
    ? `Your ${PRODUCT_NAME} trial has ended`
    : `Your ${PRODUCT_NAME} trial ends in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`;
  const paragraphs = ended
    ? [
        `The free trial of ${companyName} ended on ${ends}.`,
        'Its trial API tokens no longer work. Upgrade to a paid account and they work again.',
      ]
    : [
        `The free trial of ${companyName} ends on ${ends}.`,
        'Its trial API tokens stop working then. Upgrade to a paid account to keep them working.',
      ];
  return linkEmail(
    to,
    subject,
    paragraphs,
    'Upgrade your account',
    `${appUrl}/dashboard`,
    'You receive this as an owner or admin of the account. Turn trial reminders off on your Profile page; if you already asked for the upgrade, the provider team will be in touch.',
  );
}

/** What a quota email states (design §10): the company, its plan and today's count when it crossed. */
export interface QuotaNotice {
  companyName: string;
  /** A trial company asks for the upgrade on its dashboard; a paid one has no button for a larger plan. */
  accountStatus: 'trial' | 'paid';
  planName: string;
  /** 80: most of the day's quota used; 100: all of it. */
  threshold: QuotaNoticeThreshold;
  used: number;
  dailyQuota: number;
  /** The next UTC midnight, when the day's count starts again. */
  resetsAt: Date;
}

const requestCount = (count: number) => count.toLocaleString('en-US');

/**
 * At 80 % and at 100 % of a UTC day's quota (design §10), to the owner and admins who did not turn trial
 * reminders off: that switch covers these emails too. The link opens the dashboard, which shows today's
 * use and, for a trial account, holds the Upgrade button.
 */
export function quotaNoticeEmail(to: string, appUrl: string, notice: QuotaNotice): EmailMessage {
  const { companyName, planName, used, dailyQuota } = notice;
  const reached = notice.threshold === 100;
  const count = `${requestCount(used)} of the ${requestCount(dailyQuota)} requests its ${planName} plan allows per day`;
  const resets = utcMoment(notice.resetsAt);
  const paragraphs = reached
    ? [
        `The ${companyName} account has used ${count}.`,
        `Requests beyond the limit are refused (code QUOTA_EXCEEDED) until the count starts again on ${resets}.`,
      ]
    : [
        `The ${companyName} account has used ${count} (${Math.floor((used * 100) / dailyQuota)}%).`,
        `Once the limit is reached, further requests are refused (code QUOTA_EXCEEDED) until the count starts again on ${resets}.`,
      ];
  paragraphs.push(
    notice.accountStatus === 'trial'
      ? 'For a higher limit, the account owner can ask for an upgrade to a paid account with the Upgrade To Paid Account button on the dashboard.'
      : 'For a higher limit, ask the provider team for a larger plan.',
  );
  return linkEmail(
    to,
    reached
      ? "You have reached today's request limit"
      : `You have used ${notice.threshold}% of today's requests`,
    paragraphs,
    'Open the dashboard',
    `${appUrl}/dashboard`,
    'You receive this as an owner or admin of the account, at most once a day for each of these two emails. Turn them off with the trial reminders switch on your Profile page: it covers quota emails too.',
  );
}

/** A credential change as the security notice names it: who, when, which token — never its secret. */
export interface CredentialNotice {
  action: 'created' | 'rotated' | 'deleted';
  actorName: string;
  actorEmail: string;
  at: Date;
  companyName: string;
  label: string;
  clientId: string;
  /** Rotation: the replacement's client ID. */
  newClientId?: string | undefined;
  /** Rotation with a grace period: until when the old secret still works. */
  oldSecretWorksUntil?: Date | undefined;
  /** Rotation: the client ID of the secret an earlier rotation had kept working, stopped by this one. */
  stoppedClientId?: string | undefined;
}

/** The last 5 characters of a client ID: enough to recognise it, as the token list shows it. */
const idEnd = (clientId: string) => `…${clientId.slice(-5)}`;

/** What the reader of a credential notice who does not recognise the change should do. */
const CHECK_ACTIVITY = 'If you do not recognise this change, check the Activity page for who else acted, and';
const UNRECOGNISED_CHANGE: Readonly<Record<CredentialNotice['action'], string>> = {
  created: `${CHECK_ACTIVITY} rotate or delete the token.`,
  rotated: `${CHECK_ACTIVITY} rotate or delete the token.`,
  // A deleted token can be neither: what is left is to replace it where it was in use.
  deleted: `${CHECK_ACTIVITY} create a new token where this one was still in use: a deleted token cannot be brought back.`,
};

/**
 * A security notice to the owner and admins (design §9); it cannot be turned off. It links to the
 * portal's Activity page, which shows the change with who made it and from where.
 */
export function credentialNoticeEmail(to: string, appUrl: string, notice: CredentialNotice): EmailMessage {
  const token = `"${notice.label}" (client ID ending ${idEnd(notice.clientId)})`;
  const what = {
    created: `An API token ${token} was created`,
    rotated: `The API token ${token} was rotated`,
    deleted: `The API token ${token} was deleted`,
  }[notice.action];
  const paragraphs = [
    `${what} in the ${notice.companyName} account by ${notice.actorName} <${notice.actorEmail}> on ${utcMoment(notice.at)}.`,
  ];
  if (notice.action === 'rotated') {
    if (notice.newClientId) paragraphs.push(`Its new client ID ends ${idEnd(notice.newClientId)}.`);
    paragraphs.push(
      notice.oldSecretWorksUntil
        ? `The old secret keeps working until ${utcMoment(notice.oldSecretWorksUntil)}.`
        : 'The old secret stopped working at once.',
    );
    if (notice.stoppedClientId) {
      paragraphs.push(
        `The secret of client ID ending ${idEnd(notice.stoppedClientId)}, which an earlier rotation had kept working for a grace period, stopped working at once.`,
      );
    }
  }
  if (notice.action === 'deleted') paragraphs.push('Its secret no longer works.');
  paragraphs.push(UNRECOGNISED_CHANGE[notice.action]);
  return linkEmail(
    to,
    `Security notice: API token ${notice.action}`,
    paragraphs,
    'Open the Activity page',
    `${appUrl}/activity`,
    'You receive this security notice as an owner or admin of the account.',
  );
}

/**
 * To the person whose password changed (design §9): by themselves on the profile, or by a reset link.
 * Its link is the one a person whose password someone else changed needs: a new reset link.
 */
export function passwordChangedEmail(
  to: string,
  appUrl: string,
  change: { at: Date; how: 'profile' | 'reset' },
): EmailMessage {
  return linkEmail(
    to,
    `Your ${PRODUCT_NAME} password was changed`,
    [
      `The password of your ${PRODUCT_NAME} account was changed on ${utcMoment(change.at)}${
        change.how === 'reset' ? ' with a password reset link' : ' on the Profile page'
      }. Your other sessions were signed out.`,
      'If this was not you, reset your password at once, and tell your account owner.',
    ],
    'Reset your password',
    `${appUrl}/forgot-password`,
    'You receive this security notice whenever your password changes; it cannot be turned off.',
  );
}

/**
 * An invitation to join a company (design §9). The link opens the web app's accept page, which
 * offers registration (email fixed) or sign-in; it works once, for INVITATION_TTL_DAYS days.
 */
export function invitationEmail(
  to: string,
  appUrl: string,
  token: string,
  invitation: { companyName: string; inviterName: string; role: AssignableRole },
): EmailMessage {
  const link = `${appUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
  return linkEmail(
    to,
    `${invitation.inviterName} invited you to ${invitation.companyName} on ${PRODUCT_NAME}`,
    [
      `${invitation.inviterName} invited you to join ${invitation.companyName} on the ${PRODUCT_NAME} portal as ${roleWithArticle(invitation.role)}.`,
      `Accept the invitation to see and manage ${invitation.companyName}'s API tokens with your team.`,
    ],
    'Accept invitation',
    link,
    `The link works once and expires in ${INVITATION_TTL_DAYS} days. If you did not expect this invitation, ignore this email.`,
  );
}

/**
 * A provider console setup link (design §11): set a password and enrol an authenticator. Sent when a
 * staff account is created, and again when its authenticator is reset.
 */
export function staffSetupEmail(
  to: string,
  appUrl: string,
  token: string,
  setup: { role: StaffRole; reset: boolean },
): EmailMessage {
  const link = `${appUrl}/console/setup?token=${encodeURIComponent(token)}`;
  return linkEmail(
    to,
    setup.reset
      ? `Set up your ${PRODUCT_NAME} console sign-in again`
      : `Your ${PRODUCT_NAME} provider console account`,
    [
      setup.reset
        ? 'Your console authenticator was reset: set a password and enrol your authenticator app again.'
        : `An account of the ${PRODUCT_NAME} provider console was created for you (role: ${setup.role}).`,
      'Open the link to set your password and enrol an authenticator app; keep the recovery codes you are shown.',
    ],
    'Set up your account',
    link,
    `The link works once and expires in ${STAFF_SETUP_TTL_SECONDS / 3600} hours. If you did not expect it, ignore this email.`,
  );
}

/** A change the provider team made to a company's account (design §11), as its email states it. */
export type AccountChange =
  | { kind: 'suspended' }
  | { kind: 'reinstated'; to: 'trial' | 'paid' }
  | { kind: 'upgraded'; plan: string }
  | { kind: 'trial_extended'; trialEndsAt: Date }
  | { kind: 'plan_changed'; plan: string };

/** A plan's limits as an email states them. */
function limitsText(limits: { dailyQuota: number | null; ratePerSecond: number | null }): string {
  const daily =
    limits.dailyQuota === null ? 'no daily limit' : `${requestCount(limits.dailyQuota)} requests per day`;
  const rate =
    limits.ratePerSecond === null ? 'no rate limit' : `${requestCount(limits.ratePerSecond)} per second`;
  return `${daily}, ${rate}`;
}

/**
 * To the owner and admins (design §11): the provider team suspended or reinstated the account, approved
 * its upgrade, extended its trial or changed its plan. Sent whatever the reminders switch says: each
 * changes what the company's tokens may do. `contact` is whom to write to (PROVIDER_TEAM_EMAIL).
 */
export function accountChangeEmail(
  to: string,
  appUrl: string,
  notice: {
    companyName: string;
    change: AccountChange;
    /** The plan the company is on after the change. */
    limits: { dailyQuota: number | null; ratePerSecond: number | null };
    contact: string;
  },
): EmailMessage {
  const { companyName, change, contact } = notice;
  const questions = `Questions? Write to the ${PRODUCT_NAME} team at ${contact}.`;
  const { subject, paragraphs } = (() => {
    switch (change.kind) {
      case 'suspended':
        return {
          subject: `Your ${PRODUCT_NAME} account is suspended`,
          paragraphs: [
            `The ${PRODUCT_NAME} team suspended the ${companyName} account.`,
            'None of its API tokens works while it is suspended, and no new token or upgrade can be requested.',
            `To find out why and have it reinstated, write to the ${PRODUCT_NAME} team at ${contact}.`,
          ],
        };
      case 'reinstated':
        return {
          subject: `Your ${PRODUCT_NAME} account is reinstated`,
          paragraphs: [
            `The ${PRODUCT_NAME} team reinstated the ${companyName} account, as a ${change.to === 'paid' ? 'paid account' : 'trial'}.`,
            'Its API tokens work again as they did before the suspension.',
            questions,
          ],
        };
      case 'upgraded':
        return {
          subject: `Your ${PRODUCT_NAME} account is upgraded`,
          paragraphs: [
            `The ${companyName} account is now a paid account on the ${change.plan} plan (${limitsText(notice.limits)}).`,
            'Its API tokens no longer expire, and expired ones work again.',
            questions,
          ],
        };
      case 'trial_extended':
        return {
          subject: `Your ${PRODUCT_NAME} trial is extended`,
          paragraphs: [
            `The ${PRODUCT_NAME} team extended the free trial of ${companyName}: it now ends on ${utcMoment(change.trialEndsAt)}.`,
            'Its trial API tokens keep working until then.',
            questions,
          ],
        };
      case 'plan_changed':
        return {
          subject: `Your ${PRODUCT_NAME} plan changed`,
          paragraphs: [
            `The ${companyName} account is now on the ${change.plan} plan (${limitsText(notice.limits)}).`,
            'Every data feed applies its limits within a second.',
            questions,
          ],
        };
    }
  })();
  return linkEmail(
    to,
    subject,
    paragraphs,
    'Open the dashboard',
    `${appUrl}/dashboard`,
    'You receive this as an owner or admin of the account whenever the provider team changes it.',
  );
}
