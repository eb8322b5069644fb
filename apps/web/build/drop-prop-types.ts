// React 19 reads no propTypes, and MUI guards every assignment of them with a development check, but
// MUI X's Data Grid (the console's tables, design §11) assigns its own unguarded. That one assignment
// keeps the prop-types package in a production build, and since every MUI component imports it, the
// bundler puts it in the entry's chunk: the sign-in page's first load (budget.ts) would carry a package
// no page uses. The build drops the assignment, so the package is tree-shaken away as before.
import type { Plugin } from 'vite';

const DATA_GRID = /[\\/]node_modules[\\/]@mui[\\/]x-data-grid[\\/]/;
/** A top-level `Component.propTypes = {` (the guarded ones start with the development check). */
const UNGUARDED_PROP_TYPES = /^([A-Za-z_$][\w$.]*\.propTypes = \{)/gm;

/** `code` with its unguarded propTypes assignments made dead code, for the minifier to drop. */
export function dropUnguardedPropTypes(code: string): string {
  return code.replace(UNGUARDED_PROP_TYPES, 'if (false) $1');
}

export function dropPropTypes(): Plugin {
  return {
    name: 'datafeeds:drop-prop-types',
    apply: 'build',
    transform: {
      filter: { id: DATA_GRID },
      handler(code) {
        const dropped = dropUnguardedPropTypes(code);
        return dropped === code ? null : { code: dropped, map: null };
      },
    },
  };
}
