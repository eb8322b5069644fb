// The emails the portal sends: plain text plus simple HTML, each with the one link it is about.
import {
  COMPANY_ROLE_LABELS,
  EMAIL_VERIFICATION_TTL_SECONDS,
  INVITATION_TTL_DAYS,
  RESET_TOKEN_TTL_SECONDS,
  type AssignableRole,
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

/** To the provider team: a trial company asks for a paid account, and how to approve it. */
export function upgradeRequestEmail(
  to: string,
  request: { companyId: string; companyName: string; requesterName: string; requesterEmail: string },
): EmailMessage {
  const approve = `npm run operator -- approve-upgrade ${request.companyId}`;
  const paragraphs = [
    `${request.companyName} asks to upgrade from the free trial to a paid account.`,
    `Requested by ${request.requesterName} <${request.requesterEmail}>.`,
    `Once the contract is settled, approve it with: ${approve}`,
    'Its tokens then lose their trial expiry, and expired ones become active again.',
  ];
  return {
    to,
    subject: `Upgrade request: ${request.companyName}`,
    text: [...paragraphs, '', `— The ${PRODUCT_NAME} portal`].join('\n'),
    html: [
      `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">`,
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p>— The ${PRODUCT_NAME} portal</p></body></html>`,
    ].join('\n'),
    links: [],
  };
}

/**
 * An invitation to join a company (design §9, issue 12). The link opens the web app's accept page, which
 * offers registration (email fixed) or sign-in; it works once, for INVITATION_TTL_DAYS days.
 */
export function invitationEmail(
  to: string,
  appUrl: string,
  token: string,
  invitation: { companyName: string; inviterName: string; role: AssignableRole },
): EmailMessage {
  const link = `${appUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
  const role = COMPANY_ROLE_LABELS[invitation.role].toLowerCase();
  return linkEmail(
    to,
    `${invitation.inviterName} invited you to ${invitation.companyName} on ${PRODUCT_NAME}`,
    [
      `${invitation.inviterName} invited you to join ${invitation.companyName} on the ${PRODUCT_NAME} portal as ${role === 'admin' ? 'an' : 'a'} ${role}.`,
      `Accept the invitation to see and manage ${invitation.companyName}'s API tokens with your team.`,
    ],
    'Accept invitation',
    link,
    `The link works once and expires in ${INVITATION_TTL_DAYS} days. If you did not expect this invitation, ignore this email.`,
  );
}
