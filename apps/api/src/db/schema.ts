// The database schema (PostgreSQL 15 features only, so PGlite and the production server share one
// migration set). One-time tokens are stored as SHA-256 hashes: a leaked database reveals no usable token.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  API_TYPES,
  AUDIT_ACTOR_KINDS,
  AUDIT_EVENT_KINDS,
  ASSIGNABLE_ROLES,
  COMPANY_ACCOUNT_STATUSES,
  COMPANY_ROLES,
  CREDENTIAL_EVENT_KINDS,
  STAFF_ROLES,
  TOKEN_STATUSES,
  TRIAL_PLAN,
  type Scope,
} from '@datafeeds/domain';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const moment = (name: string) => timestamp(name, { withTimezone: true });

export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    /** Null for an imported identity that has not chosen a password yet (it got a reset email). */
    passwordHash: text('password_hash'),
    emailVerifiedAt: moment('email_verified_at'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('identities_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('identities_username_lower_key').on(sql`lower(${table.username})`),
  ],
);

export const companyAccountStatus = pgEnum('company_account_status', COMPANY_ACCOUNT_STATUSES);

/**
 * Plans (design §10): how many requests a company may have admitted per UTC day and per second; null is
 * unlimited. `trial` and `standard` always exist (the migration writes them; the trial's limits follow
 * TRIAL_DAILY_QUOTA and TRIAL_RATE_PER_SECOND); the provider team adds others.
 */
export const plans = pgTable('plans', {
  name: text('name').primaryKey(),
  dailyQuota: bigint('daily_quota', { mode: 'number' }),
  ratePerSecond: integer('rate_per_second'),
  createdAt: createdAt(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  accountStatus: companyAccountStatus('account_status').notNull().default('trial'),
  /**
   * While suspended: the status it had (trial or paid), which reinstating it returns it to (design §11
   * "Suspension is visible"); null otherwise. Written with account_status, by companies-repository.ts only.
   */
  suspendedFrom: companyAccountStatus('suspended_from'),
  trialEndsAt: moment('trial_ends_at'),
  /** Every company has exactly one plan (design §10); new companies start on the trial. */
  planName: text('plan_name')
    .notNull()
    .default(TRIAL_PLAN)
    .references(() => plans.name, { onUpdate: 'cascade' }),
  createdAt: createdAt(),
});

export const companyRole = pgEnum('company_role', COMPANY_ROLES);
export const assignableRole = pgEnum('assignable_role', ASSIGNABLE_ROLES);

export const profiles = pgTable(
  'profiles',
  {
    identityId: uuid('identity_id')
      .primaryKey()
      .references(() => identities.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    /** Design §9. No default: whoever writes a profile says whether it is the owner or who invited it. */
    role: companyRole('role').notNull(),
    /** Trial reminder emails (owner and admins); security notices cannot be turned off. */
    trialReminders: boolean('trial_reminders').notNull().default(true),
    /** When the person joined the company: its creation, or the accepted invitation. */
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('profiles_company_id_idx').on(table.companyId),
    // Exactly one owner: a hand-over demotes the owner before it promotes the admin, in one transaction.
    uniqueIndex('profiles_one_owner_per_company')
      .on(table.companyId)
      .where(sql`${table.role} = 'owner'`),
  ],
);

/**
 * An invitation to join a company (design §9): the emailed link carries a random token stored here as
 * its SHA-256 hash. A resend replaces the hash (the old link stops working) and gives a new 7 days.
 * At most one pending invitation per company and email (the partial index).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: assignableRole('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => identities.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    acceptedAt: moment('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => identities.id, { onDelete: 'set null' }),
    revokedAt: moment('revoked_at'),
  },
  (table) => [
    uniqueIndex('invitations_one_pending_per_email')
      .on(table.companyId, sql`lower(${table.email})`)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);

/**
 * The links a resend replaced (design §9): an old link then says "a newer link was sent" instead of
 * "not valid". Only the hash is kept, like the live link's; the row goes with its invitation.
 */
export const invitationOldLinks = pgTable('invitation_old_links', {
  tokenHash: text('token_hash').primaryKey(),
  invitationId: uuid('invitation_id')
    .notNull()
    .references(() => invitations.id, { onDelete: 'cascade' }),
  replacedAt: moment('replaced_at').notNull(),
});

/**
 * The last time a person was removed from a company (design §9): signed in again without a company, they
 * are told from which one and by whom, not sent to /welcome in silence. Names as they were then; one row
 * per identity, replaced by a later removal.
 */
export const memberRemovals = pgTable('member_removals', {
  identityId: uuid('identity_id')
    .primaryKey()
    .references(() => identities.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  /** The remover's name, or null when they had none on record. */
  removedBy: text('removed_by'),
  removedAt: moment('removed_at').notNull(),
});

/**
 * Trial reminders already sent (design §9): the primary key is the once-only guarantee across instances
 * and restarts — a reminder is emailed only by the transaction whose insert here succeeded. The trial
 * end is part of the key, so a trial the provider team extends gets its reminders again.
 */
export const trialRemindersSent = pgTable(
  'trial_reminders_sent',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }).notNull(),
    /** Days before the trial's end: 7, 3, 1 or 0 (the day it ends). */
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.trialEndsAt, table.daysBefore] })],
);

