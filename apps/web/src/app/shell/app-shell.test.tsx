import { account, auth, system, team, tokens, users } from '@datafeeds/domain/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '@/lib/auth/session-store';
import type * as SessionStore from '@/lib/auth/session-store';
import { answer, mockCalls } from '@/testing/call-doubles';
import { makeClient } from '@/features/tokens/testing/tokens-api';
import { appConfig, makeQuota, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { userQueryKey } from '@/lib/account/user';
import { renderApp } from '@/testing/render';
import { askForFirstScreensEarly } from '../router';
import { profileNotFound, unauthorized } from '@/testing/server-errors';

/** The app asks for the deployment's settings on every page (app/provider.tsx). */
const config = answer(system.config, { body: appConfig });
/** A signed-in user with a profile, on the dashboard: the user, the company's tokens and its quota. */
const signedIn = [
  config,
  answer(users.getUser, { body: makeUser() }),
  answer(tokens.getClients, { body: { clients: [] } }),
  answer(account.getQuota, { body: makeQuota() }),
];

/** A signed-in identity that has no profile yet (the server answers GetUser with 404). */
const withoutProfile = [
  config,
  answer(users.getUser, profileNotFound()),
  answer(team.getRemoval, { body: { removal: null } }),
];

describe('authenticated shell', () => {
  it('sends a visitor without a token to /login', async () => {
    mockCalls(config);
    const { history } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
  });

  it('shows a spinner while the user is fetched', async () => {
    setToken(fakeJwt(900));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderApp('/dashboard');
    expect(await screen.findByRole('progressbar', { name: 'Loading your account' })).toBeInTheDocument();
  });

  it('sends a signed-in identity without a profile to /welcome', async () => {
    setToken(fakeJwt(900));
    mockCalls(...withoutProfile);
    const { history } = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to DataFeeds' }),
    ).toBeInTheDocument();
    expect(history.location.pathname).toBe('/welcome');
  });

  it('sends a user who has a profile away from /welcome to /dashboard', async () => {
    setToken(fakeJwt(900));
    mockCalls(...signedIn);
    const { history } = renderApp('/welcome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back Ada' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/dashboard');
  });

  it('falls back to /dashboard for unknown paths', async () => {
    setToken(fakeJwt(900));
    mockCalls(...signedIn);
    const { history } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back Ada' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/dashboard');
  });

  it.each(['/login', '/register', '/forgot-password'])(
    'sends a signed-in user who opens %s to /dashboard',
    async (path) => {
      setToken(fakeJwt(900));
      mockCalls(...signedIn);
      const { history } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back Ada' })).toBeInTheDocument();
      expect(history.location.pathname).toBe('/dashboard');
    },
  );

  it('shows the sidebar with its items and the external links from the config', async () => {
    setToken(fakeJwt(900));
    mockCalls(...signedIn);
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('link', { name: 'New API Token' })).toHaveAttribute(
      'href',
      '/create-client',
    );
    const roadmap = await within(nav).findByRole('link', { name: /Roadmap/ });
    expect(roadmap).toHaveAttribute('href', appConfig.links.roadmap);
    expect(roadmap).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: /Documentation/ })).toHaveAttribute(
      'href',
      appConfig.links.documentation,
    );
    expect(within(nav).getByRole('link', { name: /Support/ })).toHaveAttribute(
      'href',
      appConfig.links.support,
    );
  });

  it('lets a keyboard skip the sidebar to the page', async () => {
    setToken(fakeJwt(900));
    mockCalls(...signedIn);
    renderApp('/dashboard');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Welcome back Ada' });
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    const target = document.querySelector(skip.getAttribute('href') ?? '#none');
    expect(target).toBe(screen.getByRole('main'));
    expect(target).toContainElement(heading);
    expect(target).toHaveAttribute('tabindex', '-1');
  });

  it('logs out from the sidebar: calls the API, forgets the session and returns to /login', async () => {
    setToken(fakeJwt(900));
    const { callsTo } = mockCalls(
      ...signedIn,
      answer(auth.logout, { status: 204 }),
      answer(auth.refreshLogout, { status: 204 }),
    );
    const { history, queryClient } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
    await waitFor(() => expect(history.location.state).toBeNull());
    expect(callsTo(auth.logout)).toHaveLength(1);
    // The refresh cookie travels only under /refresh: this call ends the session even with an expired token.
    expect(callsTo(auth.refreshLogout)).toHaveLength(1);
    expect(getToken()).toBeNull();
    await waitFor(() => expect(queryClient.getQueryData(['user'])).toBeUndefined());
  });

  it('logs out when any request answers 401', async () => {
    setToken(fakeJwt(900));
    mockCalls(config, answer(users.getUser, unauthorized()));
    const { history } = renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/login');
  });

  it('collapses to icons with tooltips and expands again on larger screens', async () => {
    setToken(fakeJwt(900));
    mockCalls(...signedIn);
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByText('Profile')).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Collapse sidebar' }));
    expect(within(nav).queryByText('Profile')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    await userEvent.hover(within(nav).getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('tooltip', { name: 'Profile' })).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Expand sidebar' }));
    expect(within(nav).getByText('Profile')).toBeInTheDocument();
  });

  describe('a visit that opens with a session', () => {
    /**
     * The shell's module as a first visit loads it, with the session it finds in storage; `entry` runs
     * first on the same fresh modules, as the entry's code does before the shell's arrives.
     */
    async function loadShellCode(
      entry?: (fresh: { startEarly: () => void; sessions: typeof SessionStore }) => Promise<void>,
    ) {
      vi.resetModules();
      if (entry) {
        const { askForFirstScreensEarly } = await import('../router');
        const startEarly = () => askForFirstScreensEarly('/dashboard');
        await entry({ startEarly, sessions: await import('@/lib/auth/session-store') });
      }
      const { appQueryClient } = await import('../query-layout');
      const { userQueryKey } = await import('@/lib/account/user');
      await import('./app-shell');
      return { cachedUser: () => appQueryClient.getQueryData(userQueryKey) };
    }

    it('asks for the user as the shell’s code loads, before anything renders', async () => {
      setToken(fakeJwt(900));
      const { callsTo } = mockCalls(...signedIn);
      const { cachedUser } = await loadShellCode();
      expect(callsTo(users.getUser)).toHaveLength(1);
      await waitFor(() => expect(cachedUser()).toEqual(makeUser()));
    });

    it('asks for the user as the entry runs, once: the shell’s query takes that answer', async () => {
      setToken(fakeJwt(900));
      const { callsTo } = mockCalls(...signedIn);
      const { cachedUser } = await loadShellCode(async ({ startEarly }) => {
        startEarly();
        await waitFor(() => expect(callsTo(users.getUser)).toHaveLength(1));
      });
      await waitFor(() => expect(cachedUser()).toEqual(makeUser()));
      expect(callsTo(users.getUser)).toHaveLength(1);
    });

    it('asks again when the session changed between the entry’s question and the query', async () => {
      setToken(fakeJwt(900));
      const { callsTo } = mockCalls(...signedIn);
      const later = fakeJwt(1800);
      const { cachedUser } = await loadShellCode(async ({ startEarly, sessions }) => {
        startEarly();
        sessions.setToken(later);
      });
      await waitFor(() => expect(cachedUser()).toEqual(makeUser()));
      expect(callsTo(users.getUser)).toHaveLength(2);
      expect(callsTo(users.getUser)[1]?.headers.get('Authorization')).toBe(`Bearer ${later}`);
    });

    it('a first visit to the dashboard asks for the user, the quota and the tokens as the entry runs; its queries take those answers', async () => {
      setToken(fakeJwt(900));
      const token = makeClient({ label: 'Live scores' });
      const { callsTo } = mockCalls(...signedIn, answer(tokens.getClients, { body: { clients: [token] } }));
      askForFirstScreensEarly('/dashboard');
      await waitFor(() => {
        for (const call of [users.getUser, account.getQuota, tokens.getClients])
          expect(callsTo(call)).toHaveLength(1);
      });
      renderApp('/dashboard');
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back Ada' })).toBeInTheDocument();
      const plan = await screen.findByRole('region', { name: 'Your plan' });
      expect(await within(plan).findByText(/1,234/)).toBeInTheDocument();
      expect(await screen.findByText('Live scores')).toBeInTheDocument();
      for (const call of [users.getUser, account.getQuota, tokens.getClients])
        expect(callsTo(call)).toHaveLength(1);
    });

    it('a first visit to another signed-in screen asks early for what the shell shows, not the tokens', async () => {
      setToken(fakeJwt(900));
      const { callsTo } = mockCalls(...signedIn);
      askForFirstScreensEarly('/profile');
      await waitFor(() => expect(callsTo(account.getQuota)).toHaveLength(1));
      expect(callsTo(users.getUser)).toHaveLength(1);
      expect(callsTo(tokens.getClients)).toEqual([]);
    });

    it('an early answer serves the first address only: an identity sent to /welcome, back with a profile, is asked afresh', async () => {
      setToken(fakeJwt(900));
      mockCalls(
        ...withoutProfile,
        answer(account.getQuota, profileNotFound()),
        answer(tokens.getClients, { body: { clients: [] } }),
      );
      askForFirstScreensEarly('/dashboard');
      const { queryClient } = renderApp('/dashboard');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Welcome to DataFeeds' }),
      ).toBeInTheDocument();
      // The profile is made (here by the server's answers changing): the user is asked again, and the
      // welcome page sends them on to the dashboard.
      const token = makeClient({ label: 'Live scores' });
      const { callsTo } = mockCalls(...signedIn, answer(tokens.getClients, { body: { clients: [token] } }));
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back Ada' })).toBeInTheDocument();
      expect(await screen.findByText('Live scores')).toBeInTheDocument();
      const plan = await screen.findByRole('region', { name: 'Your plan' });
      expect(await within(plan).findByText(/1,234/)).toBeInTheDocument();
      expect(callsTo(tokens.getClients)).toHaveLength(1);
      expect(callsTo(account.getQuota)).toHaveLength(1);
    });

    it('asks for nothing without one', async () => {
      const { calls } = mockCalls(...signedIn);
      const { cachedUser } = await loadShellCode();
      expect(calls).toEqual([]);
      expect(cachedUser()).toBeUndefined();
    });
  });
});
