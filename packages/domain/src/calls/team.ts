// The Team page's calls and the invitation link's (design §9). Every member reads the team; the rest is
// for those the policy table lets manage it, and handing ownership over for the owner only.
import { z } from 'zod';
import { tokenResponseSchema, userSchema } from '../api.ts';
import {
  acceptInvitationRequestSchema,
  changeMemberRoleRequestSchema,
  getInvitationQuerySchema,
  invitationIdRequestSchema,
  invitationSummarySchema,
  inviteMemberRequestSchema,
  memberIdRequestSchema,
  pendingInvitationSchema,
  registerWithInvitationSchema,
  removalResponseSchema,
  teamMemberSchema,
  teamSchema,
} from '../team.ts';
import { defineCall } from './define-call.ts';

const done = z.null().describe('Done');

export const getTeam = defineCall({
  method: 'GET',
  path: '/api/GetTeam',
  access: { kind: 'member' },
  operationId: 'GetTeam',
  tag: 'team',
  summary: "The company's members and pending invitations (expired ones included)",
  responses: { 200: teamSchema },
  errors: [401, 404, 429],
});

export const inviteMember = defineCall({
  method: 'POST',
  path: '/api/InviteMember',
  access: { kind: 'member', action: 'manageTeam' },
  operationId: 'InviteMember',
  tag: 'team',
  summary: 'Invite a person by email with a role; the link works once, for 7 days',
  body: inviteMemberRequestSchema,
  responses: { 201: pendingInvitationSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const resendInvitation = defineCall({
  method: 'POST',
  path: '/api/ResendInvitation',
  access: { kind: 'member', action: 'manageTeam' },
  operationId: 'ResendInvitation',
  tag: 'team',
  summary: 'Email a new link for a pending invitation (7 days again); the old link stops working',
  body: invitationIdRequestSchema,
  responses: { 200: pendingInvitationSchema },
  errors: [400, 401, 403, 404, 429],
});

export const revokeInvitation = defineCall({
  method: 'POST',
  path: '/api/RevokeInvitation',
  access: { kind: 'member', action: 'manageTeam' },
  operationId: 'RevokeInvitation',
  tag: 'team',
  summary: 'Withdraw a pending invitation: its link stops working',
  body: invitationIdRequestSchema,
  responses: { 204: done },
  errors: [400, 401, 403, 404, 429],
});

export const changeMemberRole = defineCall({
  method: 'POST',
  path: '/api/ChangeMemberRole',
  access: { kind: 'member', action: 'manageTeam' },
  operationId: 'ChangeMemberRole',
  tag: 'team',
  summary: "Make a member an admin or an admin a member (the owner's role changes only by a hand-over)",
  body: changeMemberRoleRequestSchema,
  responses: { 200: teamMemberSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const removeMember = defineCall({
  method: 'POST',
  path: '/api/RemoveMember',
  access: { kind: 'member', action: 'manageTeam' },
  operationId: 'RemoveMember',
  tag: 'team',
  summary: 'Remove a member: their sessions end at once, their tokens stay with the company',
  body: memberIdRequestSchema,
  responses: { 204: done },
  errors: [400, 401, 403, 404, 409, 429],
});

export const transferOwnership = defineCall({
  method: 'POST',
  path: '/api/TransferOwnership',
  access: { kind: 'member', action: 'transferOwnership' },
  operationId: 'TransferOwnership',
  tag: 'team',
  summary: 'Hand ownership to an admin; the owner becomes an admin',
  body: memberIdRequestSchema,
  responses: { 204: done },
  errors: [400, 401, 403, 404, 409, 429],
});

/** No session needed; with a valid one the answer also says whether that account can join. */
export const getInvitation = defineCall({
  method: 'GET',
  path: '/api/GetInvitation',
  access: { kind: 'public' },
  operationId: 'GetInvitation',
  tag: 'team',
  summary:
    'What an invitation link offers (with a session: whether that account can join, and why not); ' +
    '404 invitation_invalid, 410 invitation_expired/revoked/used/superseded otherwise',
  query: getInvitationQuerySchema,
  responses: { 200: invitationSummarySchema },
  errors: [400, 404, 410, 429],
});

export const getRemoval = defineCall({
  method: 'GET',
  path: '/api/GetRemoval',
  access: { kind: 'signedIn' },
  operationId: 'GetRemoval',
  tag: 'team',
  summary: 'For a signed-in account without a company: the company it was removed from, by whom, when',
  responses: { 200: removalResponseSchema },
  errors: [401],
});

export const registerWithInvitation = defineCall({
  method: 'POST',
  path: '/api/RegisterWithInvitation',
  access: { kind: 'public' },
  operationId: 'RegisterWithInvitation',
  tag: 'team',
  summary: "Create an account with the invitation's email in the inviter's company, and sign in",
  body: registerWithInvitationSchema,
  responses: { 201: tokenResponseSchema },
  errors: [400, 404, 409, 410, 429],
});

export const acceptInvitation = defineCall({
  method: 'POST',
  path: '/api/AcceptInvitation',
  access: { kind: 'signedIn' },
  operationId: 'AcceptInvitation',
  tag: 'team',
  summary: 'Join the inviting company with the signed-in account (one without a company)',
  body: acceptInvitationRequestSchema,
  responses: { 200: userSchema },
  errors: [400, 401, 403, 404, 409, 410, 429],
});
