// The data feed's calls are authorised by a verifier key, not a person's session (openapi.ts names it).
export const verifierSecurity = [{ verifierKey: [] }];
