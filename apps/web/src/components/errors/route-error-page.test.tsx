import { act, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allowConsoleErrors } from '@/testing/console-errors';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('The chart could not be drawn');
}

/** A screen that fails at /broken and renders at any other address, as the routes put them in the boundary. */
function Screens() {
  const location = useLocation();
  return (
    <RouteErrorBoundary location={location}>
      {location.pathname === '/broken' ? <Broken /> : <p>Working screen</p>}
    </RouteErrorBoundary>
  );
}

describe('RouteErrorPage', () => {
  it('shows the spec heading and what went wrong when a route fails, until the next navigation', async () => {
    // React reports the thrown error on the console; here that is the point.
    allowConsoleErrors();
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Screens />
        <Link to="/dashboard">Away</Link>
      </MemoryRouter>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The chart could not be drawn')).toBeInTheDocument();

    await act(() => screen.getByRole('link', { name: 'Away' }).click());
    expect(screen.getByText('Working screen')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
  });
});
