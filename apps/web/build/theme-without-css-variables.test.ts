import { describe, expect, it } from 'vitest';
import {
  isCssVariablesVariant,
  replacementModule,
  WITHOUT_CSS_VARIABLES_MESSAGE,
} from './theme-without-css-variables';

const styles = '/repo/node_modules/@mui/material/esm/styles';

describe('isCssVariablesVariant', () => {
  it("picks the CSS-variables imports of MUI's createTheme and ThemeProvider", () => {
    expect(isCssVariablesVariant('./createThemeWithVars.js', `${styles}/createTheme.js`)).toBe(true);
    expect(isCssVariablesVariant('./ThemeProviderWithVars.js', `${styles}/ThemeProvider.js`)).toBe(true);
  });

  it('leaves their other imports, the same files imported elsewhere and the app alone', () => {
    expect(isCssVariablesVariant('./createThemeNoVars.js', `${styles}/createTheme.js`)).toBe(false);
    expect(isCssVariablesVariant('./ThemeProviderNoVars.js', `${styles}/ThemeProvider.js`)).toBe(false);
    expect(isCssVariablesVariant('./ThemeProviderWithVars.js', `${styles}/index.js`)).toBe(false);
    expect(isCssVariablesVariant('./createThemeWithVars.js', '/repo/apps/web/src/createTheme.js')).toBe(
      false,
    );
    expect(isCssVariablesVariant('./createThemeWithVars.js', undefined)).toBe(false);
  });
});

describe('replacementModule', () => {
  it('fails loudly wherever a CSS-variables theme would be made or provided', async () => {
    const module = (await import(
      /* @vite-ignore */ `data:text/javascript,${encodeURIComponent(replacementModule)}`
    )) as { default: () => never; CssVarsProvider: () => never };
    expect(() => module.default()).toThrow(WITHOUT_CSS_VARIABLES_MESSAGE);
    expect(() => module.CssVarsProvider()).toThrow(WITHOUT_CSS_VARIABLES_MESSAGE);
  });
});
