// Colours of both display modes. Text/background pairs were chosen for WCAG AA contrast (4.5:1 for
// text, 3:1 for large text and controls) in each mode.
import type { PaletteMode, PaletteOptions } from '@mui/material/styles';
import type { ColorScale, ThemeGradients } from './theme-augmentation';

const ink: ColorScale = {
  50: '#F3F5F7',
  100: '#E1E6EA',
  300: '#A9B4BC',
  500: '#5F6B73',
  700: '#35414A',
  900: '#121A20',
};
const sky: ColorScale = {
  50: '#EEF7FD',
  100: '#D4EBFA',
  300: '#8DC7F0',
  500: '#3A9BE0',
  700: '#1F6FAE',
  900: '#0D3A5E',
};
const red: ColorScale = {
  50: '#FDEEEE',
  100: '#F9D3D3',
  300: '#EE8A8A',
  500: '#D93B3B',
  700: '#A82424',
  900: '#5E1212',
};
const green: ColorScale = {
  50: '#EDF8F1',
  100: '#CDEBD7',
  300: '#7FCB98',
  500: '#2E9E57',
  700: '#1E7340',
  900: '#0E3D21',
};

const extraAccents = { violet: '#6C5CE7', magenta: '#C2389B', lime: '#8CC63F' };

export const gradients: ThemeGradients = {
  bronze: 'linear-gradient(135deg, #8C5A2B 0%, #CD8E55 50%, #7A4A1E 100%)',
  silver: 'linear-gradient(135deg, #8E9AA3 0%, #E3E8EC 50%, #7B868E 100%)',
  gold: 'linear-gradient(135deg, #B8862B 0%, #F2D27A 50%, #A5741C 100%)',
};

const light: PaletteOptions = {
  mode: 'light',
  primary: { main: '#0E6F86', light: '#4C9AAD', dark: '#09505F', contrastText: '#FFFFFF' },
  secondary: { main: '#1F6FAE', light: '#5A9FD6', dark: '#15507F', contrastText: '#FFFFFF' },
  accent: { main: '#F08A24', light: '#F6B26B', dark: '#B85D0A', contrastText: '#1A1208' },
  error: { main: '#C62828' },
  success: { main: '#1E7340' },
  // Dark enough for white text (the Expired chip) and for warning-coloured text on the page: 5.1:1.
  warning: { main: '#9A5B00' },
  info: { main: '#1F6FAE' },
  background: { default: '#F7F9FA', paper: '#FFFFFF' },
  text: { primary: '#0A0A0A', secondary: '#5A666E', disabled: '#A3ADB3' },
  divider: 'rgba(10, 10, 10, 0.12)',
  extraAccents,
  ink,
  sky,
  red,
  green,
};

const dark: PaletteOptions = {
  mode: 'dark',
  primary: { main: '#4FB3C9', light: '#84CFDD', dark: '#2A8AA0', contrastText: '#04161B' },
  secondary: { main: '#7BB8EC', light: '#A8D1F3', dark: '#4A93CF', contrastText: '#061521' },
  accent: { main: '#F5A04E', light: '#F8BE84', dark: '#D07A25', contrastText: '#1A1208' },
  error: { main: '#F28B82' },
  success: { main: '#6FCF97' },
  warning: { main: '#F2C14E' },
  info: { main: '#7BB8EC' },
  background: { default: '#0F1A1F', paper: '#16242B' },
  text: { primary: '#F2F5F7', secondary: '#A9B7BF', disabled: '#66757D' },
  divider: 'rgba(242, 245, 247, 0.14)',
  extraAccents,
  ink,
  sky,
  red,
  green,
};

export function paletteFor(mode: PaletteMode): PaletteOptions {
  return mode === 'dark' ? dark : light;
}
