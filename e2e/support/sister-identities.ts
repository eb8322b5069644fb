// Accounts of the sister product, imported by the operator command before the server starts. Their
// password hash is left empty, so the import sends each a one-time reset email: the spec signs in
// through that link.
export const SISTER_IDENTITY = {
  email: 'sister.analyst@example.com',
  username: 'sisteranalyst',
};

export const SISTER_IDENTITIES_CSV = `email,username,passwordHash\n${SISTER_IDENTITY.email},${SISTER_IDENTITY.username},\n`;
