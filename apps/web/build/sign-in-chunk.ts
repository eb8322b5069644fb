// The sign-in page ships as one chunk. It is the first page nearly every visitor loads (budget.ts), and
// left to itself the bundler splits what it needs beyond the entry (its form, layout, MUI inputs and
// icons) into a dozen small files, each shared with a different set of pages, and small files gzip worse
// than one. The rule follows the module graph from the route module, so it names no file inside a
// package: whatever MUI moves between releases, the page's modules land in this chunk.
import path from 'node:path';
import type { Rolldown } from 'vite';

/** What the rule reads of Rolldown's module graph (its ChunkingContext). */
interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): Pick<Rolldown.ModuleInfo, 'importedIds' | 'importers' | 'dynamicImporters' | 'isEntry'> | null;
}

/** `from` and every module it imports statically, transitively. */
function staticImports(graph: ModuleGraph, from: Iterable<string>): Set<string> {
  const found = new Set<string>();
  const pending = [...from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/** The entry modules that lead to `id`, by static or dynamic imports. */
function entriesLeadingTo(graph: ModuleGraph, id: string): string[] {
  const seen = new Set<string>();
  const entries: string[] = [];
  const pending = [id];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (seen.has(current)) continue;
    seen.add(current);
    const info = graph.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) entries.push(current);
    pending.push(...info.importers, ...info.dynamicImporters);
  }
  return entries;
}

/**
 * The modules the page needs beyond what the entry already loads: every module its route module imports
 * statically, minus the entry's static imports, which stay in the entry's chunks (and with them every
 * package barrel the entry reaches, so a page importing one name from it does not capture the rest).
 * The route module itself stays its own chunk, the one the router imports and the manifest names.
 */
export function pageModules(graph: ModuleGraph, routeModule: string): Set<string> {
  const loadedFirst = staticImports(graph, entriesLeadingTo(graph, routeModule));
  const page = staticImports(graph, [routeModule]);
  for (const id of [...loadedFirst, routeModule]) page.delete(id);
  return page;
}

/**
 * A code-splitting group putting the page of `routeSources` (relative to `root`; a page inside layout
 * routes names them all) in chunk `name`.
 */
export function pageChunk(
  name: string,
  root: string,
  routeSources: string[],
  /**
   * `except`: pages whose modules stay out of the chunk, so that they do not download the whole of it;
   * `onlyShared`: instead, the chunk takes only the modules these pages need too.
   */
  { except = [], onlyShared }: { except?: string[]; onlyShared?: string[] } = {},
): Rolldown.CodeSplittingGroup {
  const routeModules = routeSources.map((routeSource) => path.resolve(root, routeSource));
  let modules: Set<string> | undefined;
  return {
    debugName: name,
    // Rolldown calls `test` for every module before its first `name` call of a build: start afresh.
    test: () => {
      modules = undefined;
      return true;
    },
    name: (id, graph) => {
      if (!modules) {
        const missing = routeModules.findIndex((routeModule) => !graph.getModuleInfo(routeModule));
        if (missing >= 0) throw new Error(`the ${name} chunk: no module ${routeSources[missing]}`);
        modules = new Set(routeModules.flatMap((routeModule) => [...pageModules(graph, routeModule)]));
        // The route modules stay chunks of their own, the ones the router imports and the manifest names.
        for (const routeModule of routeModules) modules.delete(routeModule);
        const reachedFrom = (sources: string[]) =>
          staticImports(
            graph,
            sources.map((routeSource) => path.resolve(root, routeSource)),
          );
        for (const id of reachedFrom(except)) modules.delete(id);
        if (onlyShared) {
          const shared = reachedFrom(onlyShared);
          for (const id of modules) if (!shared.has(id)) modules.delete(id);
        }
      }
      return modules.has(id) ? name : null;
    },
    // Only the page's modules: their dependencies already loaded by the entry stay where they are.
    includeDependenciesRecursively: false,
  };
}
