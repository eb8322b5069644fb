// Query keys of the email-verification feature.
export const emailVerificationKeys = {
  all: ['email-verification'] as const,
  verify: (token: string) => [...emailVerificationKeys.all, 'verify', token] as const,
};
