// Which scripts the first load of a page downloads, read from the build output instead of a browser:
// the scripts index.html names (the entry and its modulepreloads), then the page's route chunk, which
// the router loads on demand (and its layout route's), with every chunk they import statically (Vite
// preloads them together).
// Dynamic imports wait until they are used, so they are not part of a first load.
import type { Manifest } from 'vite';

/** The scripts a built index.html names, as paths inside the build directory (assets/…). */
export function scriptsNamedBy(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => tag.startsWith('<script') || /\brel="modulepreload"/.test(tag))
    .map((tag) => /\b(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1])
    .filter((file): file is string => file !== undefined);
}

/** The chunk files of `key` (a manifest key) and of everything it imports statically, transitively. */
function staticClosure(manifest: Manifest, key: string): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const chunk = manifest[current];
    if (!chunk) throw new Error(`the build manifest has no chunk ${current}`);
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...files];
}

/**
 * Every script of the first load of the page whose route modules are `routeSources` (a page inside a
 * layout route loads both), each once.
 */
export function firstLoadScripts(manifest: Manifest, html: string, ...routeSources: string[]): string[] {
  for (const routeSource of routeSources) {
    if (!manifest[routeSource]?.isDynamicEntry) {
      throw new Error(`${routeSource} is not a chunk the router loads on demand: has the route moved?`);
    }
  }
  return [
    ...new Set([
      ...scriptsNamedBy(html),
      ...routeSources.flatMap((routeSource) => staticClosure(manifest, routeSource)),
    ]),
  ];
}
