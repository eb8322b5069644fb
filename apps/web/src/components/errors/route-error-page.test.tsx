import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { allowConsoleErrors } from '@/testing/console-errors';
import { RouteErrorPage } from './route-error-page';

function Broken(): never {
  throw new Error('The chart could not be drawn');
}

describe('RouteErrorPage', () => {
  it('shows the spec heading and what went wrong when a route fails', async () => {
    // React and the router report the thrown error on the console; here that is the point.
    allowConsoleErrors();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The chart could not be drawn')).toBeInTheDocument();
  });
});
