// API credentials of the caller's company (spec §7): list, fetch, request, rotate, delete.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  clientCredentialsSchema,
  clientIdRequestSchema,
  getClientsQuerySchema,
  getClientsResponseSchema,
  parseClientIdList,
  rotateClientRequestSchema,
  rotateClientResponseSchema,
  tokenRequestSchema,
} from '@datafeeds/domain';
import { memberOf } from '../../plugins/app/authentication.ts';
import { originOf } from '../../plugins/app/audit/request-origin.ts';
import { namedLimit } from '../../plugins/external/rate-limit.ts';
import { bearerSecurity, errorResponses, plainJsonOnSuccess } from '../schemas.ts';

const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  // One counter for CreateClient and RotateClient: each issues a new secret.
  const credentialsLimit = app.rateLimit(namedLimit('credentials', app.rateLimits.credentials));

  app.get(API_PATHS.getClients, {
    onRequest: app.authenticate,
    serializerCompiler: plainJsonOnSuccess(200),
    schema: {
      tags: ['tokens'],
      operationId: 'GetClients',
      summary:
        "The company's API tokens, newest first; ?clientIds=<id> answers that one (404 if not yours; a client ID a rotation replaced answers 404 with replacedBy, the token's client ID now)",
      security: bearerSecurity,
      querystring: getClientsQuerySchema,
      response: { 200: getClientsResponseSchema, ...errorResponses(400, 401, 404, 429) },
    },
    handler: async (request) => ({
      clients: await app.tokens.list(
        memberOf(request),
        request.query.clientIds === undefined ? undefined : parseClientIdList(request.query.clientIds),
      ),
    }),
  });

  app.post(API_PATHS.createClient, {
    onRequest: [app.authenticate, app.allow('createToken'), credentialsLimit],
    schema: {
      tags: ['tokens'],
      operationId: 'CreateClient',
      summary: 'Request a token; the client secret is in this answer only',
      security: bearerSecurity,
      body: tokenRequestSchema,
      response: { 201: clientCredentialsSchema, ...errorResponses(400, 401, 403, 404, 429) },
    },
    handler: async (request, reply) => {
      const credentials = await app.tokens.create(memberOf(request), request.body, originOf(request));
      return reply.code(201).send(credentials);
    },
  });

  app.post(API_PATHS.rotateClient, {
    onRequest: [app.authenticate, app.allow('rotateToken'), credentialsLimit],
    schema: {
      tags: ['tokens'],
      operationId: 'RotateClient',
      summary:
        'Replace a token by a new one with the same permissions; the old secret stops at once or after the grace period chosen (409 if it is itself a replaced secret)',
      security: bearerSecurity,
      body: rotateClientRequestSchema,
      response: { 200: rotateClientResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request) => {
      const { clientId, gracePeriod } = request.body;
      return app.tokens.rotate(memberOf(request), clientId, gracePeriod, originOf(request));
    },
  });

  app.post(API_PATHS.endRotationGrace, {
    onRequest: [app.authenticate, app.allow('rotateToken')],
    schema: {
      tags: ['tokens'],
      operationId: 'EndRotationGrace',
      summary: "Stop the old secret of a token's rotation now, before its grace period ends",
      security: bearerSecurity,
      body: clientIdRequestSchema,
      response: { 204: z.null().describe('Ended'), ...errorResponses(400, 401, 403, 404, 429) },
    },
    handler: async (request, reply) => {
      await app.tokens.endGrace(memberOf(request), request.body.clientId, originOf(request));
      return reply.code(204).send(null);
    },
  });

  app.delete(API_PATHS.deleteClient, {
    onRequest: [app.authenticate, app.allow('deleteToken')],
    schema: {
      tags: ['tokens'],
      operationId: 'DeleteClient',
      summary: 'Delete a token for good',
      security: bearerSecurity,
      body: clientIdRequestSchema,
      response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 429) },
    },
    handler: async (request, reply) => {
      await app.tokens.remove(memberOf(request), request.body.clientId, originOf(request));
      return reply.code(204).send(null);
    },
  });
};

export default clientsRoutes;
