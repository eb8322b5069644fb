// The SQL the portal runs per GetUser, GetClients and console company search call, as drizzle writes it
// (read with `.toSQL()` on the portal's own query builders: sessions-service.ts, users-repository.ts
// getUser, tokens-repository.ts list, staff/staff-sessions.ts authenticate, and console/company-directory.ts
// searchStatement for figure 4's search), and under the same statement names where the portal prepares
// them. The baseline runs exactly these, so the ratio shows what the portal adds around the database, not
// a different query or protocol. Change them with the portal's queries.
export const BARE_SQL = {
  /**
   * sessions-service.ts authenticate: the session is live, and the caller's company and role (every
   * authenticated call, design §2 "Who is calling"); prepared.
   */
  session:
    'select "profiles"."company_id", "profiles"."role" from "sessions" left join "profiles" on ' +
    '"profiles"."identity_id" = "sessions"."identity_id" where ("sessions"."id" = $1 and ' +
    '"sessions"."identity_id" = $2 and "sessions"."revoked_at" is null)',
  /** users-repository.ts getUser (GetUser), with the open upgrade request; prepared. */
  user:
    'select "identities"."id", "identities"."email", "identities"."username", ' +
    '"identities"."email_verified_at", "identities"."created_at", "profiles"."first_name", ' +
    '"profiles"."last_name", "profiles"."phone", "profiles"."role", "profiles"."trial_reminders", ' +
    '"companies"."name", "companies"."account_status", "companies"."suspended_from", ' +
    '"companies"."trial_ends_at", ' +
    '"upgrade_requests"."requested_at" from "identities" inner join "profiles" on ' +
    '"profiles"."identity_id" = "identities"."id" inner join "companies" on "companies"."id" = ' +
    '"profiles"."company_id" left join "upgrade_requests" on ("upgrade_requests"."company_id" = ' +
    '"companies"."id" and "upgrade_requests"."status" = $1) where "identities"."id" = $2',
  /**
   * tokens-repository.ts list (GetClients: the company's live tokens, newest first, each with the secret
   * its rotation still lets verify and that one's requests since); prepared. The company comes from the
   * session query, so GetClients is two round trips, as in the portal.
   */
  clients:
    'select "api_clients"."client_id", "api_clients"."label", "api_clients"."scope", ' +
    '"api_clients"."status", "api_clients"."in_review", "api_clients"."api_type", ' +
    '"api_clients"."created_at", "api_clients"."updated_at", "api_clients"."expired_at", ' +
    'greatest("api_clients"."last_used_at", "retiring"."last_used_at"), "retiring"."client_id", ' +
    '"retiring"."retires_at", case when ' +
    '"retiring"."client_id" is null then null else (\n    select coalesce(sum(' +
    '"credential_usage_hourly"."count"), 0)::int from "credential_usage_hourly"\n    where ' +
    '"credential_usage_hourly"."client_id" = "retiring"."client_id"\n      and ' +
    '"credential_usage_hourly"."hour" >= date_trunc(\'hour\', "api_clients"."created_at" at time zone ' +
    '\'UTC\') at time zone \'UTC\'\n  ) - coalesce("retiring"."requests_before_rotation", 0)::int end, ' +
    '"api_clients"."daily_cap" from "api_clients" left join "api_clients" "retiring" on ' +
    '("retiring"."replaced_by" = "api_clients"."client_id" and "retiring"."company_id" = ' +
    '"api_clients"."company_id") where ("api_clients"."company_id" = $1 and ' +
    '"api_clients"."retires_at" is null) order by "api_clients"."created_at" desc, "api_clients"."id" desc',
  /**
   * staff/staff-sessions.ts authenticate: the console session is live and its member enabled (every
   * console call); unnamed. $3 is the time now.
   */
  staffSession:
    'select "staff_members"."email", "staff_members"."role" from "staff_sessions" inner join ' +
    '"staff_members" on "staff_members"."id" = "staff_sessions"."staff_id" where ("staff_sessions"."id" = $1 ' +
    'and "staff_sessions"."staff_id" = $2 and "staff_sessions"."revoked_at" is null and ' +
    '"staff_sessions"."expires_at" > $3 and "staff_members"."disabled_at" is null)',
  /**
   * console/company-directory.ts searchStatement for a search `q` sorted by name, first page
   * ($1 and $2 the text, $3 the client ID part as a LIKE prefix, $4 it reversed as one (the end of a client
   * ID), $5 the page size, $6 the offset); unnamed, a raw
   * statement answered as objects. The page and the total over every page in one statement.
   */
  companySearch: `SELECT c.id, c.name, c.account_status, c.plan_name, c.trial_ends_at, c.created_at, c.total,
    (SELECT i.email FROM profiles p JOIN identities i ON i.id = p.identity_id
      WHERE p.company_id = c.id AND p.role = 'owner') AS owner_email,
    (SELECT count(*)::int FROM profiles p WHERE p.company_id = c.id) AS members,
    (SELECT count(*)::int FROM api_clients a WHERE a.company_id = c.id AND a.retires_at IS NULL) AS tokens,
    EXISTS (SELECT 1 FROM upgrade_requests u WHERE u.company_id = c.id AND u.status = 'open') AS upgrade_requested
  FROM (SELECT c.id, c.name, c.account_status, c.plan_name, c.trial_ends_at, c.created_at,
      count(*) OVER ()::int AS total
    FROM companies c
    WHERE TRUE AND (strpos(lower(c.name), lower($1)) > 0
    OR c.id IN (SELECT p.company_id FROM profiles p JOIN identities i ON i.id = p.identity_id
                WHERE strpos(lower(i.email), lower($2)) > 0)
    OR c.id IN (SELECT a.company_id FROM api_clients a
                WHERE a.client_id LIKE $3 OR reverse(a.client_id) LIKE $4))
    ORDER BY lower(c.name) ASC, c.id ASC
    LIMIT $5 OFFSET $6) AS c ORDER BY lower(c.name) ASC, c.id ASC`,
} as const;

/** The names the portal prepares them under (undefined: the portal sends that one unnamed). */
export const BARE_STATEMENT_NAMES: Partial<Record<keyof typeof BARE_SQL, string>> = {
  session: 'sessions_live',
  user: 'users_get_user',
  clients: 'tokens_list_all',
};