/**
 * Quota emails already sent (design §10): at 80 % and 100 % of a UTC day's quota, once per company per
 * day across instances and restarts — the email is queued only by the transaction whose insert here
 * succeeded, as with the trial reminders.
 */
export const quotaNoticesSent = pgTable(
  'quota_notices_sent',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The UTC day, as YYYY-MM-DD. */
    day: text('day').notNull(),
    /** The share of the day's quota reached: 80 or 100. */
    threshold: integer('threshold').notNull(),
    sentAt: moment('sent_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.threshold] })],
);

/**
 * The truth of what a company may still have admitted (design §10, docs/design.md "Allowance leases"):
 * every request admitted anywhere — by a portal instance or a data-feed node — was first granted here,
 * in leases, by an update that never takes the day past the plan's quota nor a second past its rate.
 * One row per company; a new UTC day or second starts its count again.
 */
export const companyAllowance = pgTable('company_allowance', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** The UTC day `day_granted` counts, as YYYY-MM-DD. */
  day: text('day').notNull(),
  dayGranted: bigint('day_granted', { mode: 'number' }).notNull().default(0),
  /** The second (Unix seconds) `rate_granted` counts. */
  rateSecond: bigint('rate_second', { mode: 'number' }).notNull().default(0),
  rateGranted: integer('rate_granted').notNull().default(0),
});

/**
 * The same for a token with its own daily cap, by lineage so a rotation keeps the day's count. Grants
 * here are also counted in its company's row.
 */
export const tokenAllowance = pgTable('token_allowance', {
  lineageId: uuid('lineage_id').primaryKey(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  day: text('day').notNull(),
  dayGranted: bigint('day_granted', { mode: 'number' }).notNull().default(0),
});

/**
 * What each verifier key was leased of a company's day and what of it the key's usage reports have
 * counted (design §8 "Usage", "What a report may write"): a data feed reports only answers it admitted
 * from its leases, so the VALID counts a key reports for a company with a daily limit are counted up to
 * `day_leased − day_reported` and no further. Written by the lease call (HTTP only: the portal's own
 * in-process leases have no key) and consumed by the usage meter, in the database so that a report landing
 * on another instance than its leases is bounded alike. Deleted by the usage retention sweep.
 */
export const verifierKeyAllowance = pgTable(
  'verifier_key_allowance',
  {
    verifierKeyId: uuid('verifier_key_id')
      .notNull()
      .references(() => verifierKeys.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The UTC day, as YYYY-MM-DD (the lease's, as company_allowance counts it). */
    day: text('day').notNull(),
    dayLeased: bigint('day_leased', { mode: 'number' }).notNull().default(0),
    dayReported: bigint('day_reported', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.verifierKeyId, table.companyId, table.day] }),
    index('verifier_key_allowance_day_idx').on(table.day),
  ],
);

/** A signed-in device. Revoking the row ends the session on every instance at the next request. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => identities.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: moment('revoked_at'),
  },
  (table) => [index('sessions_identity_id_idx').on(table.identityId)],
);

/** One row per issued refresh token; the session is the token family. used_at detects reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
  },
  (table) => [index('refresh_tokens_session_id_idx').on(table.sessionId)],
);

function oneTimeTokenTable<const Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      identityId: uuid('identity_id')
        .notNull()
        .references(() => identities.id, { onDelete: 'cascade' }),
      tokenHash: text('token_hash').notNull().unique(),
      createdAt: createdAt(),
      expiresAt: moment('expires_at').notNull(),
      /** Set when the token is redeemed or superseded by a newer one. */
      consumedAt: moment('consumed_at'),
    },
    (table) => [index(`${name}_identity_id_idx`).on(table.identityId)],
  );
}

