import { ERROR_CODES, MESSAGES, tokenRequestSchema, type User } from '@datafeeds/domain';
import { account as accountCalls, auth, system, tokens, users } from '@datafeeds/domain/calls';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/auth/session-store';
import { startFakeClock } from '@/testing/fake-clock';
import { answer, mockCalls, type DoubleAnswer } from '@/testing/call-doubles';
import {
  appConfig,
  internalError,
  makeClientId,
  makeClientSecret,
  makeQuota,
  makeUser,
  validationFailed,
} from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { preloadRoutes, renderApp, renderScreen } from '@/testing/render';

const CREDENTIALS = {
  clientId: makeClientId('8d2f6a41b9e04c7d'),
  clientSecret: makeClientSecret('Q2xpZW50U2VjcmV0VGhhdElzU2hvd25Pbmx5T25jZQ'),
};

function installClipboard() {
  const writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

interface OpenFormOptions {
  createAnswer?: DoubleAnswer<typeof tokens.createClient>;
  account?: User;
  /** The whole app rather than the form's screen alone, for leaving it for the dashboard or signing out. */
  withShell?: boolean;
}

/** Opens the form on the fake clock, which lets the dialogs' exit transitions pass at once. */
async function openForm({
  createAnswer = { status: 201, body: CREDENTIALS },
  account = makeUser(),
  withShell = false,
}: OpenFormOptions = {}) {
  setToken(fakeJwt(900));
  const doubles = mockCalls(
    answer(users.getUser, { body: account }),
    answer(system.config, { body: appConfig }),
    answer(tokens.getClients, { body: { clients: [] } }),
    answer(accountCalls.getQuota, { body: makeQuota() }),
    answer(tokens.createClient, createAnswer),
    answer(auth.logout, { status: 204 }),
    answer(auth.refreshLogout, { status: 204 }),
  );
  if (withShell) await preloadRoutes('/create-client', '/dashboard', '/login');
  const user = startFakeClock();
  const app = withShell ? renderApp('/create-client') : await renderScreen('/create-client');
  await screen.findByRole('heading', { level: 1, name: 'New Token Request' });
  return { ...app, ...doubles, user };
}

async function fillAndSubmit(user: UserEvent) {
  await user.type(screen.getByLabelText(/Token Nickname/, { selector: 'input' }), '  Scores app  ');
  await user.click(screen.getByRole('checkbox', { name: 'Live Feed' }));
  await user.click(screen.getByRole('checkbox', { name: 'Post Game' }));
  // Clicked out of catalogue order: the request lists sports in catalogue order.
  await user.click(screen.getByRole('checkbox', { name: 'Hockey' }));
  await user.click(screen.getByRole('checkbox', { name: 'Football' }));
  await user.click(screen.getByRole('button', { name: 'Submit Request' }));
}

async function showResult(options: OpenFormOptions = {}) {
  const app = await openForm(options);
  await fillAndSubmit(app.user);
  await screen.findByRole('heading', { level: 2, name: 'Your new API token' });
  return app;
}

describe('submitting a token request', () => {
  it('tells an owner with an unverified email that the token stays pending', async () => {
    const { user } = await openForm({ account: makeUser({ emailVerified: false }) });
    await fillAndSubmit(user);
    await screen.findByRole('heading', { level: 2, name: 'Your new API token' });
    expect(
      screen
        .getByText(
          'This token stays Pending until you verify your email address with the link we sent you; then it becomes Active.',
        )
        .closest('[role="status"]'),
    ).not.toBeNull();
  });

  it('says nothing about pending once the email is verified', async () => {
    await showResult();
    expect(screen.queryByText(/stays Pending/)).not.toBeInTheDocument();
  });

  it('sends the exact body and shows the client id and secret once, with copy buttons', async () => {
    const { callsTo, queryClient, user } = await openForm();
    queryClient.setQueryData(['tokens', 'list'], { clients: [] });
    await fillAndSubmit(user);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your new API token' })).toHaveFocus();
    expect(callsTo(tokens.createClient).map((call) => call.body)).toEqual([
      {
        label: 'Scores app',
        apiType: 'rest',
        liveGame: true,
        preGame: false,
        postGame: true,
        sports: ['nfl', 'nhl'],
      },
    ]);
    expect(screen.getByRole('textbox', { name: 'Client ID' })).toHaveValue(CREDENTIALS.clientId);
    expect(screen.getByRole('textbox', { name: 'Client Secret' })).toHaveValue(CREDENTIALS.clientSecret);
    expect(screen.getByRole('button', { name: 'Copy Client ID' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Client Secret' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('cannot be seen again');
    expect(screen.queryByRole('form', { name: 'New Token Request' })).not.toBeInTheDocument();
    // The dashboard's token list is refetched when next shown.
    expect(queryClient.getQueryState(['tokens', 'list'])?.isInvalidated).toBe(true);
  });

  it('disables Submit Request while the request is being sent', async () => {
    const { user } = await openForm();
    // CreateClient's double answers once the test lets it.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const answerAll = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      if (String(input) === tokens.createClient.path) await released;
      return answerAll(input, init);
    });
    await fillAndSubmit(user);
    expect(await screen.findByRole('button', { name: /Submit Request/ })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your new API token' })).toBeInTheDocument();
  });

  it.each([
    ['a server error', internalError],
    [
      'a 400 without details',
      {
        status: 400 as const,
        // Fastify's refusal of a body that is not JSON, passed on by the error handler.
        body: {
          error: ERROR_CODES.validation,
          message: "Body is not valid JSON but content-type is set to 'application/json'",
        },
      },
    ],
    [
      'a 400 naming a field the form does not have',
      validationFailed(tokenRequestSchema, { scope: 'nfl\u0000' })!,
    ],
  ])('shows the Failed to create Client dialog on %s and keeps the form', async (_case, answer) => {
    const { user } = await openForm({ createAnswer: answer });
    await fillAndSubmit(user);
    const dialog = await screen.findByRole('dialog', { name: 'Failed to create Client' });
    expect(dialog).toHaveTextContent(
      'An error occurred while creating the new client. Try submitting your request again, if the issue persists, please contact us.',
    );
    expect(dialog).toHaveTextContent(MESSAGES.createClientFailed);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/Token Nickname/, { selector: 'input' })).toHaveValue('  Scores app  ');
    expect(screen.getByRole('checkbox', { name: 'Football' })).toBeChecked();
  });

  it('shows the dialog when the server cannot be reached', async () => {
    const { user } = await openForm();
    const answer = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation((input, init) =>
      String(input) === '/api/CreateClient'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : (answer?.(input, init) as Promise<Response>),
    );
    await fillAndSubmit(user);
    expect(await screen.findByRole('dialog', { name: 'Failed to create Client' })).toBeInTheDocument();
  });

  it("puts a 400's field messages on the fields instead of the dialog", async () => {
    // What the server answers a body its schema refuses on three fields.
    const refusal = validationFailed(tokenRequestSchema, {
      label: 'S',
      apiType: 'rest',
      liveGame: true,
      preGame: false,
      postGame: 'yes',
      sports: ['nfl', 'xfl'],
    })!;
    const [label, postGame, sport] = refusal.body.details!.map(({ message }) => message);
    expect(refusal.body.details!.map(({ field }) => field)).toEqual(['label', 'postGame', 'sports.1']);
    const { user } = await openForm({ createAnswer: refusal });
    await fillAndSubmit(user);
    expect(await screen.findByText(label!)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Sports' })).getByText(sport!)).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Data timing' })).getByText(postGame!),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the result view', () => {
  it('asks before leaving for the dashboard while the secret has not been copied', async () => {
    const { history, user } = await showResult({ withShell: true });
    await user.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without copying the secret?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay and copy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(history.location.pathname).toBe('/create-client');
    expect(screen.getByRole('textbox', { name: 'Client Secret' })).toHaveValue(CREDENTIALS.clientSecret);

    await user.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave anyway' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
    // The location changes before the lazily loaded dashboard has replaced the result view.
    await screen.findByRole('heading', { level: 1, name: /^Welcome back/ });
    expect(screen.queryByText(CREDENTIALS.clientSecret)).not.toBeInTheDocument();
  });

  it('goes to the dashboard without asking once the secret was copied', async () => {
    const { history, user } = await showResult({ withShell: true });
    // After userEvent.setup(), which puts its own clipboard in place.
    const writeText = installClipboard();
    await user.click(screen.getByRole('button', { name: 'Copy Client Secret' }));
    expect(writeText).toHaveBeenCalledWith(CREDENTIALS.clientSecret);
    await user.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts a new, empty request after confirming, and forgets the secret', async () => {
    const { user } = await showResult();
    await user.click(screen.getByRole('button', { name: 'Request another token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without copying the secret?' });
    expect(dialog).toHaveTextContent('It cannot be shown again');
    await user.click(within(dialog).getByRole('button', { name: 'Leave anyway' }));
    expect(await screen.findByLabelText(/Token Nickname/, { selector: 'input' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Football' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Client Secret' })).not.toBeInTheDocument();
  });

  it('never holds back signing out', async () => {
    const { history, user } = await showResult({ withShell: true });
    await user.click(screen.getByRole('button', { name: /Log Out/ }));
    await waitFor(() => expect(history.location.pathname).toBe('/login'));
    expect(
      screen.queryByRole('dialog', { name: 'Leave without copying the secret?' }),
    ).not.toBeInTheDocument();
  });
});
