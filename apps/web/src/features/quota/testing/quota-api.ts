// Test doubles for the quota screens: a signed-in user, the company's tokens, and its quota behind
// GetQuota and SetTokenCap, answered as the server answers (its validation messages, its 404), so a
// test sees the card, the banner and the token details reload after a change.
import {
  TOKEN_MESSAGES,
  ERROR_CODES,
  emptyScope,
  setTokenCapRequestSchema,
  type Client,
  type Quota,
  type User,
} from '@datafeeds/domain';
import { account, system, tokens, users } from '@datafeeds/domain/calls';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls, type DoubleAnswer } from '@/testing/call-doubles';
import {
  appConfig,
  makeClientId,
  makeClientUsage,
  makeQuota,
  makeUser,
  validationFailed,
} from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';

export function makeToken(overrides: Partial<Client> = {}): Client {
  return {
    id: makeClientId('quotatoken01'),
    label: 'Scores app',
    scope: { ...emptyScope(), nfl: true },
    status: 'active',
    inReview: false,
    apiType: 'rest',
    createdAt: '2026-02-01T12:00:00.000Z',
    updatedAt: '2026-02-01T12:00:00.000Z',
    expiredAt: null,
    lastUsedAt: null,
    rotationGrace: null,
    dailyCap: null,
    ...overrides,
  };
}

/** A time today on the local clock ("18:40"), as an ISO string: the screens show it as HH:mm. */
export function localTimeToday(hours: number, minutes: number): string {
  const at = new Date();
  at.setHours(hours, minutes, 0, 0);
  return at.toISOString();
}

interface QuotaApiOptions {
  user?: User;
  quota?: Quota;
  /** Replaces the GetQuota answer (a failure, for instance). */
  getQuota?: DoubleAnswer<typeof account.getQuota>;
  clients?: Client[];
  setTokenCap?: DoubleAnswer<typeof tokens.setTokenCap>;
}

export function mockQuotaApi(options: QuotaApiOptions = {}) {
  const state = {
    user: options.user ?? makeUser(),
    quota: options.quota ?? makeQuota(),
    clients: [...(options.clients ?? [])],
  };
  const notFound = {
    status: 404 as const,
    body: { error: ERROR_CODES.notFound, message: TOKEN_MESSAGES.notFound },
  };
  setToken(fakeJwt(900));
  const mock = mockCalls(
    answer(users.getUser, () => ({ body: state.user })),
    answer(system.config, { body: appConfig }),
    answer(account.getQuota, () => options.getQuota ?? { body: state.quota }),
    answer(tokens.getClients, ({ query }) => {
      const wanted = query.get('clientIds');
      if (wanted === null) return { body: { clients: state.clients } };
      const client = state.clients.find(({ id }) => id === wanted);
      return client ? { body: { clients: [client] } } : notFound;
    }),
    answer(tokens.getClientUsage, ({ query }) => ({
      body: makeClientUsage(query.get('clientId') ?? '', { days: Number(query.get('days')) }),
    })),
    answer(tokens.setTokenCap, ({ body }) => {
      if (options.setTokenCap) return options.setTokenCap;
      const refused = validationFailed(setTokenCapRequestSchema, body);
      if (refused) return refused;
      const index = state.clients.findIndex(({ id }) => id === body.clientId);
      const client = state.clients[index];
      if (!client) return notFound;
      const { dailyCap } = body;
      state.clients.splice(index, 1, { ...client, dailyCap });
      state.quota = {
        ...state.quota,
        tokens: state.quota.tokens.map((token) =>
          token.clientId === body.clientId ? { ...token, dailyCap } : token,
        ),
      };
      return { body: { clientId: body.clientId, dailyCap } };
    }),
  );
  return { ...mock, state };
}
