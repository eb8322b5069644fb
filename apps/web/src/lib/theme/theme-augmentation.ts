// Types for the theme extras of spec §2 "Appearance": the orange accent, the extra accents, the Ink,
// Sky, Red and Green palettes and the bronze/silver/gold gradients.
import type { PaletteColor, PaletteColorOptions } from '@mui/material/styles';

export interface ColorScale {
  50: string;
  100: string;
  300: string;
  500: string;
  700: string;
  900: string;
}

interface ExtraAccents {
  violet: string;
  magenta: string;
  lime: string;
}

export interface ThemeGradients {
  bronze: string;
  silver: string;
  gold: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    accent: PaletteColor;
    extraAccents: ExtraAccents;
    ink: ColorScale;
    sky: ColorScale;
    red: ColorScale;
    green: ColorScale;
  }
  interface PaletteOptions {
    accent?: PaletteColorOptions;
    extraAccents?: ExtraAccents;
    ink?: ColorScale;
    sky?: ColorScale;
    red?: ColorScale;
    green?: ColorScale;
  }
  interface Theme {
    gradients: ThemeGradients;
  }
  interface ThemeOptions {
    gradients?: ThemeGradients;
  }
}

declare module '@mui/material/Button' {
  interface ButtonPropsColorOverrides {
    accent: true;
  }
}

declare module '@mui/material/IconButton' {
  interface IconButtonPropsColorOverrides {
    accent: true;
  }
}
