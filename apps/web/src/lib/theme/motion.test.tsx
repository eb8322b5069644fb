import { act, render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { installSystemPreferences } from '@/testing/match-media';
import { AppThemeProvider } from './color-mode';
import { createAppTheme } from './theme';

describe('reduced motion (design §7 "Motion")', () => {
  it('with full motion, transitions run for the theme durations and buttons ripple', () => {
    const theme = createAppTheme('light', 'full');
    expect(theme.transitions.duration.enteringScreen).toBe(225);
    expect(theme.transitions.create('opacity')).toContain('opacity');
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });

  it('with reduced motion, no transition runs, none waits, and buttons do not ripple', () => {
    const theme = createAppTheme('dark', 'reduced');
    expect(theme.transitions.create('opacity')).toBe('none');
    expect(Object.values(theme.transitions.duration)).toEqual(
      Object.values(theme.transitions.duration).map(() => 0),
    );
    expect(theme.transitions.getAutoHeightDuration(400)).toBe(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
  });

  it('follows the system setting live', () => {
    const preferences = installSystemPreferences({ reducedMotion: false });
    function Probe() {
      return <p>{useTheme().transitions.duration.enteringScreen} ms</p>;
    }
    render(
      <AppThemeProvider>
        <Probe />
      </AppThemeProvider>,
    );
    expect(screen.getByText('225 ms')).toBeInTheDocument();
    act(() => preferences.set({ reducedMotion: true }));
    expect(screen.getByText('0 ms')).toBeInTheDocument();
    act(() => preferences.set({ reducedMotion: false }));
    expect(screen.getByText('225 ms')).toBeInTheDocument();
  });
});
