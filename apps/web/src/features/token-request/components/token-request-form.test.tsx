import type { User } from '@datafeeds/domain';
import { system, tokens, users } from '@datafeeds/domain/calls';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls } from '@/testing/call-doubles';
import { fillAndBlur } from '@/testing/form';
import { appConfig, makeUser } from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { renderScreen } from '@/testing/render';

const TIMING_REQUIRED = 'At least one of Live Feed, Pre Game, or Post Game must selected';
const LATENCY_REQUIRED = 'You must select at least one Latency type';
const SPORT_REQUIRED = 'You must select at least one Sport';

async function openForm(user: User = makeUser()) {
  setToken(fakeJwt(900));
  const { callsTo } = mockCalls(
    answer(users.getUser, { body: user }),
    answer(system.config, { body: appConfig }),
  );
  const app = await renderScreen('/create-client');
  await screen.findByRole('heading', { level: 1, name: 'New Token Request' });
  return { ...app, callsTo };
}

/** The sport cards' names in order: each checkbox is named by the card's title. */
const sportNames = () =>
  within(screen.getByRole('group', { name: 'Sports' }))
    .getAllByRole('checkbox')
    .map((box) => document.getElementById(box.getAttribute('aria-labelledby') ?? '')?.textContent);

async function chooseApiType(label: 'REST' | 'GraphQL') {
  await userEvent.click(screen.getByRole('combobox', { name: /^API Type/ }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

describe('New Token Request form', () => {
  it('says nothing about the nickname when the user clicks a checkbox without having typed it', async () => {
    await openForm();
    await userEvent.click(screen.getByLabelText(/Token Nickname/, { selector: 'input' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Live Feed' }));
    expect(screen.queryByText(/is not allowed to be empty/)).not.toBeInTheDocument();
  });

  it('shows the fields, the three timing options with their data tiers and the submit button', async () => {
    await openForm();
    expect(screen.getByLabelText(/Token Nickname/, { selector: 'input' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /^API Type/ })).toHaveTextContent('REST');
    const timing = screen.getByRole('group', { name: 'Data timing' });
    expect(within(timing).getByRole('checkbox', { name: 'Live Feed' })).toHaveAccessibleDescription(
      'Adds live scores, live box scores, and live player and team game-by-game data.',
    );
    expect(within(timing).getByRole('checkbox', { name: 'Pre Game' })).toHaveAccessibleDescription(
      'Has schedules, team and player info and stats, depth charts and injuries.',
    );
    expect(within(timing).getByRole('checkbox', { name: 'Post Game' })).toHaveAccessibleDescription(
      'Adds final and box scores, historical game-by-game data and available minutes.',
    );
    for (const box of within(timing).getAllByRole('checkbox')) expect(box).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Submit Request' })).toBeEnabled();
  });

  it('shows the trial note to a trial company only', async () => {
    const note = "Trial keys contain current-season data only, or last season's if the sport is inactive.";
    const { unmount } = await openForm(makeUser({ companyAccountStatus: 'trial' }));
    expect(screen.getByText(note)).toBeInTheDocument();
    unmount();
    await openForm(makeUser({ companyAccountStatus: 'paid' }));
    expect(screen.queryByText(note)).not.toBeInTheDocument();
  });

  it('offers the nine REST sports as cards with their leagues, and only Football and Baseball for GraphQL', async () => {
    await openForm();
    expect(sportNames()).toEqual([
      'Football',
      'Basketball',
      'Baseball',
      'Hockey',
      'College Basketball',
      'College Football',
      'Darts',
      'Soccer',
      'Golf',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Football' })).toHaveAccessibleDescription('NFL');
    expect(screen.getByRole('checkbox', { name: 'Golf' })).toHaveAccessibleDescription('PGA');
    await chooseApiType('GraphQL');
    expect(sportNames()).toEqual(['Football', 'Baseball']);
    expect(screen.getByRole('checkbox', { name: 'Baseball' })).toHaveAccessibleDescription('MLB');
  });

  it('clears the chosen sports when the API type changes', async () => {
    await openForm();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Football' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hockey' }));
    expect(screen.getByRole('checkbox', { name: 'Football' })).toBeChecked();
    await chooseApiType('GraphQL');
    expect(screen.getByRole('checkbox', { name: 'Football' })).not.toBeChecked();
    await chooseApiType('REST');
    expect(screen.getByRole('checkbox', { name: 'Football' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Hockey' })).not.toBeChecked();
  });

  it('validates the nickname when leaving it', async () => {
    await openForm();
    await fillAndBlur(/Token Nickname/, '');
    expect(await screen.findByText('Token Nickname is not allowed to be empty')).toBeInTheDocument();
    await fillAndBlur(/Token Nickname/, ' a ');
    expect(
      await screen.findByText('Token Nickname length must be at least 2 characters long'),
    ).toBeInTheDocument();
    await fillAndBlur(/Token Nickname/, 'My feed');
    await waitFor(() => expect(screen.queryByText(/Token Nickname length/)).not.toBeInTheDocument());
  });

  it('validates the timing group and the sports when focus leaves them, not between their boxes', async () => {
    await openForm();
    const live = screen.getByRole('checkbox', { name: 'Live Feed' });
    await userEvent.click(live);
    await userEvent.click(live);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pre Game' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pre Game' }));
    expect(screen.queryByText(TIMING_REQUIRED)).not.toBeInTheDocument();
    await userEvent.click(document.body);
    const timing = screen.getByRole('group', { name: 'Data timing' });
    expect(await within(timing).findByText(TIMING_REQUIRED)).toBeInTheDocument();
    // The manual 'Latency type' check runs on submit only.
    expect(screen.queryByText(LATENCY_REQUIRED)).not.toBeInTheDocument();
    expect(live).toHaveAttribute('aria-invalid', 'true');

    const football = screen.getByRole('checkbox', { name: 'Football' });
    await userEvent.click(football);
    await userEvent.click(football);
    await userEvent.click(document.body);
    const sports = screen.getByRole('group', { name: 'Sports' });
    expect(await within(sports).findByText(SPORT_REQUIRED)).toBeInTheDocument();

    // Fixing a group clears its message at once.
    await userEvent.click(live);
    await waitFor(() => expect(screen.queryByText(TIMING_REQUIRED)).not.toBeInTheDocument());
    await userEvent.click(football);
    await waitFor(() => expect(screen.queryByText(SPORT_REQUIRED)).not.toBeInTheDocument());
  });

  it('on an empty submit shows every message, the Latency type one with the timing group, and sends nothing', async () => {
    const { callsTo } = await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    const timing = screen.getByRole('group', { name: 'Data timing' });
    expect(await within(timing).findByText(TIMING_REQUIRED)).toBeInTheDocument();
    expect(within(timing).getByText(LATENCY_REQUIRED)).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Sports' })).getByText(SPORT_REQUIRED),
    ).toBeInTheDocument();
    expect(screen.getByText('Token Nickname is not allowed to be empty')).toBeInTheDocument();
    expect(screen.getByLabelText(/Token Nickname/, { selector: 'input' })).toHaveFocus();
    expect(callsTo(tokens.createClient)).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Post Game' }));
    await waitFor(() => expect(screen.queryByText(TIMING_REQUIRED)).not.toBeInTheDocument());
    expect(screen.queryByText(LATENCY_REQUIRED)).not.toBeInTheDocument();
  });

  it('describes every timing option and sport card by its group message, so focus tells it', async () => {
    await openForm();
    const live = screen.getByRole('checkbox', { name: 'Live Feed' });
    const football = screen.getByRole('checkbox', { name: 'Football' });
    expect(football).toHaveAccessibleDescription('NFL');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(live).toHaveAccessibleDescription(expect.stringContaining(TIMING_REQUIRED)));
    expect(live).toHaveAccessibleDescription(expect.stringContaining(LATENCY_REQUIRED));
    expect(football).toHaveAttribute('aria-invalid', 'true');
    expect(football).toHaveAccessibleDescription(`NFL ${SPORT_REQUIRED}`);

    await userEvent.click(football);
    await waitFor(() => expect(football).toHaveAccessibleDescription('NFL'));
    expect(football).toHaveAttribute('aria-invalid', 'false');
  });

  it("refuses a sport the chosen timing has no feed for, with the domain's message", async () => {
    await openForm();
    await userEvent.type(screen.getByLabelText(/Token Nickname/, { selector: 'input' }), 'Soccer pre');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Pre Game' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Soccer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    const message = 'SOCCER has no feed for the selected timing; add Live Feed or Post Game';
    expect(await screen.findByText(message)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Post Game' }));
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
  });

  it('keeps the price estimate in step with the choices', async () => {
    await openForm();
    const estimate = screen.getByRole('region', { name: 'Price estimate' });
    expect(estimate).toHaveTextContent('Choose a data timing and at least one sport to see the estimate.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Live Feed' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Football' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Hockey' }));
    const items = within(estimate).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('FootballReal Time & Post Game$7,200.00Qty 1 × $7,200.00');
    expect(items[1]).toHaveTextContent('HockeyReal Time & Post Game$4,800.00Qty 1 × $4,800.00');
    expect(estimate).toHaveTextContent('Annual total (before taxes)$12,000.00');
    expect(estimate).toHaveTextContent('Monthly$1,000.00');
    expect(estimate).toHaveTextContent('12-month term');
    await chooseApiType('GraphQL');
    expect(within(estimate).queryAllByRole('listitem')).toHaveLength(0);
  });
});
