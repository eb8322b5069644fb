// The Team page's calls (design §9); who may make each is in its contract (@datafeeds/domain/calls).
import type { FastifyPluginAsync } from 'fastify';
import { team } from '@datafeeds/domain/calls';
import { originOf } from '../../plugins/app/audit/index.ts';
import { namedLimit } from '../../plugins/external/rate-limit.ts';
import { registerCall } from '../register-call.ts';

const teamRoutes: FastifyPluginAsync = async (app) => {
  // One counter for InviteMember and ResendInvitation: each emails an address the caller chose.
  const invitationsLimit = {
    onRequest: [app.rateLimit(namedLimit('invitations', app.rateLimits.invitations))],
  };

  registerCall(app, team.getTeam, ({ caller }) => app.team.get(caller));

  registerCall(
    app,
    team.inviteMember,
    ({ caller, body, request }) => app.team.invite(caller, body, originOf(request)),
    invitationsLimit,
  );

  registerCall(
    app,
    team.resendInvitation,
    ({ caller, body, request }) => app.team.resend(caller, body.invitationId, originOf(request)),
    invitationsLimit,
  );

  registerCall(app, team.revokeInvitation, ({ caller, body, request }) =>
    app.team.revoke(caller, body.invitationId, originOf(request)),
  );

  registerCall(app, team.changeMemberRole, ({ caller, body, request }) =>
    app.team.changeRole(caller, body, originOf(request)),
  );

  registerCall(app, team.removeMember, ({ caller, body, request }) =>
    app.team.remove(caller, body.memberId, originOf(request)),
  );

  registerCall(app, team.transferOwnership, ({ caller, body, request }) =>
    app.team.transferOwnership(caller, body.memberId, originOf(request)),
  );
};

export default teamRoutes;
