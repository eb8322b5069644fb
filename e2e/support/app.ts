// What the specs know about the portal, taken from where the portal defines it, so that renaming a
// path, a storage key or a width changes the specs with it: the web app's routes, link parameters,
// storage keys and breakpoints (apps/web/src/config) and the screen constants of spec §2 (the domain
// package). A spec names an API call by its contract (`@datafeeds/domain/calls`, design §1).
export { paths, searchParams } from '../../apps/web/src/config/paths.ts';
export { STORAGE_KEYS } from '../../apps/web/src/config/storage-keys.ts';
export { BREAKPOINTS } from '../../apps/web/src/config/breakpoints.ts';
export { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_OPEN } from '@datafeeds/domain';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches a page whose URL path is exactly one of `pathnames`, with no query: for `toHaveURL`. */
export function atPath(...pathnames: string[]): RegExp {
  return new RegExp(`^[a-z]+://[^/]+(?:${pathnames.map(escapeRegExp).join('|')})$`);
}

/** A path of the app with a query string, as the links in emails carry one. */
export function withQuery(pathname: string, query: Record<string, string>): string {
  return `${pathname}?${new URLSearchParams(query).toString()}`;
}
