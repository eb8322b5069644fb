// The SQL the portal runs per GetUser and GetClients call, as drizzle writes it (read with `.toSQL()` on
// the portal's own query builders: sessions-service.ts, users-repository.ts getUser, tokens-repository.ts
// callerCompany and list), and under the same statement names where the portal prepares them. The
// baseline runs exactly these, so the ratio shows what the portal adds around the database, not a
// different query or protocol. Change them with the portal's queries.
export const BARE_SQL = {
  /** sessions-service.ts authenticate: the session is live (every authenticated call); prepared. */
  session:
    'select "id" from "sessions" where ("sessions"."id" = $1 and "sessions"."identity_id" = $2 and ' +
    '"sessions"."revoked_at" is null)',
  /** users-repository.ts getUser (GetUser); prepared. */
  user:
    'select "identities"."id", "identities"."email", "identities"."username", ' +
    '"identities"."email_verified_at", "identities"."created_at", "profiles"."first_name", ' +
    '"profiles"."last_name", "profiles"."phone", "companies"."name", "companies"."account_status", ' +
    '"companies"."trial_ends_at" from "identities" inner join "profiles" on "profiles"."identity_id" = ' +
    '"identities"."id" inner join "companies" on "companies"."id" = "profiles"."company_id" ' +
    'where "identities"."id" = $1',
  /** tokens-repository.ts callerCompany (GetClients); prepared. */
  callerCompany:
    'select "companies"."id", "companies"."account_status", "companies"."trial_ends_at", ' +
    '"identities"."email_verified_at" from "profiles" inner join "companies" on "companies"."id" = ' +
    '"profiles"."company_id" inner join "identities" on "identities"."id" = "profiles"."identity_id" ' +
    'where "profiles"."identity_id" = $1',
  /** tokens-repository.ts list (GetClients, every token of the company, newest first); prepared. */
  clients:
    'select "client_id", "label", "scope", "status", "in_review", "api_type", "created_at", "updated_at", ' +
    '"expired_at" from "api_clients" where "api_clients"."company_id" = $1 order by ' +
    '"api_clients"."created_at" desc, "api_clients"."id" desc',
} as const;

/** The names the portal prepares them under (undefined: the portal sends that one unnamed). */
export const BARE_STATEMENT_NAMES: Partial<Record<keyof typeof BARE_SQL, string>> = {
  session: 'sessions_live',
  user: 'users_get_user',
  callerCompany: 'tokens_caller_company',
  clients: 'tokens_list_all',
};
