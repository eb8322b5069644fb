// The address analytics may see: origin and path only. The query string can hold one-time tokens
// (/reset-password?resetToken=…, /verify-email?token=…) and the fragment anything; neither may leave.

export function pageUrl(location: Pick<Location, 'origin' | 'pathname'> = window.location): string {
  return `${location.origin}${location.pathname}`;
}

/** A referrer or URL property, cut to origin and path; anything unparsable is dropped. */
export function withoutQuery(url: unknown): string | undefined {
  if (typeof url !== 'string' || url === '' || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
