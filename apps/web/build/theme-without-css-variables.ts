// The app's theme is a plain MUI theme, rebuilt for the display mode (src/lib/theme/color-mode.tsx): no
// `cssVariables`, no `colorSchemes`. MUI's `createTheme` and `ThemeProvider` still import the
// CSS-variables variants they would switch to at run time (createThemeWithVars, CssVarsProvider and with
// them the colour-scheme storage, the init script and the variable parser), and a bundler cannot see
// that the switch never happens: some 6 kB gzipped of the entry, which every page loads first (budget.ts).
// The build points those two imports at a module that fails loudly, so a CSS-variables theme added one
// day stops the app at start instead of rendering unstyled.
import type { Plugin } from 'vite';

const STYLES = /[\\/]node_modules[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]/;
/** The imports of the CSS-variables variants, by the MUI module that makes them. */
const WITH_VARS_IMPORTS: Record<string, string> = {
  'createTheme.js': './createThemeWithVars.js',
  'ThemeProvider.js': './ThemeProviderWithVars.js',
};
const REPLACEMENT = '\0datafeeds:theme-without-css-variables';

export const WITHOUT_CSS_VARIABLES_MESSAGE =
  'This build leaves out MUI CSS-variables themes (apps/web/build/theme-without-css-variables.ts)';

/** Whether `source`, imported by `importer`, is one of MUI's CSS-variables theme variants. */
export function isCssVariablesVariant(source: string, importer: string | undefined): boolean {
  if (importer === undefined || !STYLES.test(importer)) return false;
  const file = importer.split(/[\\/]/).pop() ?? '';
  return WITH_VARS_IMPORTS[file] === source;
}

/** Stands in for both modules: createTheme calls its default, ThemeProvider renders CssVarsProvider. */
export const replacementModule = `
const fail = () => { throw new Error(${JSON.stringify(WITHOUT_CSS_VARIABLES_MESSAGE)}); };
export default fail;
export const CssVarsProvider = fail;
`;

export function themeWithoutCssVariables(): Plugin {
  return {
    name: 'datafeeds:theme-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return isCssVariablesVariant(source, importer) ? REPLACEMENT : null;
    },
    load(id) {
      return id === REPLACEMENT ? replacementModule : null;
    },
  };
}