export const passwordResetTokens = oneTimeTokenTable('password_reset_tokens');
export const emailVerificationTokens = oneTimeTokenTable('email_verification_tokens');
export type OneTimeTokenTable = typeof passwordResetTokens | typeof emailVerificationTokens;

/** Messages kept instead of sent when no SMTP server is configured (the development mailbox). */
/**
 * Where a message is: `mailbox` kept for the development mailbox (no SMTP_URL; purged once its links
 * have expired), `pending` waiting for the SMTP delivery worker, `sent` delivered (body and links
 * cleared), `failed` given up on and left for the operator (`npm run operator -- mail-outbox`).
 */
export const OUTBOX_EMAIL_STATUSES = ['mailbox', 'pending', 'sent', 'failed'] as const;
export type OutboxEmailStatus = (typeof OUTBOX_EMAIL_STATUSES)[number];
export const outboxEmailStatus = pgEnum('outbox_email_status', OUTBOX_EMAIL_STATUSES);

/** Every email, written before it is sent (mail/outbox-store.ts is the only writer). */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order, so "newest first" holds even when a test clock stamps messages alike. */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull(),
    createdAt: createdAt(),
    status: outboxEmailStatus('status').notNull(),
    /** Delivery attempts started (counted when claimed, so a crashed attempt counts too). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at'),
    /** The instance that claimed the row owns it until then; past it, another instance may retry. */
    leasedUntil: moment('leased_until'),
    lastAttemptAt: moment('last_attempt_at'),
    /** The SMTP error of the last failed attempt, with any link removed; never the message body. */
    lastError: text('last_error'),
    /** A pending message still undelivered at this time is marked failed. */
    giveUpAt: moment('give_up_at'),
    sentAt: moment('sent_at'),
    failedAt: moment('failed_at'),
  },
  (table) => [
    // The delivery worker's claim looks only at pending rows, by due time.
    index('outbox_emails_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('outbox_emails_status_idx').on(table.status, table.createdAt),
  ],
);

export const apiType = pgEnum('api_type', API_TYPES);
export const tokenStatus = pgEnum('token_status', TOKEN_STATUSES);

/**
 * API credentials (design §3). The secret itself is never stored: only its keyed hash and its first
 * characters, so an operator can recognise a token a customer reads out without the database holding
 * anything usable. `status` is the stored state; a trial token past `expired_at` reads as expired.
 */
