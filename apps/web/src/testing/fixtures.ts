import type { AppConfig, User } from '@datafeeds/domain';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    username: 'ada',
    firstName: 'ada',
    lastName: 'Lovelace',
    phone: '5551234567',
    companyName: 'Engines Ltd',
    companyAccountStatus: 'trial',
    emailVerified: true,
    trialEndsAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    upgradeRequestedAt: null,
    ...overrides,
  };
}

export const appConfig: AppConfig = {
  links: {
    roadmap: 'https://example.com/roadmap',
    documentation: 'https://example.com/docs',
    support: 'https://example.com/support',
  },
  analytics: {},
};
