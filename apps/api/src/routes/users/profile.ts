// The signed-in user's profile: read it, complete it (welcome page) and change it.
import type { FastifyPluginAsync } from 'fastify';
import { users } from '@datafeeds/domain/calls';
import { originOf } from '../../plugins/app/audit/index.ts';
import { plainJsonOnSuccess } from '../schemas.ts';
import { registerCall } from '../register-call.ts';

const profileRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, users.getUser, ({ caller }) => app.accounts.currentUser(caller.identityId), {
    serializerCompiler: plainJsonOnSuccess(200),
  });

  registerCall(app, users.createUser, ({ caller, body }) =>
    app.accounts.createProfile(caller.identityId, body),
  );

  registerCall(app, users.updateUser, ({ caller, body, request }) =>
    app.accounts.updateProfile(caller, originOf(request), body),
  );
};

export default profileRoutes;
