// What an audit event did, as one sentence for people (design §8 "Audit log"): the Activity page and the
// CSV export read the same words. The detail holds ids and keys (written once, never rewritten); the
// sentence names people by the `names` the API resolved for those ids, tokens by label and the last 5
// characters of the client ID, and times by the caller's `formatTime` (local on screen, UTC in a file).
import { AUDIT_EVENT_KINDS, type AuditActorKind, type AuditEvent, type AuditEventKind } from './audit.ts';
import { shortClientId } from './format.ts';
import { planDisplayName, planLimitsText } from './plans.ts';
import type { GraceEndReason } from './rotation.ts';
import { tokenStatusLabel } from './status.ts';
import type { CompanyRole } from './policy.ts';
import { COMPANY_ROLE_LABELS } from './team.ts';

/** Who acted when no person did: one word for each, on screen and in the CSV export alike. */
export const AUDIT_ACTOR_NAMES: Readonly<Record<AuditActorKind, string>> = {
  operator: 'DataFeeds team',
  staff: 'DataFeeds team',
  system: 'DataFeeds Portal',
  user: 'Unknown user',
};

/**
 * Who acted, for people: their email, or the provider team / the portal. A customer's Activity never
 * has a staff member's email (the API leaves it out), so staff actions read "DataFeeds team" there; the
 * console, which has it, names the member.
 */
export function auditActorName(actor: AuditEvent['actor']): string {
  return actor.email ?? AUDIT_ACTOR_NAMES[actor.kind];
}

/**
 * The kinds a company's trail can hold: the verifier-key and staff events belong to the provider team,
 * not to any company (they are written with no company), so the Activity filter does not offer them.
 */
export const COMPANY_AUDIT_EVENT_KINDS = AUDIT_EVENT_KINDS.filter(
  (kind) =>
    kind !== 'verifier_key.created' &&
    kind !== 'verifier_key.revoked' &&
    kind !== 'email.retried' &&
    !kind.startsWith('staff.'),
);

/** The detail keys that name a person by identity id: the API answers their names in `names`. */
export const AUDIT_PERSON_ID_KEYS = ['memberId', 'fromMemberId', 'toMemberId', 'invitedBy'] as const;
type PersonIdKey = (typeof AUDIT_PERSON_ID_KEYS)[number];

type Detail = AuditEvent['detail'];
type Describe = (detail: Detail, words: Words) => string;

/** A limit the detail holds: a number, or null for unlimited; undefined when it holds none. */
function limitOf(detail: Detail, key: string): number | null | undefined {
  const value = detail[key];
  return typeof value === 'number' || value === null ? value : undefined;
}

