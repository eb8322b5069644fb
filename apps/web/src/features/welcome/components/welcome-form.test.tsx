import { MESSAGES, REDIRECT_AFTER_WELCOME_MS, formatDate } from '@datafeeds/domain';
import { account, system, team, tokens, users } from '@datafeeds/domain/calls';
import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls } from '@/testing/call-doubles';
import { advanceClock, startFakeClock } from '@/testing/fake-clock';
import { fillAndBlur } from '@/testing/form';
import { appConfig, makeQuota, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { preloadRoutes, renderApp, renderScreen } from '@/testing/render';
import { internalError, profileNotFound } from '@/testing/server-errors';

/** A signed-in identity without a portal profile, never removed from a company. */
const withoutProfile = [
  answer(system.config, { body: appConfig }),
  answer(users.getUser, profileNotFound()),
  answer(team.getRemoval, { body: { removal: null } }),
];

async function openWelcome() {
  setToken(fakeJwt(900));
  await renderScreen('/welcome');
  await screen.findByRole('heading', { level: 1, name: 'Welcome to DataFeeds' });
}

async function fillAndSubmit(user: UserEvent = userEvent.setup()) {
  await user.type(screen.getByLabelText(/First Name/, { selector: 'input' }), 'Ada');
  await user.type(screen.getByLabelText(/Last Name/, { selector: 'input' }), 'Lovelace');
  await user.type(screen.getByLabelText(/Company Name/, { selector: 'input' }), 'Engines Ltd');
  await user.type(screen.getByLabelText(/Phone/, { selector: 'input' }), '5551234567');
  await user.click(screen.getByRole('button', { name: 'Save and continue' }));
}

describe('welcome after a removal', () => {
  it('tells a removed member which company removed them and by whom, above the form', async () => {
    const { callsTo } = mockCalls(
      ...withoutProfile,
      answer(team.getRemoval, {
        body: {
          removal: {
            companyName: 'Engines Ltd',
            removedBy: 'Olivia Owner',
            removedAt: '2026-06-10T12:00:00.000Z',
          },
        },
      }),
    );
    await openWelcome();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      `Olivia Owner removed you from Engines Ltd on ${formatDate('2026-06-10T12:00:00.000Z')}.`,
    );
    expect(notice).toHaveTextContent('To rejoin, ask them for a new invitation');
    expect(callsTo(team.getRemoval)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeInTheDocument();
  });

  it('says nothing of a removal to an account never removed', async () => {
    mockCalls(...withoutProfile, answer(team.getRemoval, { body: { removal: null } }));
    await openWelcome();
    await screen.findByRole('button', { name: 'Save and continue' });
    expect(screen.queryByText(/removed you from/)).toBeNull();
  });
});

describe('welcome form', () => {
  it('shows the validation messages when leaving a field', async () => {
    mockCalls(...withoutProfile);
    await openWelcome();
    await fillAndBlur(/First Name/, '');
    expect(await screen.findByText('First Name is not allowed to be empty')).toBeInTheDocument();
    await fillAndBlur(/Last Name/, 'L');
    expect(
      await screen.findByText('Last Name length must be at least 2 characters long'),
    ).toBeInTheDocument();
    await fillAndBlur(/Company Name/, '');
    expect(await screen.findByText('Company Name is not allowed to be empty')).toBeInTheDocument();
    await fillAndBlur(/Phone/, '');
    expect(await screen.findByText('Phone is not allowed to be empty')).toBeInTheDocument();
    await fillAndBlur(/Phone/, '1234567890123456');
    expect(
      await screen.findByText('Phone length must be less than or equal to 15 characters long'),
    ).toBeInTheDocument();
  });

  it('creates the profile, shows the success message and opens the dashboard after 2 seconds', async () => {
    const { callsTo } = mockCalls(
      ...withoutProfile,
      answer(users.createUser, { status: 201, body: makeUser({ firstName: 'Ada' }) }),
      answer(tokens.getClients, { body: { clients: [] } }),
      answer(account.getQuota, { body: makeQuota() }),
    );
    setToken(fakeJwt(900));
    await preloadRoutes('/welcome', '/dashboard');
    const user = startFakeClock();
    const { history } = renderApp('/welcome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to DataFeeds' });
    await fillAndSubmit(user);
    expect(await screen.findByText(MESSAGES.welcomeSuccess)).toBeInTheDocument();
    expect(callsTo(users.createUser)[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Engines Ltd',
      phone: '5551234567',
    });
    // findByText moves the clock in 50 ms steps, so the message has been up for at most 50 ms here.
    await advanceClock(REDIRECT_AFTER_WELCOME_MS - 100);
    expect(history.location.pathname).toBe('/welcome');
    await advanceClock(100);
    expect(history.location.pathname).toBe('/dashboard');
    // The first visit: no 'Welcome back' yet.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to DataFeeds, Ada' }),
    ).toBeInTheDocument();
  });

  it('shows the spec message when saving fails', async () => {
    mockCalls(...withoutProfile, answer(users.createUser, internalError()));
    await openWelcome();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.welcomeFailed);
  });
});
