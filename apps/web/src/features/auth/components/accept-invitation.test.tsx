import {
  ERROR_CODES,
  INVITATION_PROBLEM_MESSAGES,
  JOIN_REFUSAL_MESSAGES,
  TEAM_MESSAGES,
  type InvitationProblem,
  type InvitationSummary,
} from '@datafeeds/domain';
import { account, auth, system, team, tokens, users } from '@datafeeds/domain/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '@/lib/auth/session-store';
import { answer, mockCalls, type CallDouble, type DoubleAnswer } from '@/testing/call-doubles';
import { appConfig, makeLinkToken, makeQuota, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { startFakeClock } from '@/testing/fake-clock';
import { preloadRoutes, renderApp } from '@/testing/render';
import { profileNotFound, serviceUnavailable } from '@/testing/server-errors';
import { SIGN_IN_TO_ACCEPT } from './accept-invitation';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOKEN = makeLinkToken('invitation');
const LINK = `/accept-invitation?token=${TOKEN}`;

function summary(overrides: Partial<InvitationSummary> = {}): InvitationSummary {
  return {
    email: 'grace@example.com',
    companyName: 'Engines Ltd',
    role: 'member',
    invitedBy: 'Ada Lovelace',
    expiresAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    accountExists: false,
    ...overrides,
  };
}

function mockInvitationApi(getInvitation: DoubleAnswer<typeof team.getInvitation>, ...extra: CallDouble[]) {
  return mockCalls(
    answer(system.config, { body: appConfig }),
    answer(team.getInvitation, getInvitation),
    answer(users.checkUsernameRegistered, { body: { usernameRegistered: false } }),
    answer(tokens.getClients, { body: { clients: [] } }),
    answer(account.getQuota, { body: makeQuota() }),
    ...extra,
  );
}

const PROBLEMS: [InvitationProblem, 404 | 410][] = [
  ['invitation_invalid', 404],
  ['invitation_expired', 410],
  ['invitation_revoked', 410],
  ['invitation_used', 410],
  ['invitation_superseded', 410],
];

describe('Accept invitation page: bad links', () => {
  it.each(PROBLEMS)('%s (%i) says why in plain words and offers a way on', async (problem, status) => {
    mockInvitationApi({ status, body: { error: problem, message: INVITATION_PROBLEM_MESSAGES[problem] } });
    renderApp(LINK);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVITATION_PROBLEM_MESSAGES[problem]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('a link without its token is a wrong link, and nothing is asked of the server', async () => {
    const { callsTo } = mockInvitationApi({ body: summary() });
    renderApp('/accept-invitation');
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.invitationInvalid);
    expect(callsTo(team.getInvitation)).toEqual([]);
  });

  it('a failure to load is not mistaken for a bad link: it offers to try again', async () => {
    mockInvitationApi(serviceUnavailable());
    // The query asks twice more, a second and then two apart, before it gives up: on the fake clock the
    // wait takes no real time.
    await preloadRoutes(LINK);
    startFakeClock();
    renderApp(LINK);
    expect(
      await screen.findByText(/The invitation could not be loaded/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('Accept invitation page: a new person', () => {
  it('shows the invitation and a registration form without company fields, the email fixed', async () => {
    mockInvitationApi({ body: summary() });
    renderApp(LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Engines Ltd' })).toBeInTheDocument();
    expect(
      screen.getByText(/Ada Lovelace invited grace@example.com to join Engines Ltd as a member/),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create your account' });
    expect(within(form).queryByLabelText(/Company/)).toBeNull();
    const email = within(form).getByLabelText(/Email/, { selector: 'input' });
    expect(email).toHaveValue('grace@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(within(form).getByRole('checkbox', { name: /Terms of Service/ })).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: /Privacy Policy/ })).toBeInTheDocument();
  });

  it('registers through the link, stores the session and opens the dashboard', async () => {
    const { callsTo } = mockInvitationApi(
      { body: summary() },
      answer(team.registerWithInvitation, { status: 201, body: { token: fakeJwt(900) } }),
      answer(users.getUser, { body: makeUser({ email: 'grace@example.com', role: 'member' }) }),
    );
    const { history } = renderApp(LINK);
    const form = await screen.findByRole('form', { name: 'Create your account' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    expect(await within(form).findByText('First Name is not allowed to be empty')).toBeInTheDocument();
    expect(callsTo(team.registerWithInvitation)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/First Name/, { selector: 'input' }), 'Grace');
    await userEvent.type(within(form).getByLabelText(/Last Name/, { selector: 'input' }), 'Hopper');
    await userEvent.type(within(form).getByLabelText(/Username/, { selector: 'input' }), 'gracehop');
    await userEvent.type(within(form).getByLabelText(/^Password/, { selector: 'input' }), 'secret-password');
    await userEvent.click(within(form).getByRole('checkbox', { name: /Terms of Service/ }));
    await userEvent.click(within(form).getByRole('checkbox', { name: /Privacy Policy/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));

    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
    expect(callsTo(team.registerWithInvitation).map(({ body }) => body)).toEqual([
      {
        token: TOKEN,
        firstName: 'Grace',
        lastName: 'Hopper',
        username: 'gracehop',
        password: 'secret-password',
        phone: '',
        userHasAgreedToTermsOfService: true,
        userHasReadPrivacyPolicy: true,
      },
    ]);
    expect(getToken()).not.toBeNull();
  });

  it("shows the server's refusal when the link went bad meanwhile", async () => {
    mockInvitationApi(
      { body: summary() },
      answer(team.registerWithInvitation, {
        status: 410,
        body: { error: 'invitation_revoked', message: INVITATION_PROBLEM_MESSAGES.invitation_revoked },
      }),
    );
    renderApp(LINK);
    const form = await screen.findByRole('form', { name: 'Create your account' });
    await userEvent.type(within(form).getByLabelText(/First Name/, { selector: 'input' }), 'Grace');
    await userEvent.type(within(form).getByLabelText(/Last Name/, { selector: 'input' }), 'Hopper');
    await userEvent.type(within(form).getByLabelText(/Username/, { selector: 'input' }), 'gracehop');
    await userEvent.type(within(form).getByLabelText(/^Password/, { selector: 'input' }), 'secret-password');
    await userEvent.click(within(form).getByRole('checkbox', { name: /Terms of Service/ }));
    await userEvent.click(within(form).getByRole('checkbox', { name: /Privacy Policy/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.invitationRevoked);
    expect(getToken()).toBeNull();
  });
});

describe('Accept invitation page: an existing account', () => {
  it('signed out: asks to sign in and comes back to the link afterwards', async () => {
    mockInvitationApi(
      { body: summary({ accountExists: true }) },
      answer(auth.login, { body: { token: fakeJwt(900) } }),
      answer(users.getUser, profileNotFound()),
    );
    const { history } = renderApp(LINK);
    const signIn = await screen.findByRole('link', { name: SIGN_IN_TO_ACCEPT });
    expect(signIn).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('form', { name: 'Create your account' })).toBeNull();
    await userEvent.click(signIn);
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await userEvent.type(screen.getByLabelText(/Email/, { selector: 'input' }), 'grace@example.com');
    await userEvent.type(screen.getByLabelText(/Password/, { selector: 'input' }), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: /Sign in/ }));
    await waitFor(() => expect(`${history.location.pathname}${history.location.search}`).toBe(LINK));
    expect(await screen.findByRole('button', { name: 'Join Engines Ltd' })).toBeInTheDocument();
  });

  it('signed in without a portal profile (GetUser 404): joins and lands on the dashboard', async () => {
    setToken(fakeJwt(900));
    let joined = false;
    const { callsTo } = mockInvitationApi(
      { body: summary({ accountExists: true }) },
      answer(users.getUser, () =>
        joined ? { body: makeUser({ email: 'grace@example.com', role: 'member' }) } : profileNotFound(),
      ),
      answer(team.acceptInvitation, () => {
        joined = true;
        return { body: makeUser({ email: 'grace@example.com', role: 'member' }) };
      }),
    );
    const { history } = renderApp(LINK);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Engines Ltd' }));
    // Without a profile, the names come first, as /welcome asks for them.
    expect(await screen.findByText('First Name is not allowed to be empty')).toBeInTheDocument();
    expect(callsTo(team.acceptInvitation)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/First Name/, { selector: 'input' }), 'Grace');
    await userEvent.type(screen.getByLabelText(/Last Name/, { selector: 'input' }), 'Hopper');
    await userEvent.click(screen.getByRole('button', { name: 'Join Engines Ltd' }));
    await waitFor(() => expect(history.location.pathname).toBe('/dashboard'));
    expect(callsTo(team.acceptInvitation).map(({ body }) => body)).toEqual([
      { token: TOKEN, firstName: 'Grace', lastName: 'Hopper' },
    ]);
    // The first visit of a person who had no profile: no 'Welcome back' yet.
    expect(
      await screen.findByRole('heading', { level: 1, name: /^Welcome to DataFeeds, / }),
    ).toBeInTheDocument();
  });

  it.each([
    ['other_company', 'grace@example.com'],
    ['email_mismatch', 'someone.else@example.com'],
  ] as const)(
    'signed in, refused (%s): says why before any click, and offers another account',
    async (refusal, email) => {
      setToken(fakeJwt(900));
      const { callsTo } = mockInvitationApi(
        { body: summary({ accountExists: true, caller: { email, canJoin: false, refusal } }) },
        answer(users.getUser, { body: makeUser({ email, companyName: 'Other Co' }) }),
      );
      renderApp(LINK);
      expect(await screen.findByRole('alert')).toHaveTextContent(JOIN_REFUSAL_MESSAGES[refusal]);
      expect(screen.getByText(/You are signed in as/)).toHaveTextContent(email);
      // Another address is named only when it is the reason.
      expect(screen.getByText(/You are signed in as/)).toHaveTextContent(
        refusal === 'email_mismatch'
          ? `You are signed in as ${email}. This invitation is for grace@example.com.`
          : `You are signed in as ${email}.`,
      );
      expect(screen.queryByRole('button', { name: 'Join Engines Ltd' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Use another account' })).toBeEnabled();
      expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
      expect(callsTo(team.acceptInvitation)).toEqual([]);
    },
  );

  it("a refusal that comes only at the click (the account's state changed) is shown in full", async () => {
    setToken(fakeJwt(900));
    const { callsTo } = mockInvitationApi(
      {
        body: summary({
          accountExists: true,
          caller: { email: 'grace@example.com', canJoin: true, refusal: null },
        }),
      },
      answer(users.getUser, { body: makeUser({ email: 'grace@example.com', companyName: 'Other Co' }) }),
      answer(team.acceptInvitation, {
        status: 409,
        body: { error: ERROR_CODES.conflict, message: JOIN_REFUSAL_MESSAGES.other_company },
      }),
    );
    const { history } = renderApp(LINK);
    expect(await screen.findByText(/You are signed in as/)).toHaveTextContent('grace@example.com');
    expect(screen.queryByLabelText(/First Name/)).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Join Engines Ltd' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TEAM_MESSAGES.otherCompany);
    expect(callsTo(team.acceptInvitation).map(({ body }) => body)).toEqual([{ token: TOKEN }]);
    expect(history.location.pathname).toBe('/accept-invitation');
  });
});
