import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, Navigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_PAGE_VIEW_DELAY_MS } from '@datafeeds/domain';
import { RootLayout } from '@/app/root-layout';
import { startAnalytics } from './analytics';
import { screenName } from './screen-names';

function pageViews(): unknown[] {
  return (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter(([command, name]) => command === 'event' && name === 'page_view')
    .map(([, , params]) => (params as { page_title: string }).page_title);
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: RootLayout,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: 'dashboard', element: <p>dashboard</p> },
          { path: 'profile', element: <p>profile</p> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  vi.useFakeTimers();
  delete window.dataLayer;
  delete window.gtag;
  await startAnalytics({ googleAnalytics: { measurementId: 'G-TEST12345' } });
});

afterEach(() => vi.useRealTimers());

describe('page views', () => {
  it(`records 'Viewed <Screen>' ${ANALYTICS_PAGE_VIEW_DELAY_MS} ms after a route change, not before`, async () => {
    const router = renderAt('/dashboard');
    act(() => vi.advanceTimersByTime(ANALYTICS_PAGE_VIEW_DELAY_MS - 1));
    expect(pageViews()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(pageViews()).toEqual(['Dashboard']);

    await act(() => router.navigate('/profile'));
    act(() => vi.advanceTimersByTime(ANALYTICS_PAGE_VIEW_DELAY_MS));
    expect(pageViews()).toEqual(['Dashboard', 'Manage Profile']);
  });

  it('records only the screen a redirect lands on', () => {
    renderAt('/');
    act(() => vi.advanceTimersByTime(ANALYTICS_PAGE_VIEW_DELAY_MS * 2));
    expect(pageViews()).toEqual(['Dashboard']);
  });
});

describe('screen names', () => {
  it.each([
    ['/login', 'Login'],
    ['/register', 'Registration'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password', 'Reset Password'],
    ['/verify-email', 'Email Verification'],
    ['/welcome', 'Welcome'],
    ['/', 'Dashboard'],
    ['/dashboard', 'Dashboard'],
    ['/create-client', 'New Token Request'],
    ['/client/dfc_abc', 'API Token Details'],
    ['/profile', 'Manage Profile'],
    ['/no-such-page', null],
  ])('%s is the %s screen', (pathname, screen) => {
    expect(screenName(pathname)).toBe(screen);
  });
});
