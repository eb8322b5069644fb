import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { installMatchMedia } from '@/testing/match-media';
import { AppThemeProvider, initialColorMode, useColorMode } from './color-mode';
import { useTheme } from '@mui/material/styles';

function ModeProbe() {
  const { mode, toggleColorMode } = useColorMode();
  const theme = useTheme();
  return (
    <button type="button" onClick={toggleColorMode}>
      {mode}:{theme.palette.mode}
    </button>
  );
}

describe('display mode', () => {
  it('follows the system preference when nothing is saved', () => {
    installMatchMedia(true);
    expect(initialColorMode()).toBe('dark');
    installMatchMedia(false);
    expect(initialColorMode()).toBe('light');
  });

  it('prefers the saved value over the system preference', () => {
    installMatchMedia(true);
    localStorage.setItem(STORAGE_KEYS.colorMode, 'light');
    expect(initialColorMode()).toBe('light');
  });

  it('ignores a saved value it does not know', () => {
    installMatchMedia(true);
    localStorage.setItem(STORAGE_KEYS.colorMode, 'sepia');
    expect(initialColorMode()).toBe('dark');
  });

  it('toggles the theme and saves the choice', async () => {
    installMatchMedia(false);
    render(
      <AppThemeProvider>
        <ModeProbe />
      </AppThemeProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('light:light');
    await userEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('dark:dark');
    expect(localStorage.getItem(STORAGE_KEYS.colorMode)).toBe('dark');
  });
});
