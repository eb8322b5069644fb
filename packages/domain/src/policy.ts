// The policy table (design §9 roles, design §11 console roles): the one place roles live. The API
// refuses with the table's message (403) and the web app hides or disables the action with the same
// sentence as the reason. Customers' roles are within a company; staff roles are the provider team's.
import type { StaffRole } from './staff.ts';

export const COMPANY_ROLES = ['owner', 'admin', 'member'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/**
 * What a role may do beyond reading (every member reads tokens, usage, activity and the team). Members
 * create tokens; admins also rotate and delete any token and manage people; the owner also requests
 * the upgrade and hands ownership over.
 */
export const TEAM_ACTIONS = [
  'createToken',
  'rotateToken',
  'deleteToken',
  'manageTeam',
  'requestUpgrade',
  'transferOwnership',
  'renameCompany',
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

export const ROLE_POLICY: Readonly<Record<TeamAction, readonly CompanyRole[]>> = {
  createToken: ['owner', 'admin', 'member'],
  rotateToken: ['owner', 'admin'],
  deleteToken: ['owner', 'admin'],
  manageTeam: ['owner', 'admin'],
  requestUpgrade: ['owner'],
  transferOwnership: ['owner'],
  renameCompany: ['owner', 'admin'],
};

/** The 403 message, and the reason the app gives beside a disabled or missing action. */
export const ROLE_REFUSALS: Readonly<Record<TeamAction, string>> = {
  createToken: 'Only members of the company can request a token.',
  rotateToken: 'Only an admin or the owner can rotate a token.',
  deleteToken: 'Only an admin or the owner can delete a token.',
  manageTeam: 'Only an admin or the owner can manage the team.',
  requestUpgrade: 'Only the owner can request the upgrade.',
  transferOwnership: 'Only the owner can hand ownership over.',
  renameCompany: "Only an admin or the owner can change the company's name.",
};

export function roleMay(role: CompanyRole | null | undefined, action: TeamAction): boolean {
  return role !== null && role !== undefined && ROLE_POLICY[action].includes(role);
}

/**
 * What a staff role may do in the provider console beyond reading (design §11): `support` reads
 * everything, extends trials and retries the email outbox; `admin` also approves upgrades, changes
 * plans, suspends and reinstates companies, ends token reviews, and manages verifier keys and staff.
 */
export const CONSOLE_ACTIONS = [
  'extendTrial',
  'retryEmail',
  'approveUpgrade',
  'changePlan',
  'suspendCompany',
  'reinstateCompany',
  'endTokenReview',
  'manageVerifierKeys',
  'managePlans',
  'manageStaff',
] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

export const CONSOLE_POLICY: Readonly<Record<ConsoleAction, readonly StaffRole[]>> = {
  extendTrial: ['support', 'admin'],
  retryEmail: ['support', 'admin'],
  approveUpgrade: ['admin'],
  changePlan: ['admin'],
  suspendCompany: ['admin'],
  reinstateCompany: ['admin'],
  endTokenReview: ['admin'],
  manageVerifierKeys: ['admin'],
  managePlans: ['admin'],
  manageStaff: ['admin'],
};

export const CONSOLE_REFUSALS: Readonly<Record<ConsoleAction, string>> = {
  extendTrial: 'Only the provider team can extend a trial.',
  retryEmail: 'Only the provider team can retry an email.',
  approveUpgrade: 'Only a console administrator can approve an upgrade.',
  changePlan: "Only a console administrator can change a company's plan.",
  suspendCompany: 'Only a console administrator can suspend a company.',
  reinstateCompany: 'Only a console administrator can reinstate a company.',
  endTokenReview: "Only a console administrator can end a token's review.",
  manageVerifierKeys: 'Only a console administrator can manage verifier keys.',
  managePlans: 'Only a console administrator can manage plans.',
  manageStaff: 'Only a console administrator can manage staff.',
};

export function staffMay(role: StaffRole | null | undefined, action: ConsoleAction): boolean {
  return role !== null && role !== undefined && CONSOLE_POLICY[action].includes(role);
}
