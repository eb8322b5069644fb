// Accounts of the sister product, imported by the operator command before the server starts. Their
// password hash is left empty, so the import sends each a one-time reset email: the spec signs in
// through that link. A reset link works once, so each spec that signs one in has its own identity.
export interface SisterIdentity {
  email: string;
  username: string;
}

export const SISTER_IDENTITY: SisterIdentity = {
  email: 'sister.analyst@example.com',
  username: 'sisteranalyst',
};

/**
 * For the specs that only look at /welcome (accessibility, layout, screenshots), so the story above stays
 * intact and specs running side by side never race for one reset link.
 */
export const SISTER_IDENTITIES_FOR_CHECKS = {
  accessibility: { email: 'sister.accessibility@example.com', username: 'sisteraccessibility' },
  layout: { email: 'sister.layout@example.com', username: 'sisterlayout' },
  screenshots: { email: 'sister.screenshots@example.com', username: 'sisterscreenshots' },
} satisfies Record<string, SisterIdentity>;

/** Joins a company through an invitation instead of making one on /welcome (design §9). */
export const SISTER_IDENTITY_INVITED: SisterIdentity = {
  email: 'sister.invited@example.com',
  username: 'sisterinvited',
};

export const SISTER_IDENTITIES_CSV = [
  'email,username,passwordHash',
  ...[SISTER_IDENTITY, SISTER_IDENTITY_INVITED, ...Object.values(SISTER_IDENTITIES_FOR_CHECKS)].map(
    ({ email, username }) => `${email},${username},`,
  ),
  '',
].join('\n');
