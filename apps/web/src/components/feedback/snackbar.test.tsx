import { NOTIFICATION_TEXTS, type User } from '@datafeeds/domain';
import { account, system, tokens, users } from '@datafeeds/domain/calls';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls } from '@/testing/call-doubles';
import { appConfig, makeQuota, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { preloadRoutes, renderApp } from '@/testing/render';
import { SNACKBAR_CARRIED_OVER_MS } from './snackbar-view';

// The screens and the snackbar's own chunk are read from disk once, before the first test's time starts.
beforeAll(() => preloadRoutes('/profile', '/dashboard'));

const MESSAGE = NOTIFICATION_TEXTS.saved.off;

/** Profile, where flipping the email switch shows a snackbar, with the page title's box as given. */
async function showSnackbarOnProfile(titleBottom = 0) {
  const owner: User = makeUser({ role: 'owner', trialReminders: true });
  setToken(fakeJwt(900));
  mockCalls(
    answer(users.getUser, { body: owner }),
    answer(system.config, { body: appConfig }),
    answer(account.getQuota, { body: makeQuota() }),
    answer(tokens.getClients, { body: { clients: [] } }),
    answer(users.updateUser, { body: { ...owner, trialReminders: false } }),
  );
  const rendered = renderApp('/profile');
  const title = await screen.findByRole('heading', { level: 1, name: 'Manage Profile' });
  vi.spyOn(title, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, titleBottom - 40, 600, 40));
  await userEvent.click(await screen.findByRole('switch', { name: NOTIFICATION_TEXTS.switchLabel }));
  const snackbar = (await screen.findByText(MESSAGE)).closest('.MuiSnackbar-root') as HTMLElement;
  return { ...rendered, snackbar };
}

describe('snackbars', () => {
  it('sit at top centre below the page title, not over it', async () => {
    const { snackbar } = await showSnackbarOnProfile(132);
    expect(snackbar).toHaveClass('MuiSnackbar-anchorOriginTopCenter');
    expect(snackbar.style.top).toBe('140px');
  });

  it('keep MUI’s place at the top when the title is scrolled away', async () => {
    const { snackbar } = await showSnackbarOnProfile(-20);
    expect(snackbar.style.top).toBe('24px');
  });

  it('close when the user moves to another page', async () => {
    const { history } = await showSnackbarOnProfile();
    const later = Date.now() + SNACKBAR_CARRIED_OVER_MS + 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    act(() => history.push('/dashboard'));
    await screen.findByRole('heading', { level: 1, name: 'Welcome back Ada' });
    await waitFor(() => expect(screen.queryByText(MESSAGE)).not.toBeInTheDocument());
  });

  it('come along to the page their action led to', async () => {
    const { history } = await showSnackbarOnProfile();
    act(() => history.push('/dashboard'));
    const title = await screen.findByRole('heading', { level: 1, name: 'Welcome back Ada' });
    expect(title).toBeInTheDocument();
    expect(within(document.body).getByText(MESSAGE)).toBeVisible();
  });
});
