// The company's API tokens (RSC client credentials) and their usage (spec §7, design §3, §8, §9).
import { z } from 'zod';
import {
  clientCredentialsSchema,
  clientIdRequestSchema,
  getClientsQuerySchema,
  getClientsResponseSchema,
} from '../api.ts';
import { setTokenCapRequestSchema, setTokenCapResponseSchema } from '../quota.ts';
import { rotateClientRequestSchema, rotateClientResponseSchema } from '../rotation.ts';
import { clientUsageSchema, getClientUsageQuerySchema } from '../usage.ts';
import { tokenRequestSchema } from '../validation.ts';
import { defineCall } from './define-call.ts';

export const getClients = defineCall({
  method: 'GET',
  path: '/api/GetClients',
  access: { kind: 'member' },
  operationId: 'GetClients',
  tag: 'tokens',
  summary:
    "The company's API tokens, newest first; ?clientIds=<id> answers that one (404 if not yours; a client ID a rotation replaced answers 404 with replacedBy, the token's client ID now)",
  query: getClientsQuerySchema,
  responses: { 200: getClientsResponseSchema },
  errors: [400, 401, 404, 429],
});

export const createClient = defineCall({
  method: 'POST',
  path: '/api/CreateClient',
  access: { kind: 'member', action: 'createToken' },
  operationId: 'CreateClient',
  tag: 'tokens',
  summary: 'Request a token; the client secret is in this answer only',
  body: tokenRequestSchema,
  responses: { 201: clientCredentialsSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const rotateClient = defineCall({
  method: 'POST',
  path: '/api/RotateClient',
  access: { kind: 'member', action: 'rotateToken' },
  operationId: 'RotateClient',
  tag: 'tokens',
  summary:
    'Replace a token by a new one with the same permissions; the old secret stops at once or after the grace period chosen (409 if it is itself a replaced secret)',
  body: rotateClientRequestSchema,
  responses: { 200: rotateClientResponseSchema },
  errors: [400, 401, 403, 404, 409, 429],
});

export const endRotationGrace = defineCall({
  method: 'POST',
  path: '/api/EndRotationGrace',
  access: { kind: 'member', action: 'rotateToken' },
  operationId: 'EndRotationGrace',
  tag: 'tokens',
  summary: "Stop the old secret of a token's rotation now, before its grace period ends",
  body: clientIdRequestSchema,
  responses: { 204: z.null().describe('Ended') },
  errors: [400, 401, 403, 404, 429],
});

export const deleteClient = defineCall({
  method: 'DELETE',
  path: '/api/DeleteClient',
  access: { kind: 'member', action: 'deleteToken' },
  operationId: 'DeleteClient',
  tag: 'tokens',
  summary: 'Delete a token for good',
  body: clientIdRequestSchema,
  responses: { 204: z.null().describe('Deleted') },
  errors: [400, 401, 403, 404, 429],
});

export const getClientUsage = defineCall({
  method: 'GET',
  path: '/api/GetClientUsage',
  access: { kind: 'member' },
  operationId: 'GetClientUsage',
  tag: 'tokens',
  summary:
    "A token's verifications per UTC day by feed, refused ones by code, and when it was last used " +
    '(?days=1–90, default 30; 404 if not yours)',
  query: getClientUsageQuerySchema,
  responses: { 200: clientUsageSchema },
  errors: [400, 401, 404, 429],
});

export const setTokenCap = defineCall({
  method: 'POST',
  path: '/api/SetTokenCap',
  access: { kind: 'member', action: 'rotateToken' },
  operationId: 'SetTokenCap',
  tag: 'tokens',
  summary:
    "Cap a token's requests per UTC day below the plan's quota (null removes the cap); every data feed applies it within a second",
  body: setTokenCapRequestSchema,
  responses: { 200: setTokenCapResponseSchema },
  errors: [400, 401, 403, 404, 429],
});
