import { describe, expect, it } from 'vitest';
import { pageModules } from './sign-in-chunk';

/** A module graph from `imports` (static) and `lazy` (dynamic import) edges; `index.html` is the entry. */
function graphOf(imports: Record<string, string[]>, lazy: Record<string, string[]> = {}) {
  const ids = new Set([
    ...Object.keys(imports),
    ...Object.values(imports).flat(),
    ...Object.values(lazy).flat(),
  ]);
  const importersOf = (edges: Record<string, string[]>, id: string) =>
    Object.keys(edges).filter((from) => edges[from]?.includes(id));
  return {
    getModuleInfo: (id: string) =>
      ids.has(id)
        ? {
            importedIds: imports[id] ?? [],
            importers: importersOf(imports, id),
            dynamicImporters: importersOf(lazy, id),
            isEntry: id === 'index.html',
          }
        : null,
  };
}

const graph = graphOf(
  {
    'index.html': ['main.tsx'],
    'main.tsx': ['router.tsx', 'react', 'query/index'],
    'router.tsx': ['react'],
    // The query barrel re-exports every hook; the entry reaches it, so its hooks stay out.
    'query/index': ['query/useQuery', 'query/useMutation'],
    'login.tsx': ['login-form.tsx', 'react'],
    'login-form.tsx': ['text-input.tsx', 'query/index', 'mui/InputBase'],
    'text-input.tsx': ['mui/InputBase', 'mui/FormControl'],
    'register.tsx': ['text-input.tsx', 'mui/Checkbox'],
  },
  { 'router.tsx': ['login.tsx', 'register.tsx'] },
);

describe('pageModules', () => {
  it('takes what the route imports beyond the entry, not the route module itself', () => {
    expect([...pageModules(graph, 'login.tsx')].sort()).toEqual([
      'login-form.tsx',
      'mui/FormControl',
      'mui/InputBase',
      'text-input.tsx',
    ]);
  });

  it('leaves out what only other pages import', () => {
    const modules = pageModules(graph, 'login.tsx');
    expect(modules).not.toContain('mui/Checkbox');
    expect(modules).not.toContain('register.tsx');
  });

  it('leaves the entry’s modules, and what its barrels reach, in the entry’s chunks', () => {
    const modules = pageModules(graph, 'login.tsx');
    for (const id of ['react', 'main.tsx', 'query/index', 'query/useMutation'])
      expect(modules).not.toContain(id);
  });
});