export const apiClients = pgTable(
  'api_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Who asked for it: a pending token becomes active when this person verifies their email. */
    createdBy: uuid('created_by').references(() => identities.id, { onDelete: 'set null' }),
    label: text('label').notNull(),
    apiType: apiType('api_type').notNull(),
    scope: jsonb('scope').$type<Scope>().notNull(),
    status: tokenStatus('status').notNull(),
    inReview: boolean('in_review').notNull().default(false),
    secretHash: text('secret_hash').notNull().unique(),
    secretStart: text('secret_start').notNull(),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    expiredAt: moment('expired_at'),
    /** The last verification of this token by the data feed (any outcome), written with the usage batch. */
    lastUsedAt: moment('last_used_at'),
    /**
     * Set on a credential a rotation replaced with a grace period (design §9): it verifies until then, is
     * shown on its replacement (`replaced_by`) and not in the list, and the retirement sweep deletes it.
     */
    retiresAt: moment('retires_at'),
    replacedBy: text('replaced_by'),
    /**
     * On a retiring secret: its requests already counted for the rotation's hour when the rotation
     * committed, so "requests since rotation" leaves out those made earlier in that hour (design §9).
     */
    requestsBeforeRotation: bigint('requests_before_rotation', { mode: 'number' }),
    /**
     * The token across its rotations (design §9): a rotation's new secret keeps it, so the token's usage
     * and the pages of its old client IDs (replaced_client_ids) follow it.
     */
    lineageId: uuid('lineage_id').notNull().defaultRandom(),
    /**
     * The token's own daily cap, lower than its company's plan (design §10: "staging key: 500 a day"), or
     * null: only the company's quota applies. A rotation's new secret keeps it.
     */
    dailyCap: bigint('daily_cap', { mode: 'number' }),
  },
  (table) => [
    index('api_clients_company_id_idx').on(table.companyId, table.createdAt),
    // The console's search by the start of a client ID (`LIKE 'start%'`), whatever the database's
    // collation: the unique index serves it only under the C collation.
    index('api_clients_client_id_prefix_idx').on(table.clientId.op('text_pattern_ops')),
    // And by its end, the part customers see ("…686ia"): `reverse(client_id) LIKE 'ai686%'` reads this
    // index where `LIKE '%686ia'` would read every client ID.
    index('api_clients_client_id_suffix_idx').using(
      'btree',
      sql`reverse(${table.clientId}) text_pattern_ops`,
    ),
    index('api_clients_retiring_idx')
      .on(table.retiresAt)
      .where(sql`${table.retiresAt} is not null`),
    index('api_clients_replaced_by_idx')
      .on(table.replacedBy)
      .where(sql`${table.replacedBy} is not null`),
    index('api_clients_lineage_id_idx').on(table.lineageId),
    // The expiry sweep (credentials/expiry-sweep.ts) looks only at tokens that can still expire.
    index('api_clients_expiring_idx')
      .on(table.expiredAt)
      .where(sql`${table.status} in ('active', 'pending', 'review')`),
  ],
);

/**
 * Every client ID a rotation replaced, with the token it belongs to (design §9): its usage counts in the
 * token's history, and asking for it answers the token's current client ID. Deleting the token deletes
 * these rows with it.
 */
export const replacedClientIds = pgTable(
  'replaced_client_ids',
  {
    clientId: text('client_id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    lineageId: uuid('lineage_id').notNull(),
    replacedAt: moment('replaced_at').notNull(),
  },
  (table) => [index('replaced_client_ids_lineage_id_idx').on(table.lineageId)],
);

export const credentialEventKind = pgEnum('credential_event_kind', CREDENTIAL_EVENT_KINDS);
export const credentialEventEffect = pgEnum('credential_event_effect', ['none', 'changed', 'revoked']);
export const actorKind = pgEnum('actor_kind', AUDIT_ACTOR_KINDS);

/**
 * Every change to a credential, written in the transaction that makes it (credentials/credential-store.ts
 * is the only writer of this table, and of api_clients but for `last_used_at`, which credentials/last-use.ts
 * moves forward in the usage meter's batch). Cache invalidation and the data feed's revocation
 * stream are driven from these rows; the audit log reads them too, so they outlive the token (no foreign
 * key) and never hold a secret or its hash.
 */
export const credentialEvents = pgTable(
  'credential_events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: text('client_id').notNull(),
    companyId: uuid('company_id').notNull(),
    kind: credentialEventKind('kind').notNull(),
    effect: credentialEventEffect('effect').notNull(),
    actorKind: actorKind('actor_kind').notNull(),
    /** The person who acted (actor_kind user); null for the provider team and the system. */
    actorId: uuid('actor_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('credential_events_client_id_idx').on(table.clientId, table.seq),
    index('credential_events_company_id_idx').on(table.companyId, table.at),
  ],
);

/**
 * A data-feed service's key for the verification API (design §8): `dfvk_…`, stored as a keyed hash and
 * its first characters, like client secrets.
 */
export const verifierKeys = pgTable('verifier_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  keyStart: text('key_start').notNull(),
  createdAt: createdAt(),
  /** Written at most once a minute per key and instance: a hint for the operator, not an audit trail. */
  lastUsedAt: moment('last_used_at'),
  revokedAt: moment('revoked_at'),
});

export const upgradeRequestStatus = pgEnum('upgrade_request_status', ['open', 'approved']);

/** A trial company's request for a paid account; at most one open per company (the partial index). */
export const upgradeRequests = pgTable(
  'upgrade_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => identities.id, { onDelete: 'set null' }),
    status: upgradeRequestStatus('status').notNull().default('open'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: moment('decided_at'),
  },
  (table) => [
    uniqueIndex('upgrade_requests_one_open_per_company')
      .on(table.companyId)
      .where(sql`${table.status} = 'open'`),
  ],
);

