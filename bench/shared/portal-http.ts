// The portal calls a benchmark makes outside its measured loads, through the real HTTP API, and the
// verification link an outbox email holds (read from the database, as an operator would: a portal
// running with NODE_ENV=production never serves the development mailbox).
import pg from 'pg';

/** Headers a bench adds to every call (the client address a proxy would add, say). */
type ExtraHeaders = () => Record<string, string>;

export async function callPortal<T>(
  baseUrl: string,
  path: string,
  init: RequestInit,
  expected: number,
  extraHeaders?: ExtraHeaders,
): Promise<T> {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(extraHeaders?.() ?? {})) headers.set(name, value);
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
  const text = await response.text();
  if (response.status !== expected) {
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  }
  return JSON.parse(text) as T;
}

/** POSTs a JSON body, with a bearer token when given, and expects `expected`. */
export function postToPortal<T>(
  baseUrl: string,
  path: string,
  body: object,
  expected: number,
  options: { bearer?: string | undefined; extraHeaders?: ExtraHeaders } = {},
): Promise<T> {
  return callPortal<T>(
    baseUrl,
    path,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      },
      body: JSON.stringify(body),
    },
    expected,
    options.extraHeaders,
  );
}

/** The verification link's token in the newest outbox email to `email` (no SMTP_URL). */
export async function verificationTokenFor(databaseUrl: string, email: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ links: string[] }>(
      'SELECT links FROM outbox_emails WHERE "to" = $1 ORDER BY seq DESC LIMIT 1',
      [email],
    );
    const link = rows[0]?.links[0];
    const token = link ? new URL(link).searchParams.get('token') : null;
    if (!token) throw new Error(`no verification link for ${email} in the outbox`);
    return token;
  } finally {
    await client.end();
  }
}
