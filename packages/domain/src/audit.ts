// The audit log (design §8 "Audit log"): every security-relevant action, with who did it,
// when, from where, and a small detail that never holds a secret, token or password. The kinds are the
// list the design names; their labels are what the Activity page and the CSV export show.
import { z } from 'zod';

export const AUDIT_EVENT_KINDS = [
  'sign_in.succeeded',
  'sign_in.failed',
  'sign_out',
  'refresh_token.reuse_detected',
  'password.changed',
  'password.reset',
  'email.verified',
  'profile.changed',
  'credential.created',
  'credential.rotated',
  'credential.deleted',
  'credential.status_changed',
  'upgrade.requested',
  'upgrade.approved',
  'verifier_key.created',
  'verifier_key.revoked',
  'credential.grace_ended',
  'member.invited',
  'invitation.resent',
  'invitation.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'ownership.transferred',
  'plan.created',
  'plan.updated',
  'plan.set',
  'credential.cap_set',
  'staff.created',
  'staff.disabled',
  'staff.mfa_reset',
  'staff.enabled',
  'staff.unlocked',
  'staff.setup_completed',
  'staff.signed_in',
  'staff.sign_in_failed',
  'trial.extended',
  'company.suspended',
  'company.reinstated',
  'email.retried',
] as const;
export type AuditEventKind = (typeof AUDIT_EVENT_KINDS)[number];

export const AUDIT_EVENT_LABELS: Readonly<Record<AuditEventKind, string>> = {
  'sign_in.succeeded': 'Signed in',
  'sign_in.failed': 'Sign-in failed',
  sign_out: 'Signed out',
  'refresh_token.reuse_detected': 'Refresh token reuse detected',
  'password.changed': 'Password changed',
  'password.reset': 'Password reset',
  'email.verified': 'Email verified',
  'profile.changed': 'Profile changed',
  'credential.created': 'API token created',
  'credential.rotated': 'API token rotated',
  'credential.deleted': 'API token deleted',
  'credential.status_changed': 'API token status changed',
  'upgrade.requested': 'Upgrade requested',
  'upgrade.approved': 'Upgrade approved',
  'verifier_key.created': 'Verifier key created',
  'verifier_key.revoked': 'Verifier key revoked',
  'credential.grace_ended': 'Old API token secret stopped',
  'member.invited': 'Member invited',
  'invitation.resent': 'Invitation resent',
  'invitation.revoked': 'Invitation revoked',
  'member.joined': 'Member joined',
  'member.role_changed': 'Member role changed',
  'member.removed': 'Member removed',
  'ownership.transferred': 'Ownership handed over',
  'plan.created': 'Plan created',
  'plan.updated': 'Plan changed',
  'plan.set': 'Plan changed for the account',
  'credential.cap_set': 'API token daily cap set',
  'staff.created': 'Staff member added',
  'staff.disabled': 'Staff member disabled',
  'staff.mfa_reset': 'Staff authenticator reset',
  'staff.enabled': 'Staff member enabled',
  'staff.unlocked': 'Staff account unlocked',
  'staff.setup_completed': 'Staff account set up',
  'staff.signed_in': 'Staff signed in to the console',
  'staff.sign_in_failed': 'Staff sign-in failed',
  'trial.extended': 'Trial extended',
  'company.suspended': 'Account suspended',
  'company.reinstated': 'Account reinstated',
  'email.retried': 'Email sent again',
};

/**
 * Who acted: a person of the portal, the provider team (operator commands, or a staff member in the
 * console: `staff`, with the member's id and email, which only the console shows) or the portal itself.
 */
export const AUDIT_ACTOR_KINDS = ['user', 'operator', 'staff', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

export const ACTIVITY_PAGE_SIZES = [10, 25, 50] as const;
export const ACTIVITY_PAGE_SIZE_DEFAULT = 25;

/**
 * The moments a filter may name: from 1970 to the end of 9998. A wider date is valid ISO but not a
 * moment the database stores (PostgreSQL has no year 0, and an ISO year past 9999 is written `+010000`),
 * so without this bound it failed there as a 500 (found by the route fuzz test).
 */
const FILTER_FIRST_MS = 0;
const FILTER_END_MS = Date.UTC(9999, 0, 1);
export const ACTIVITY_DATE_RANGE_MESSAGE = 'Dates must be between 1970 and 9998.';

/** A day (YYYY-MM-DD, UTC) or a full ISO time; `to` as a day includes that whole day. */
const dayOrTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })]).refine(
  (value) => {
    const ms = Date.parse(value);
    return ms >= FILTER_FIRST_MS && ms < FILTER_END_MS;
  },
  { error: ACTIVITY_DATE_RANGE_MESSAGE },
);

/** The filter the Activity page and its CSV export share. */
export const activityFilterSchema = z.strictObject({
  kind: z.enum(AUDIT_EVENT_KINDS).optional(),
  from: dayOrTime.optional(),
  to: dayOrTime.optional(),
});

export const getActivityQuerySchema = activityFilterSchema.extend({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (ACTIVITY_PAGE_SIZES as readonly number[]).includes(size), {
      message: `pageSize must be one of ${ACTIVITY_PAGE_SIZES.join(', ')}`,
    })
    .default(ACTIVITY_PAGE_SIZE_DEFAULT),
});

export const auditEventSchema = z
  .object({
    id: z.string(),
    at: z.string(),
    kind: z.enum(AUDIT_EVENT_KINDS),
    actor: z.object({
      kind: z.enum(AUDIT_ACTOR_KINDS),
      /** The person's email at the time (or the email tried, for a failed sign-in); null otherwise. */
      email: z.string().nullable(),
    }),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** A few fields that say what changed (e.g. the client id, the fields of a profile change). */
    detail: z.record(
      z.string(),
      z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]),
    ),
    /**
     * The people the detail names by id (`memberId`, `toMemberId`, `invitedBy`…), id → their name as it
     * is now; a person no longer in the company is left out (the detail keeps their email).
     */
    names: z.record(z.string(), z.string()),
  })
  .meta({ id: 'AuditEvent' });

export const activityPageSchema = z
  .object({
    events: z.array(auditEventSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Events matching the filter, over every page. */
    total: z.number().int(),
  })
  .meta({ id: 'ActivityPage' });

/**
 * The CSV export's columns, in order (the header row): `detail` as stored (JSON, for programs), then
 * `description`, the sentence the Activity page shows (audit-sentences.ts).
 */
export const ACTIVITY_CSV_COLUMNS = [
  'time',
  'event',
  'actor',
  'ip_address',
  'user_agent',
  'detail',
  'description',
] as const;

export type ActivityFilter = z.input<typeof activityFilterSchema>;
export type GetActivityQuery = z.input<typeof getActivityQuerySchema>;
export type AuditEvent = z.infer<typeof auditEventSchema>;
export type ActivityPage = z.infer<typeof activityPageSchema>;
