// Availability checks for the registration form (case-insensitive, rate limited against enumeration).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  emailAvailabilityQuerySchema,
  emailAvailabilityResponseSchema,
  usernameAvailabilityQuerySchema,
  usernameAvailabilityResponseSchema,
} from '@datafeeds/domain';
import { namedLimit } from '../../plugins/external/rate-limit.ts';
import { errorResponses, publicSecurity } from '../schemas.ts';

const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  // One counter per IP for both checks, so alternating between them does not double the budget.
  const availabilityLimit = app.rateLimit(namedLimit('availability', app.rateLimits.availability));

  app.get(API_PATHS.checkUsername, {
    onRequest: availabilityLimit,
    schema: {
      tags: ['users'],
      operationId: 'CheckUsernameRegistered',
      summary: 'Whether a username is taken',
      security: publicSecurity,
      querystring: usernameAvailabilityQuerySchema,
      response: { 200: usernameAvailabilityResponseSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => ({
      usernameRegistered: await app.users.isUsernameRegistered(request.query.username),
    }),
  });

  app.get(API_PATHS.checkEmail, {
    onRequest: availabilityLimit,
    schema: {
      tags: ['users'],
      operationId: 'CheckEmailRegistered',
      summary: 'Whether an email is taken',
      security: publicSecurity,
      querystring: emailAvailabilityQuerySchema,
      response: { 200: emailAvailabilityResponseSchema, ...errorResponses(400, 429) },
    },
    handler: async (request) => ({ emailRegistered: await app.users.isEmailRegistered(request.query.email) }),
  });
};

export default availabilityRoutes;
