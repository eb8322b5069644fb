// Token test data through the real calls: verified users and token requests with overrides.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Client, ClientCredentials, RotationGracePeriod, TokenRequestInput } from '@datafeeds/domain';
import { auth, tokens } from '@datafeeds/domain/calls';
import { bearer, callTo, latestEmail, linkParam, registerUser, type SignedIn } from './factories.ts';

export const tokenRequest = (overrides: Partial<TokenRequestInput> = {}): TokenRequestInput => ({
  label: 'Scores widget',
  apiType: 'rest',
  liveGame: true,
  preGame: false,
  postGame: false,
  sports: ['nfl', 'nhl'],
  ...overrides,
});

export async function verifyEmailOf(app: FastifyInstance, user: SignedIn): Promise<void> {
  const message = await latestEmail(app, user.registration.email, /Verify/);
  const response = await app.inject({
    ...callTo(auth.verifyEmail),
    payload: { token: linkParam(message, 'token') },
  });
  expect(response.statusCode, response.body).toBe(200);
}

export async function verifiedUser(app: FastifyInstance): Promise<SignedIn> {
  const user = await registerUser(app);
  await verifyEmailOf(app, user);
  return user;
}

export const createClient = (app: FastifyInstance, token: string, payload: object = tokenRequest()) =>
  app.inject({ ...callTo(tokens.createClient), headers: bearer(token), payload });

export async function createdClient(
  app: FastifyInstance,
  token: string,
  overrides: Partial<TokenRequestInput> = {},
): Promise<ClientCredentials> {
  const response = await createClient(app, token, tokenRequest(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ClientCredentials>();
}

export async function listClients(app: FastifyInstance, token: string, clientIds?: string) {
  return app.inject({
    ...callTo(tokens.getClients),
    headers: bearer(token),
    ...(clientIds === undefined ? {} : { query: { clientIds } }),
  });
}

export async function clientsOf(app: FastifyInstance, token: string): Promise<Client[]> {
  const response = await listClients(app, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ clients: Client[] }>().clients;
}

export const rotateClient = (
  app: FastifyInstance,
  token: string,
  clientId: string,
  gracePeriod?: RotationGracePeriod,
) =>
  app.inject({
    ...callTo(tokens.rotateClient),
    headers: bearer(token),
    payload: gracePeriod === undefined ? { clientId } : { clientId, gracePeriod },
  });

export const endRotationGrace = (app: FastifyInstance, token: string, clientId: string) =>
  app.inject({ ...callTo(tokens.endRotationGrace), headers: bearer(token), payload: { clientId } });

export const deleteClient = (app: FastifyInstance, token: string, clientId: string) =>
  app.inject({ ...callTo(tokens.deleteClient), headers: bearer(token), payload: { clientId } });
