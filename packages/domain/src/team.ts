// Companies as teams (design §9): the roles' names, the rules about the member a change is for, and
// the calls of the Team page and of invitations. What each role may do is in the policy table
// (policy.ts), beside the provider console's.
import { z } from 'zod';
import { emailField, optionalPhoneField, passwordField, registerSchema } from './validation.ts';
import { COMPANY_ROLES, type CompanyRole } from './policy.ts';

export const COMPANY_ROLE_LABELS: Readonly<Record<CompanyRole, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

/** A role as a sentence names it: "an admin", "a member" (the snackbar after a change, the invitation email). */
export function roleWithArticle(role: CompanyRole): string {
  const name = COMPANY_ROLE_LABELS[role].toLowerCase();
  return `${/^[aeiou]/.test(name) ? 'an' : 'a'} ${name}`;
}

/** The roles an invitation or a role change may give: ownership only moves by a hand-over. */
export const ASSIGNABLE_ROLES = ['admin', 'member'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * The rules the table cannot say, because they are about the member a change is for rather than the
 * caller's role (design §9). Each answers the sentence the API refuses with (409), or null when the
 * change may go ahead; the web app offers only the changes that answer null. The caller's own role is
 * the table's business (roleMay), checked before these.
 */
interface ChangedMember {
  id: string;
  role: CompanyRole;
}

/** The owner's role moves only by a hand-over (ChangeMemberRole). */
export function roleChangeRefusal(target: Pick<ChangedMember, 'role'>): string | null {
  return target.role === 'owner' ? TEAM_MESSAGES.cannotChangeOwner : null;
}

/** Nobody removes the owner (ownership is handed over first), nor themselves (RemoveMember). */
export function removalRefusal(callerId: string, target: ChangedMember): string | null {
  if (target.role === 'owner') return TEAM_MESSAGES.cannotRemoveOwner;
  return target.id === callerId ? TEAM_MESSAGES.cannotRemoveSelf : null;
}

/** Ownership goes only to an admin (TransferOwnership). */
export function handOverRefusal(target: Pick<ChangedMember, 'role'>): string | null {
  return target.role === 'admin' ? null : TEAM_MESSAGES.transferToAdminOnly;
}

/**
 * Who the account's emails reach (design §9 "Emails"): trial reminders (unless turned off) and the
 * notices about API tokens go to the owner and admins; a member receives none of them. A password
 * change is told to that person whatever their role.
 */
export const ACCOUNT_EMAIL_ROLES: readonly CompanyRole[] = ['owner', 'admin'];

export function receivesAccountEmails(role: CompanyRole): boolean {
  return ACCOUNT_EMAIL_ROLES.includes(role);
}

/** An invitation link is valid this long (design §9). */
export const INVITATION_TTL_DAYS = 7;

export const TEAM_MESSAGES = {
  alreadyMember: 'This person is already a member of your company.',
  alreadyInvited: 'This email already has a pending invitation. Resend it instead.',
  /** One company per person: the accepting identity already belongs to another company. */
  otherCompany:
    'This account already belongs to another company. A person can belong to one company only: ' +
    'sign in with another account, or ask to be removed from the other company first.',
  invitationEmailMismatch: 'This invitation was sent to another email address.',
  invitationInvalid: 'This invitation link is not valid. Check that you copied the whole link.',
  invitationExpired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  invitationRevoked: 'This invitation was withdrawn. Ask the person who invited you for a new one.',
  invitationUsed: 'This invitation has already been accepted. Sign in to continue.',
  invitationSuperseded:
    'A newer link was sent for this invitation. Use the link in the latest email, or ask the person who ' +
    'invited you to send it again.',
  cannotChangeOwner: "The owner's role changes only when ownership is handed over.",
  cannotRemoveOwner: 'The owner cannot be removed. Hand ownership over first.',
  cannotRemoveSelf: 'You cannot remove yourself from the team.',
  transferToAdminOnly: 'Ownership can only be handed to an admin.',
  memberNotFound: 'No member with this id was found in your company.',
  invitationNotFound: 'No pending invitation with this id was found in your company.',
} as const;

/** Why an invitation link cannot be used (GetInvitation's 404/410 `error` codes). */
export const INVITATION_PROBLEMS = [
  'invitation_invalid',
  'invitation_expired',
  'invitation_revoked',
  'invitation_used',
  /** The link of an invitation that was resent since: the newer email holds the working one. */
  'invitation_superseded',
] as const;
export type InvitationProblem = (typeof INVITATION_PROBLEMS)[number];

export const INVITATION_PROBLEM_MESSAGES: Readonly<Record<InvitationProblem, string>> = {
  invitation_invalid: TEAM_MESSAGES.invitationInvalid,
  invitation_expired: TEAM_MESSAGES.invitationExpired,
  invitation_revoked: TEAM_MESSAGES.invitationRevoked,
  invitation_used: TEAM_MESSAGES.invitationUsed,
  invitation_superseded: TEAM_MESSAGES.invitationSuperseded,
};

/**
 * Why a signed-in account cannot join through a link it may open: another address than the invited one,
 * already in another company (one company per person), or already in this one. The accept page says it
 * before the click (GetInvitation's `caller`); AcceptInvitation refuses with the same sentence.
 */
export const JOIN_REFUSALS = ['email_mismatch', 'other_company', 'already_member'] as const;
export type JoinRefusal = (typeof JOIN_REFUSALS)[number];

export const JOIN_REFUSAL_MESSAGES: Readonly<Record<JoinRefusal, string>> = {
  email_mismatch: TEAM_MESSAGES.invitationEmailMismatch,
  other_company: TEAM_MESSAGES.otherCompany,
  already_member: TEAM_MESSAGES.alreadyMember,
};

export const teamMemberSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.enum(COMPANY_ROLES),
    joinedAt: z.string(),
  })
  .meta({ id: 'TeamMember' });