/**
 * Verifications per credential × feed × hour × outcome (design §8 "Usage"), added to in batches by each
 * instance's usage meter (`count = count + excluded.count`, so instances never lose each other's counts).
 * `scope` is the feed asked for, or 'any' when the data feed asked without one. No foreign key: a deleted
 * token's rows go with the retention sweep, and the hot path never waits on api_clients' locks.
 */
export const credentialUsageHourly = pgTable(
  'credential_usage_hourly',
  {
    clientId: text('client_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    scope: text('scope').notNull(),
    code: text('code').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.hour, table.scope, table.code] }),
    // The retention sweep deletes by age across every credential.
    index('credential_usage_hourly_hour_idx').on(table.hour),
  ],
);

export const auditEventKind = pgEnum('audit_event_kind', AUDIT_EVENT_KINDS);

/**
 * The audit log (design §8 "Audit log"): written in the transaction of the change it records. Never a
 * secret, token or password in `detail`. `company_id` is null for what belongs to no company (a failed
 * sign-in for an unknown email, a verifier key): only the provider team reads those (operator `audit`).
 * `actor_email` is kept as it was at the time, so the trail still reads after a person changes or leaves.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    companyId: uuid('company_id'),
    kind: auditEventKind('kind').notNull(),
    actorKind: actorKind('actor_kind').notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('audit_events_company_at_idx').on(table.companyId, table.at, table.seq),
    index('audit_events_company_kind_at_idx').on(table.companyId, table.kind, table.at),
    // The console's staff trail: the provider team's actions, newest first.
    index('audit_events_actor_kind_at_idx').on(table.actorKind, table.at, table.seq),
  ],
);

/**
 * Which credentials each verifier key verified at the portal, per hour (design §8 "Usage"): a usage
 * report is accepted only for credentials its key verified within the report's hour or the hour before.
 * Written by the usage meter's batches; deleted by the retention sweep with the hourly counts.
 */
export const verifierKeyVerifications = pgTable(
  'verifier_key_verifications',
  {
    verifierKeyId: uuid('verifier_key_id')
      .notNull()
      .references(() => verifierKeys.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.verifierKeyId, table.clientId, table.hour] }),
    index('verifier_key_verifications_hour_idx').on(table.hour),
  ],
);

// Staff accounts of the provider console (design §11 "Staff accounts"): a table family of their own, so
// no customer query, session or token can ever reach a staff member, nor the other way round.
export const staffRole = pgEnum('staff_role', STAFF_ROLES);

export const staffMembers = pgTable('staff_members', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Lower-cased. */
  email: text('email').notNull().unique(),
  role: staffRole('role').notNull(),
  /** Null until the setup link is completed. */
  passwordHash: text('password_hash'),
  /** The TOTP secret, encrypted (AES-256-GCM, staff/totp-secrets.ts); null until enrolled or after a reset. */
  totpSecret: text('totp_secret'),
  /** The last TOTP time step accepted: a code of that step or before is a replay. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: createdAt(),
  disabledAt: moment('disabled_at'),
});

/** A setup link (48 h, single use), with the secret it offers to enrol (encrypted like the member's). */
export const staffSetupLinks = pgTable(
  'staff_setup_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    totpSecret: text('totp_secret').notNull(),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    /** Set when completed or superseded by a newer link. */
    consumedAt: moment('consumed_at'),
  },
  (table) => [index('staff_setup_links_staff_id_idx').on(table.staffId)],
);

/** One-time recovery codes, SHA-256 hashed (80 random bits each); used_at makes each single-use. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: moment('used_at'),
  },
  (table) => [index('staff_recovery_codes_staff_id_idx').on(table.staffId)],
);

/** A staff sign-in: ends 8 hours after it began (expires_at), or when revoked. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
  },
  (table) => [index('staff_sessions_staff_id_idx').on(table.staffId)],
);

export const staffRefreshTokens = pgTable(
  'staff_refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    usedAt: moment('used_at'),
  },
  (table) => [index('staff_refresh_tokens_session_id_idx').on(table.sessionId)],
);
