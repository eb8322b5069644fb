// Fixtures and test doubles for the tokens screens: an in-memory token list behind GetClients,
// GetClientUsage, DeleteClient, RotateClient and EndRotationGrace, answering as the server does
// (its messages, its 404 with replacedBy, its 400 for a malformed client ID), so a test sees the list
// reload after a change. The company's quota (the banner, the token's share) is a little use of the trial.
import {
  ERROR_CODES,
  ROTATION_GRACE_SECONDS,
  TOKEN_MESSAGES,
  emptyScope,
  type Client,
  type User,
} from '@datafeeds/domain';
import { account, system, tokens, users } from '@datafeeds/domain/calls';
import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls, type DoubleAnswer } from '@/testing/call-doubles';
import {
  appConfig,
  makeClientId,
  makeClientSecret,
  makeClientUsage,
  makeQuota,
  makeUser,
  validationFailed,
} from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { renderApp } from '@/testing/render';

let sequence = 0;

export function makeClient(overrides: Partial<Client> = {}): Client {
  sequence += 1;
  const n = String(sequence).padStart(5, '0');
  return {
    id: makeClientId(`8f3a2b1c9d0e7f6a5${n}`),
    label: `Feed ${n}`,
    scope: { ...emptyScope(), nfl: true, nflLive: true, mlb: true, mlbLive: true },
    status: 'active',
    inReview: false,
    apiType: 'rest',
    createdAt: '2026-02-01T12:00:00.000Z',
    updatedAt: '2026-02-02T12:00:00.000Z',
    expiredAt: '2026-03-03T12:00:00.000Z',
    lastUsedAt: null,
    dailyCap: null,
    rotationGrace: null,
    ...overrides,
  };
}

/** What every rotation of these tests issues. */
export const newCredentials = {
  clientId: makeClientId('rotated0new01'),
  clientSecret: makeClientSecret('RotatedSecret0123456789'),
};

interface TokensApiOptions {
  user?: User;
  clients?: Client[];
  /** Replaces the in-memory GetClients answer (a failure, for instance). */
  getClients?: DoubleAnswer<typeof tokens.getClients>;
  deleteClient?: DoubleAnswer<typeof tokens.deleteClient>;
  rotateClient?: DoubleAnswer<typeof tokens.rotateClient>;
  endRotationGrace?: DoubleAnswer<typeof tokens.endRotationGrace>;
}

const notFound = (message: string, replacedBy?: string) => ({
  status: 404 as const,
  body: { error: ERROR_CODES.notFound, message, ...(replacedBy ? { replacedBy } : {}) },
});

export function mockTokensApi(options: TokensApiOptions = {}) {
  const store = [...(options.clients ?? [])];
  /** Client IDs a rotation replaced → the token's client ID now (GetClients answers 404 with it). */
  const replaced = new Map<string, string>();
  /** The server's answer when one client ID names no token of the company. */
  const unknown = (clientId: string) => notFound(TOKEN_MESSAGES.notFound, replaced.get(clientId));
  setToken(fakeJwt(900));
  const mock = mockCalls(
    answer(users.getUser, { body: options.user ?? makeUser() }),
    answer(system.config, { body: appConfig }),
    answer(tokens.getClients, ({ query }) => {
      if (options.getClients) return options.getClients;
      const refused = validationFailed(tokens.getClients.query, Object.fromEntries(query));
      if (refused) return refused;
      const wanted = query.get('clientIds');
      if (wanted === null) return { body: { clients: store } };
      const client = store.find(({ id }) => id === wanted);
      return client ? { body: { clients: [client] } } : unknown(wanted);
    }),
    // Every token of these tests is unused unless a test says otherwise.
    answer(tokens.getClientUsage, ({ query }) => {
      const refused = validationFailed(tokens.getClientUsage.query, Object.fromEntries(query));
      if (refused) return refused;
      const clientId = query.get('clientId') ?? '';
      if (!store.some(({ id }) => id === clientId)) return unknown(clientId);
      return { body: makeClientUsage(clientId, { days: Number(query.get('days')) }) };
    }),
    answer(tokens.deleteClient, ({ body }) => {
      if (options.deleteClient) return options.deleteClient;
      const index = store.findIndex(({ id }) => id === body.clientId);
      if (index < 0) return notFound(TOKEN_MESSAGES.notFound);
      store.splice(index, 1);
      return { status: 204 };
    }),
    answer(tokens.rotateClient, ({ body }) => {
      if (options.rotateClient) return options.rotateClient;
      const index = store.findIndex(({ id }) => id === body.clientId);
      const old = store[index];
      if (!old) return notFound(TOKEN_MESSAGES.notFound);
      const { gracePeriod = 'none' } = body;
      const rotatedAt = new Date().toISOString();
      const endsAt = new Date(Date.now() + ROTATION_GRACE_SECONDS[gracePeriod] * 1000).toISOString();
      const rotationGrace =
        gracePeriod === 'none' ? null : { clientId: old.id, rotatedAt, endsAt, requestsSinceRotation: 0 };
      store.splice(index, 1, { ...old, id: newCredentials.clientId, rotationGrace });
      replaced.set(old.id, newCredentials.clientId);
      return { body: { ...newCredentials, oldSecretWorksUntil: rotationGrace ? endsAt : null } };
    }),
    answer(tokens.endRotationGrace, ({ body }) => {
      if (options.endRotationGrace) return options.endRotationGrace;
      const index = store.findIndex(({ id, rotationGrace }) => id === body.clientId && rotationGrace);
      const client = store[index];
      if (!client) return notFound(TOKEN_MESSAGES.noGracePeriod);
      store.splice(index, 1, { ...client, rotationGrace: null });
      return { status: 204 };
    }),
    answer(account.getQuota, { body: makeQuota() }),
  );
  /** Records that a rotation replaced `oldId` by `newId` (a token rotated before the test). */
  const replace = (oldId: string, newId: string) => replaced.set(oldId, newId);
  return { ...mock, store, replace };
}

/** The dashboard, once its greeting shows (the token list may still be loading). */
export async function openDashboard() {
  const rendered = renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: /^Welcome back/ });
  return rendered;
}

export const tableHeaders = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

export const tableBodyRows = () =>
  within(screen.getByRole('table', { name: 'API Tokens' }))
    .getAllByRole('row')
    .slice(1);

/** Leaves every GetClients request unanswered, to show the loading state. */
export function holdGetClients(): void {
  const answerOthers = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    new URL(String(input), 'http://localhost').pathname === tokens.getClients.path
      ? new Promise<Response>(() => {})
      : answerOthers(input, init),
  );
}
