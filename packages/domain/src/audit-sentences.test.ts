import { describe, expect, it } from 'vitest';
import { AUDIT_EVENT_KINDS, type AuditEvent, type AuditEventKind } from './audit.ts';
import {
  AUDIT_ACTOR_NAMES,
  auditActorName,
  COMPANY_AUDIT_EVENT_KINDS,
  describeAuditEvent,
} from './audit-sentences.ts';

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const describe_ = (kind: AuditEventKind, detail: AuditEvent['detail'], names: AuditEvent['names'] = {}) =>
  describeAuditEvent({ kind, detail, names }, utc);

const MARK = 'idn_mark';
const OLIVIA = 'idn_olivia';
const names = { [MARK]: 'Mark Member', [OLIVIA]: 'Olivia Owner' };
const token = { clientId: 'dfc_0123456789abcdefAB12C', label: 'Scores app' };

describe('audit event sentences', () => {
  it.each<[AuditEventKind, AuditEvent['detail'], string]>([
    [
      'member.role_changed',
      { memberId: MARK, email: 'mark@example.com', from: 'member', to: 'admin' },
      "Changed Mark Member's role from member to admin",
    ],
    [
      'member.removed',
      { memberId: 'idn_gone', email: 'gone@example.com', role: 'member' },
      'Removed gone@example.com (member) from the company',
    ],
    [
      'ownership.transferred',
      { fromMemberId: OLIVIA, toMemberId: MARK, toEmail: 'mark@example.com' },
      'Handed ownership over to Mark Member',
    ],
    [
      'member.joined',
      { invitationId: 'inv_1', email: 'mark@example.com', role: 'admin', invitedBy: OLIVIA },
      'Joined as admin, invited by Olivia Owner',
    ],
    [
      'member.invited',
      { invitationId: 'inv_1', email: 'ann@example.com', role: 'member' },
      'Invited ann@example.com as member',
    ],
    [
      'invitation.resent',
      { invitationId: 'inv_1', email: 'ann@example.com', role: 'member' },
      'Sent a new invitation link to ann@example.com',
    ],
    [
      'invitation.revoked',
      { invitationId: 'inv_1', email: 'ann@example.com', role: 'member' },
      'Revoked the invitation of ann@example.com',
    ],
    ['credential.created', token, 'Created “Scores app” (client ID …AB12C)'],
    ['credential.deleted', token, 'Deleted “Scores app” (client ID …AB12C)'],
    [
      'credential.rotated',
      { ...token, newClientId: 'dfc_new', gracePeriod: 'none', oldSecretEndsAt: '2026-11-25T18:40:00.000Z' },
      'Rotated “Scores app” (client ID …AB12C); the old secret stopped at once',
    ],
    [
      'credential.rotated',
      { ...token, newClientId: 'dfc_new', gracePeriod: '24h', oldSecretEndsAt: '2026-11-26T18:40:00.000Z' },
      'Rotated “Scores app” (client ID …AB12C); the old secret works until 2026-11-26 18:40 UTC',
    ],
    [
      'credential.status_changed',
      { clientId: token.clientId, from: 'active', to: 'inactive' },
      'Changed the status of the API token (client ID …AB12C) from Active to Inactive',
    ],
    [
      'credential.grace_ended',
      { ...token, newClientId: 'dfc_new', why: 'elapsed' },
      'The old secret of “Scores app” (client ID …AB12C) stopped: its grace period ended',
    ],
    [
      'credential.grace_ended',
      { ...token, newClientId: 'dfc_new', why: 'status_set' },
      'The old secret of “Scores app” (client ID …AB12C) stopped: the token that replaced it was set to a status that does not open the feed',
    ],
    [
      'credential.grace_ended',
      { ...token, newClientId: 'dfc_new', why: 'suspended' },
      'The old secret of “Scores app” (client ID …AB12C) stopped: the account was suspended',
    ],
    [
      'profile.changed',
      { fields: ['firstName', 'trialReminders'] },
      'Changed first name, trial reminder emails',
    ],
    ['sign_in.failed', { reason: 'wrong_password' }, 'Wrong password'],
    ['sign_in.succeeded', {}, ''],
    [
      'verifier_key.created',
      { keyId: 'key_1', name: 'Weather feed' },
      'Created the verifier key “Weather feed”',
    ],
    [
      'verifier_key.revoked',
      { keyId: 'key_1', name: 'Weather feed' },
      'Revoked the verifier key “Weather feed”: data feeds using it are refused',
    ],
    [
      'email.retried',
      { emailId: 'eml_1', to: 'ann@example.com' },
      'Queued the email to ann@example.com to be sent again',
    ],
    [
      'staff.created',
      { staffId: 'stf_1', email: 'sam@datafeeds.example', role: 'support' },
      'Created the console account of sam@datafeeds.example (support)',
    ],
    [
      'staff.disabled',
      { staffId: 'stf_1', email: 'sam@datafeeds.example' },
      'Disabled the console account of sam@datafeeds.example',
    ],
    [
      'staff.mfa_reset',
      { staffId: 'stf_1', email: 'sam@datafeeds.example' },
      'Reset the authenticator of sam@datafeeds.example; a new setup link was emailed',
    ],
    [
      'plan.set',
      { from: 'trial', to: 'pro-5k' },
      // The plan as the customer's plan card and the console both name it (planDisplayName).
      'Moved the account from the Trial plan to the Pro-5k plan',
    ],
    [
      'plan.created',
      { name: 'pro-5k', dailyQuota: 5000, ratePerSecond: 10 },
      'Created the plan Pro-5k: 5,000 a day, 10 a second',
    ],
    [
      'plan.updated',
      {
        name: 'pro-5k',
        dailyQuota: null,
        ratePerSecond: 20,
        fromDailyQuota: 5000,
        fromRatePerSecond: 10,
      },
      'Changed the plan Pro-5k from 5,000 a day, 10 a second to no daily limit, 20 a second',
    ],
    [
      'staff.enabled',
      { staffId: 'stf_1', email: 'sam@datafeeds.example' },
      'Enabled the console account of sam@datafeeds.example',
    ],
    [
      'staff.enabled',
      { staffId: 'stf_1', email: 'sam@datafeeds.example', setupLink: 'sent' },
      'Enabled the console account of sam@datafeeds.example; a new setup link was emailed',
    ],
    [
      'staff.unlocked',
      { staffId: 'stf_1', email: 'sam@datafeeds.example' },
      'Unlocked the console account of sam@datafeeds.example after failed sign-ins',
    ],
    ['staff.signed_in', { code: 'authenticator' }, 'With the authenticator app'],
    ['staff.signed_in', { code: 'recovery_code' }, 'With a recovery code'],
    ['staff.sign_in_failed', { reason: 'wrong_code' }, 'Wrong authenticator or recovery code'],
    ['staff.sign_in_failed', { reason: 'unknown_email' }, 'No staff account has this email'],
    ['staff.sign_in_failed', { reason: 'disabled' }, 'Refused: the account is disabled'],
  ])('%s reads as a sentence with names, never raw keys', (kind, detail, sentence) => {
    expect(describe_(kind, detail, names)).toBe(sentence);
  });

  it('names a member by the email the event kept when the name is unknown', () => {
    expect(
      describe_('member.role_changed', {
        memberId: MARK,
        email: 'mark@example.com',
        from: 'admin',
        to: 'member',
      }),
    ).toBe("Changed mark@example.com's role from admin to member");
  });

  it('has one word for who acted when no person did, the screen and the CSV alike', () => {
    expect(auditActorName({ kind: 'operator', email: null })).toBe('DataFeeds team');
    expect(auditActorName({ kind: 'staff', email: null })).toBe('DataFeeds team');
    expect(auditActorName({ kind: 'staff', email: 'sam@datafeeds.example' })).toBe('sam@datafeeds.example');
    expect(auditActorName({ kind: 'system', email: null })).toBe(AUDIT_ACTOR_NAMES.system);
    expect(auditActorName({ kind: 'user', email: 'ada@example.com' })).toBe('ada@example.com');
  });

  it('offers companies every kind but the provider team’s verifier-key and staff events', () => {
    const teamOnly = [
      'verifier_key.created',
      'verifier_key.revoked',
      'staff.created',
      'staff.disabled',
      'staff.mfa_reset',
      'staff.enabled',
      'staff.unlocked',
      'staff.setup_completed',
      'staff.signed_in',
      'staff.sign_in_failed',
      'email.retried',
    ] as const;
    for (const kind of teamOnly) expect(COMPANY_AUDIT_EVENT_KINDS).not.toContain(kind);
    expect(COMPANY_AUDIT_EVENT_KINDS).toHaveLength(AUDIT_EVENT_KINDS.length - teamOnly.length);
  });
});