/** A plan's limits as a plan event's detail keeps them (`dailyQuota`, or `fromDailyQuota` before). */
function limitsIn(detail: Detail, prefix: '' | 'from'): string | undefined {
  const key = (name: string) => (prefix ? `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name);
  const dailyQuota = limitOf(detail, key('dailyQuota'));
  const ratePerSecond = limitOf(detail, key('ratePerSecond'));
  if (dailyQuota === undefined || ratePerSecond === undefined) return undefined;
  return planLimitsText({ dailyQuota, ratePerSecond });
}

interface Words {
  text: (key: string) => string | undefined;
  /** A person named in the detail by id (`names`), else the email the detail kept, else "someone". */
  person: (idKey: PersonIdKey, emailKey?: string) => string;
  role: (key: string) => string;
  token: () => string;
  time: (key: string) => string | undefined;
}

const SIGN_IN_FAILURES: Readonly<Record<string, string>> = {
  unknown_email: 'No account has this email',
  wrong_password: 'Wrong password',
  locked: 'Refused: too many failed attempts, the account is locked for a while',
};

/** Why a staff sign-in was refused (the staff service's reasons). */
const STAFF_SIGN_IN_FAILURES: Readonly<Record<string, string>> = {
  unknown_email: 'No staff account has this email',
  wrong_password: 'Wrong password',
  wrong_code: 'Wrong authenticator or recovery code',
  locked: 'Refused: too many failed attempts, the account is locked for a while',
  disabled: 'Refused: the account is disabled',
};

const PROFILE_FIELDS: Readonly<Record<string, string>> = {
  firstName: 'first name',
  lastName: 'last name',
  companyName: 'company name',
  trialReminders: 'trial reminder emails',
};

const GRACE_ENDINGS: Readonly<Record<GraceEndReason, string>> = {
  ended: 'stopped early by a team member',
  elapsed: 'its grace period ended',
  rotated: 'the token was rotated again',
  deleted: 'the token that replaced it was deleted',
  status_set: 'the token that replaced it was set to a status that does not open the feed',
  expired: 'the token that replaced it expired',
  suspended: 'the account was suspended',
};

const SENTENCES: Readonly<Partial<Record<AuditEventKind, Describe>>> = {
  'sign_in.failed': (_detail, { text }) => SIGN_IN_FAILURES[text('reason') ?? ''] ?? '',
  'profile.changed': (detail) => {
    const fields = Array.isArray(detail.fields) ? detail.fields : [];
    return fields.length > 0
      ? `Changed ${fields.map((field) => PROFILE_FIELDS[field] ?? field).join(', ')}`
      : '';
  },
  'credential.created': (_detail, { token }) => `Created ${token()}`,
  'credential.deleted': (_detail, { token }) => `Deleted ${token()}`,
  'credential.rotated': (_detail, { text, token, time }) => {
    const until = time('oldSecretEndsAt');
    const ending =
      text('gracePeriod') === 'none' || until === undefined
        ? 'the old secret stopped at once'
        : `the old secret works until ${until}`;
    return `Rotated ${token()}; ${ending}`;
  },
  'credential.status_changed': (_detail, { text, token }) =>
    `Changed the status of ${token()} from ${tokenStatusLabel(text('from') ?? '?')} to ${tokenStatusLabel(text('to') ?? '?')}`,
  'credential.grace_ended': (_detail, { text, token }) => {
    const why = (GRACE_ENDINGS as Readonly<Record<string, string>>)[text('why') ?? ''];
    return `The old secret of ${token()} stopped${why ? `: ${why}` : ''}`;
  },
  'member.invited': (_detail, { text, role }) => `Invited ${text('email') ?? 'someone'} as ${role('role')}`,
  'invitation.resent': (_detail, { text }) => `Sent a new invitation link to ${text('email') ?? 'someone'}`,
  'invitation.revoked': (_detail, { text }) => `Revoked the invitation of ${text('email') ?? 'someone'}`,
  'member.joined': (detail, { role, person }) =>
    `Joined as ${role('role')}${detail.invitedBy ? `, invited by ${person('invitedBy')}` : ''}`,
  'member.role_changed': (_detail, { person, role }) =>
    `Changed ${person('memberId', 'email')}'s role from ${role('from')} to ${role('to')}`,
  'member.removed': (_detail, { person, role }) =>
    `Removed ${person('memberId', 'email')} (${role('role')}) from the company`,
  'ownership.transferred': (_detail, { person }) =>
    `Handed ownership over to ${person('toMemberId', 'toEmail')}`,
  'plan.set': (_detail, { text }) =>
    `Moved the account from the ${planDisplayName(text('from') ?? '?')} plan to the ${planDisplayName(text('to') ?? '?')} plan`,
  'plan.created': (detail, { text }) => {
    const limits = limitsIn(detail, '');
    return `Created the plan ${planDisplayName(text('name') ?? '?')}${limits ? `: ${limits}` : ''}`;
  },
  'plan.updated': (detail, { text }) => {
    const before = limitsIn(detail, 'from');
    const after = limitsIn(detail, '');
    const name = `the plan ${planDisplayName(text('name') ?? '?')}`;
    if (before && after) return `Changed ${name} from ${before} to ${after}`;
    return after ? `Changed ${name} to ${after}` : `Changed ${name}`;
  },
  'trial.extended': (_detail, { time }) => `Moved the end of the trial to ${time('trialEndsAt') ?? '?'}`,
  'company.reinstated': (_detail, { text }) => `Reinstated the account as ${text('to') ?? '?'}`,
  'credential.cap_set': (detail, { token }) =>
    typeof detail.dailyCap === 'number'
      ? `Capped ${token()} at ${detail.dailyCap.toLocaleString('en-US')} requests a day`
      : `Removed the daily cap of ${token()}`,
  // The provider team's own trail (the console's): verifier keys, the outbox, staff accounts.
  'verifier_key.created': (_detail, { text }) => `Created the verifier key “${text('name') ?? '?'}”`,
  'verifier_key.revoked': (_detail, { text }) =>
    `Revoked the verifier key “${text('name') ?? '?'}”: data feeds using it are refused`,
  'email.retried': (_detail, { text }) => `Queued the email to ${text('to') ?? 'someone'} to be sent again`,
  'staff.created': (_detail, { text }) =>
    `Created the console account of ${text('email') ?? 'someone'} (${text('role') ?? '?'})`,
  'staff.disabled': (_detail, { text }) => `Disabled the console account of ${text('email') ?? 'someone'}`,
  'staff.mfa_reset': (_detail, { text }) =>
    `Reset the authenticator of ${text('email') ?? 'someone'}; a new setup link was emailed`,
  'staff.enabled': (_detail, { text }) =>
    text('setupLink') === 'sent'
      ? `Enabled the console account of ${text('email') ?? 'someone'}; a new setup link was emailed`
      : `Enabled the console account of ${text('email') ?? 'someone'}`,
  'staff.unlocked': (_detail, { text }) =>
    `Unlocked the console account of ${text('email') ?? 'someone'} after failed sign-ins`,
  'staff.setup_completed': () => '',
  'staff.signed_in': (_detail, { text }) =>
    text('code') === 'recovery_code' ? 'With a recovery code' : 'With the authenticator app',
  'staff.sign_in_failed': (_detail, { text }) => STAFF_SIGN_IN_FAILURES[text('reason') ?? ''] ?? '',
};

/** A detail the kind has no sentence for, as "key: value" pairs. */
function listDetail(detail: Detail): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}

/** The event as a sentence ("Changed Mark Member's role from member to admin"); '' when the kind says it all. */
export function describeAuditEvent(
  event: Pick<AuditEvent, 'kind' | 'detail' | 'names'>,
  formatTime: (iso: string) => string,
): string {
  const { detail, names } = event;
  const text = (key: string) => {
    const value = detail[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const words: Words = {
    text,
    person: (idKey, emailKey) => {
      const id = text(idKey);
      return (id && names[id]) || (emailKey && text(emailKey)) || 'someone';
    },
    role: (key) => {
      const role = text(key);
      return role && role in COMPANY_ROLE_LABELS
        ? COMPANY_ROLE_LABELS[role as CompanyRole].toLowerCase()
        : (role ?? 'a role');
    },
    token: () => {
      const label = text('label');
      const clientId = text('clientId');
      const ending = clientId ? `(client ID …${shortClientId(clientId)})` : '';
      return label ? `“${label}” ${ending}`.trim() : `the API token ${ending}`.trim();
    },
    time: (key) => {
      const value = text(key);
      return value && !Number.isNaN(Date.parse(value)) ? formatTime(value) : undefined;
    },
  };
  const describe = SENTENCES[event.kind];
  return describe ? describe(detail, words) : listDetail(detail);
}
