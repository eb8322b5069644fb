// The signed-in user's profile: read it, complete it (welcome page) and change it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, updateUserRequestSchema, userSchema, welcomeRequestSchema } from '@datafeeds/domain';
import { authOf } from '../../plugins/app/authentication.ts';
import { originOf } from '../../plugins/app/audit/request-origin.ts';
import { bearerSecurity, errorResponses, plainJsonOnSuccess } from '../schemas.ts';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(API_PATHS.getUser, {
    onRequest: app.authenticate,
    serializerCompiler: plainJsonOnSuccess(200),
    schema: {
      tags: ['users'],
      operationId: 'GetUser',
      summary: 'The signed-in user; 404 profile_not_found when the profile is still to be completed',
      security: bearerSecurity,
      response: { 200: userSchema, ...errorResponses(401, 404, 429) },
    },
    handler: async (request) => app.accounts.currentUser(authOf(request).identityId),
  });

  app.post(API_PATHS.createUser, {
    onRequest: app.authenticate,
    schema: {
      tags: ['users'],
      operationId: 'CreateUser',
      summary: 'Complete the profile of an account that has none (creates profile and trial company)',
      security: bearerSecurity,
      body: welcomeRequestSchema,
      response: { 201: userSchema, ...errorResponses(400, 401, 409, 429) },
    },
    handler: async (request, reply) => {
      const user = await app.accounts.createProfile(authOf(request).identityId, request.body);
      return reply.code(201).send(user);
    },
  });

  app.put(API_PATHS.updateUser, {
    onRequest: app.authenticate,
    schema: {
      tags: ['users'],
      operationId: 'UpdateUser',
      summary: 'Change names, company name and password; a password change signs out every other session',
      security: bearerSecurity,
      body: updateUserRequestSchema,
      response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
    handler: async (request) => app.accounts.updateProfile(authOf(request), originOf(request), request.body),
  });
};

export default profileRoutes;
