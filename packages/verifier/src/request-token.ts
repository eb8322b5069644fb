// Where a data feed finds the RSC token: the `RSC_token` query parameter (the feed's convention, what
// customers paste into a URL) or, for clients that keep secrets out of URLs, `Authorization: Bearer`.
// Framework-neutral: a URL and a header map are all it needs.

export const TOKEN_QUERY_PARAMETER = 'RSC_token';

export interface RequestLike {
  /** The request target as received: path and query, e.g. /api/v1/live/2026-11-23/NFL?RSC_token=… */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

function decodeQueryValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return undefined; // broken percent-encoding: not a token anyone could have meant
  }
}

/** The first `RSC_token` of the query string, decoded; undefined when absent or empty. */
export function tokenFromQuery(url: string): string | undefined {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return undefined;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart);
  const wanted = `${TOKEN_QUERY_PARAMETER}=`;
  for (const pair of query.split('&')) {
    if (pair.startsWith(wanted)) {
      const value = decodeQueryValue(pair.slice(wanted.length));
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

/** The token of an `Authorization: Bearer <token>` header (scheme in any case); undefined otherwise. */
export function tokenFromAuthorization(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value === undefined ? null : /^\s*bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1];
}

/** The query parameter wins when both are given: it is the convention, a header may be a proxy's. */
export function tokenFromRequest(request: RequestLike): string | undefined {
  return tokenFromQuery(request.url) ?? tokenFromAuthorization(request.headers.authorization);
}
