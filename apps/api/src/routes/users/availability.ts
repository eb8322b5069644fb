// Availability checks for the registration form (case-insensitive, rate limited against enumeration).
import type { FastifyPluginAsync } from 'fastify';
import { users } from '@datafeeds/domain/calls';
import { namedLimit } from '../../plugins/external/rate-limit.ts';
import { registerCall } from '../register-call.ts';

const availabilityRoutes: FastifyPluginAsync = async (app) => {
  const availabilityLimit = {
    onRequest: [app.rateLimit(namedLimit('availability', app.rateLimits.availability))],
  };

  registerCall(
    app,
    users.checkUsernameRegistered,
    async ({ query }) => ({ usernameRegistered: await app.users.isUsernameRegistered(query.username) }),
    availabilityLimit,
  );

  registerCall(
    app,
    users.checkEmailRegistered,
    async ({ query }) => ({ emailRegistered: await app.users.isEmailRegistered(query.email) }),
    availabilityLimit,
  );
};

export default availabilityRoutes;