export const pendingInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ASSIGNABLE_ROLES),
    /** Who sent it (first and last name), or null when that person has left. */
    invitedBy: z.string().nullable(),
    createdAt: z.string(),
    /** When the current link stops working (a resend gives a new link and a new 7 days). */
    expiresAt: z.string(),
  })
  .meta({ id: 'PendingInvitation' });

export const teamSchema = z
  .object({
    members: z.array(teamMemberSchema),
    /** Pending invitations (not accepted, not revoked), expired ones included so they can be resent. */
    invitations: z.array(pendingInvitationSchema),
  })
  .meta({ id: 'Team' });

export const inviteMemberRequestSchema = z.strictObject({
  email: emailField,
  role: z.enum(ASSIGNABLE_ROLES),
});
export const invitationIdRequestSchema = z.strictObject({ invitationId: z.string().min(1).max(200) });
export const memberIdRequestSchema = z.strictObject({ memberId: z.string().min(1).max(200) });
export const changeMemberRoleRequestSchema = z.strictObject({
  memberId: z.string().min(1).max(200),
  role: z.enum(ASSIGNABLE_ROLES),
});

/** The invitation token from the emailed link `/accept-invitation?token=…`. */
export const invitationTokenSchema = z.string().min(1).max(200);
export const getInvitationQuerySchema = z.object({ token: invitationTokenSchema });

/** What the accept page shows before the person decides. */
export const invitationSummarySchema = z
  .object({
    email: z.string(),
    companyName: z.string(),
    role: z.enum(ASSIGNABLE_ROLES),
    invitedBy: z.string().nullable(),
    expiresAt: z.string(),
    /** Whether an identity with this email exists: the page offers sign-in instead of registration. */
    accountExists: z.boolean(),
    /**
     * Only when the request carries a valid session: whether that account can join through this link,
     * and if not why (`refusal`), so the page says it before the click. Absent for anyone signed out.
     */
    caller: z
      .object({
        email: z.string(),
        canJoin: z.boolean(),
        refusal: z.enum(JOIN_REFUSALS).nullable(),
      })
      .optional(),
  })
  .meta({ id: 'InvitationSummary' });

/**
 * GetRemoval: why a signed-in account has no company, when it was removed from one — which company, by
 * whom and when (names as they were then). Null for an account in a company, or never removed.
 */
export const removalResponseSchema = z
  .object({
    removal: z
      .object({ companyName: z.string(), removedBy: z.string().nullable(), removedAt: z.string() })
      .nullable(),
  })
  .meta({ id: 'Removal' });

/**
 * A signed-in person without a company joins the inviter's company. Such an identity (a sister-product
 * import, a removed member) has no profile to take names from: the page may ask for them; without them
 * the username stands in for the first name until the person changes it on the profile page.
 */
export const acceptInvitationRequestSchema = z.strictObject({
  token: invitationTokenSchema,
  firstName: registerSchema.shape.firstName.optional(),
  lastName: registerSchema.shape.lastName.optional(),
});

/** A new person registers through the link: the email is the invitation's, no company fields. */
export const registerWithInvitationSchema = z.object({
  token: invitationTokenSchema,
  firstName: registerSchema.shape.firstName,
  lastName: registerSchema.shape.lastName,
  username: registerSchema.shape.username,
  password: passwordField(),
  phone: optionalPhoneField.optional().default(''),
  userHasAgreedToTermsOfService: registerSchema.shape.userHasAgreedToTermsOfService,
  userHasReadPrivacyPolicy: registerSchema.shape.userHasReadPrivacyPolicy,
});

export type TeamMember = z.infer<typeof teamMemberSchema>;
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export type Team = z.infer<typeof teamSchema>;
export type InviteMemberRequest = z.input<typeof inviteMemberRequestSchema>;
export type ChangeMemberRoleRequest = z.infer<typeof changeMemberRoleRequestSchema>;
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;
export type RemovalResponse = z.infer<typeof removalResponseSchema>;
export type RegisterWithInvitationInput = z.input<typeof registerWithInvitationSchema>;
export type RegisterWithInvitationRequest = z.output<typeof registerWithInvitationSchema>;
