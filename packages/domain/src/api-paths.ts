// The path of every call of spec §7, from before each call had its contract (design §1). Only the web
// app's older test answers (apps/web/src/testing/server-answers.ts) still name calls this way; everything
// else names a call by its contract (`@datafeeds/domain/calls`), and this list goes with their last use.
export const API_PATHS = {
  register: '/api/register',
  login: '/api/login',
  logout: '/api/logout',
  refresh: '/refresh',
  /** Sign-out that also reaches the refresh cookie, which is sent only under /refresh. */
  refreshLogout: '/refresh/logout',
  getUser: '/api/GetUser',
  createUser: '/api/CreateUser',
  updateUser: '/api/UpdateUser',
  checkUsername: '/api/CheckUsernameRegistered',
  checkEmail: '/api/CheckEmailRegistered',
  forgotPassword: '/api/forgotPassword',
  resetPassword: '/api/resetPassword',
  verifyEmail: '/api/verifyEmail',
  resendVerification: '/api/resendVerification',
  health: '/api/health',
  /** 200 while the process serves at all (restart it otherwise); checks nothing else. */
  liveness: '/api/health/live',
  /** The same answer as `health`: 200 only while the portal can serve requests (route traffic here). */
  readiness: '/api/health/ready',
  config: '/api/config',
  getClients: '/api/GetClients',
  createClient: '/api/CreateClient',
  deleteClient: '/api/DeleteClient',
  rotateClient: '/api/RotateClient',
  upgradeAccount: '/api/UpgradeAccount',
  /** A credential's verifications by day and feed (design §8 "Usage"). */
  getClientUsage: '/api/GetClientUsage',
  /** The company's audit trail, a page at a time (design §8 "Audit log"). */
  getActivity: '/api/GetActivity',
  /** The same trail as CSV, every row the filter matches. */
  exportActivity: '/api/ExportActivity',
  /** Ends a rotation's grace period now: the replaced secret stops verifying (design §9). */
  endRotationGrace: '/api/EndRotationGrace',
  /** The company's members and pending invitations (design §9). */
  getTeam: '/api/GetTeam',
  inviteMember: '/api/InviteMember',
  resendInvitation: '/api/ResendInvitation',
  revokeInvitation: '/api/RevokeInvitation',
  changeMemberRole: '/api/ChangeMemberRole',
  /** Removes a member: their sessions end at once, their tokens stay with the company. */
  removeMember: '/api/RemoveMember',
  transferOwnership: '/api/TransferOwnership',
  /** What an invitation link offers (no session needed): company, role, email. */
  getInvitation: '/api/GetInvitation',
  /** A signed-in person without a company joins through an invitation. */
  acceptInvitation: '/api/AcceptInvitation',
  /** Which company a signed-in account without one was removed from, by whom and when. */
  getRemoval: '/api/GetRemoval',
  /** A new person registers through an invitation: email fixed, no company fields. */
  registerWithInvitation: '/api/RegisterWithInvitation',
  openapi: '/api/openapi.json',
} as const;
