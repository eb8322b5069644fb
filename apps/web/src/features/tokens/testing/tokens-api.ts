// Fixtures and a fetch mock for the tokens screens: an in-memory token list behind GetClients,
// DeleteClient, RotateClient and EndRotationGrace, so a test sees the list reload after a change.
import {
  ROTATION_GRACE_SECONDS,
  emptyScope,
  type Client,
  type RotateClientRequest,
  type User,
} from '@datafeeds/domain';
import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { setToken } from '@/lib/auth/session-store';
import { mockFetch, type MockAnswer } from '@/testing/fetch-mock';
import { appConfig, makeClientUsage, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { renderApp } from '@/testing/render';

let sequence = 0;

export function makeClient(overrides: Partial<Client> = {}): Client {
  sequence += 1;
  const n = String(sequence).padStart(5, '0');
  return {
    id: `cli_8f3a2b1c9d0e7f6a5b4c${n}`,
    label: `Feed ${n}`,
    scope: { ...emptyScope(), nfl: true, nflLive: true, mlb: true, mlbLive: true },
    status: 'active',
    inReview: false,
    apiType: 'rest',
    createdAt: '2026-02-01T12:00:00.000Z',
    updatedAt: '2026-02-02T12:00:00.000Z',
    expiredAt: '2026-03-03T12:00:00.000Z',
    lastUsedAt: null,
    rotationGrace: null,
    ...overrides,
  };
}

export const newCredentials = {
  clientId: 'cli_rotated0000000000000000new01',
  clientSecret: 'dfs_live_RotatedSecretValue0123456789abcdefABCDEF_9f1c',
};

interface TokensApiOptions {
  user?: User;
  clients?: Client[];
  /** Replaces the in-memory GetClients answer (a failure, for instance). */
  getClients?: MockAnswer;
  deleteClient?: MockAnswer;
  rotateClient?: MockAnswer;
  endRotationGrace?: MockAnswer;
}

function clientIdOf(body: unknown): string {
  return (body as { clientId: string }).clientId;
}

export function mockTokensApi(options: TokensApiOptions = {}) {
  const store = [...(options.clients ?? [])];
  const notFound = { status: 404, body: { error: 'not_found', message: 'Client not found' } };
  /** Client IDs a rotation replaced → the token's client ID now (GetClients answers 404 with it). */
  const replaced = new Map<string, string>();
  setToken(fakeJwt(900));
  const mock = mockFetch({
    'GET /api/GetUser': { body: options.user ?? makeUser() },
    'GET /api/config': { body: appConfig },
    'GET /api/GetClients': ({ url }) => {
      if (options.getClients) return options.getClients;
      const wanted = new URL(url, 'http://localhost').searchParams.get('clientIds');
      if (wanted === null) return { body: { clients: store } };
      const client = store.find(({ id }) => id === wanted);
      if (client) return { body: { clients: [client] } };
      const replacedBy = replaced.get(wanted);
      return replacedBy ? { status: 404, body: { ...notFound.body, replacedBy } } : notFound;
    },
    // Every token of these tests is unused unless a test says otherwise.
    'GET /api/GetClientUsage': ({ url }) => {
      const query = new URL(url, 'http://localhost').searchParams;
      return { body: makeClientUsage(query.get('clientId') ?? '', { days: Number(query.get('days')) }) };
    },
    'DELETE /api/DeleteClient': ({ body }) => {
      if (options.deleteClient) return options.deleteClient;
      const index = store.findIndex(({ id }) => id === clientIdOf(body));
      if (index < 0) return notFound;
      store.splice(index, 1);
      return { status: 204 };
    },
    'POST /api/RotateClient': ({ body }) => {
      if (options.rotateClient) return options.rotateClient;
      const index = store.findIndex(({ id }) => id === clientIdOf(body));
      const old = store[index];
      if (!old) return notFound;
      const { gracePeriod = 'none' } = body as RotateClientRequest;
      const rotatedAt = new Date().toISOString();
      const endsAt = new Date(Date.now() + ROTATION_GRACE_SECONDS[gracePeriod] * 1000).toISOString();
      const rotationGrace =
        gracePeriod === 'none' ? null : { clientId: old.id, rotatedAt, endsAt, requestsSinceRotation: 0 };
      store.splice(index, 1, { ...old, id: newCredentials.clientId, rotationGrace });
      replaced.set(old.id, newCredentials.clientId);
      return { body: { ...newCredentials, oldSecretWorksUntil: rotationGrace ? endsAt : null } };
    },
    'POST /api/EndRotationGrace': ({ body }) => {
      if (options.endRotationGrace) return options.endRotationGrace;
      const index = store.findIndex(({ id, rotationGrace }) => id === clientIdOf(body) && rotationGrace);
      const client = store[index];
      if (!client) return notFound;
      store.splice(index, 1, { ...client, rotationGrace: null });
      return { status: 204 };
    },
  });
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
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).startsWith('/api/GetClients') ? new Promise<Response>(() => {}) : answer(input, init),
  );
}
