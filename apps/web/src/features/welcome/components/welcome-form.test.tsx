import { MESSAGES } from '@datafeeds/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setToken } from '@/lib/auth/session-store';
import { mockFetch } from '@/testing/fetch-mock';
import { fillAndBlur } from '@/testing/form';
import { appConfig, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { renderApp } from '@/testing/render';

const withoutProfile = {
  'GET /api/GetUser': { status: 404, body: { error: 'profile_not_found', message: 'No profile yet' } },
  'GET /api/config': { body: appConfig },
};

async function openWelcome() {
  setToken(fakeJwt(900));
  const app = renderApp('/welcome');
  await screen.findByRole('heading', { level: 1, name: 'Welcome to DataFeeds' });
  return app;
}

async function fillAndSubmit() {
  await userEvent.type(screen.getByLabelText(/First Name/, { selector: 'input' }), 'Ada');
  await userEvent.type(screen.getByLabelText(/Last Name/, { selector: 'input' }), 'Lovelace');
  await userEvent.type(screen.getByLabelText(/Company Name/, { selector: 'input' }), 'Engines Ltd');
  await userEvent.type(screen.getByLabelText(/Phone/, { selector: 'input' }), '5551234567');
  await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
}

describe('welcome form', () => {
  it('shows the validation messages when leaving a field', async () => {
    mockFetch(withoutProfile);
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
    const { callsTo } = mockFetch({
      ...withoutProfile,
      'POST /api/CreateUser': { body: makeUser({ firstName: 'Ada' }) },
    });
    const { router } = await openWelcome();
    await fillAndSubmit();
    expect(await screen.findByText(MESSAGES.welcomeSuccess)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(callsTo('POST', '/api/CreateUser')[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Engines Ltd',
      phone: '5551234567',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 3500 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back Ada' })).toBeInTheDocument();
  }, 10_000);

  it('shows the spec message when saving fails', async () => {
    mockFetch({
      ...withoutProfile,
      'POST /api/CreateUser': { status: 500, body: { error: 'internal_error', message: 'Oops' } },
    });
    await openWelcome();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.welcomeFailed);
  });
});
