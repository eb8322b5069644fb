// Display mode (spec §2): light or dark, toggled by the user and saved in localStorage. Without a saved
// choice the app follows the system's colour-scheme preference, live. The theme built here also follows
// the system's reduced-motion setting (./motion.ts).
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { useSystemMotion } from './motion';
import { createAppTheme } from './theme';

export type ColorMode = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function readSavedColorMode(): ColorMode | null {
  try {
    const saved = localStorage.getItem(STORAGE_KEYS.colorMode);
    return saved === 'light' || saved === 'dark' ? saved : null;
  } catch {
    return null;
  }
}

function saveColorMode(mode: ColorMode) {
  try {
    localStorage.setItem(STORAGE_KEYS.colorMode, mode);
  } catch {
    // The choice then lasts for this visit only.
  }
}

function systemColorMode(): ColorMode {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function initialColorMode(): ColorMode {
  return readSavedColorMode() ?? systemColorMode();
}

interface ColorModeContextValue {
  mode: ColorMode;
  toggleColorMode: () => void;
}

const ColorModeContext = createContext<ColorModeContextValue | null>(null);

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ColorMode>(initialColorMode);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const followSystem = (event: MediaQueryListEvent) => {
      if (readSavedColorMode() === null) setMode(event.matches ? 'dark' : 'light');
    };
    query.addEventListener('change', followSystem);
    return () => query.removeEventListener('change', followSystem);
  }, []);

  const toggleColorMode = useCallback(() => {
    setMode((current) => {
      const next = current === 'dark' ? 'light' : 'dark';
      saveColorMode(next);
      return next;
    });
  }, []);

  const motion = useSystemMotion();
  const theme = useMemo(() => createAppTheme(mode, motion), [mode, motion]);
  const value = useMemo(() => ({ mode, toggleColorMode }), [mode, toggleColorMode]);

  return (
    <ColorModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext>
  );
}

export function useColorMode(): ColorModeContextValue {
  const value = useContext(ColorModeContext);
  if (value === null) throw new Error('useColorMode must be used inside AppThemeProvider');
  return value;
}
