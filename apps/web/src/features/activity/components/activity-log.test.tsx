import {
  AUDIT_ACTOR_NAMES,
  AUDIT_EVENT_LABELS,
  COMPANY_AUDIT_EVENT_KINDS,
  formatDateTime,
  type ActivityPage,
  type AuditEvent,
  type AuditEventKind,
} from '@datafeeds/domain';
import { account, activity, system, users } from '@datafeeds/domain/calls';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls, type CalledWith, type DoubleAnswer } from '@/testing/call-doubles';
import {
  appConfig,
  internalError,
  makeAuditEvent,
  makeClientId,
  makeQuota,
  makeUser,
} from '@/testing/fixtures';
import { fakeJwt } from '@/testing/jwt';
import { renderApp } from '@/testing/render';
import { activityCsvFileName } from '../api/export-activity';
import { ACTIVITY_COLUMNS } from './activity-table';
import {
  ACTIVITY_LOAD_FAILED,
  ALL_EVENTS,
  EXPORT_FAILED,
  NO_ACTIVITY,
  NO_MATCHING_ACTIVITY,
} from './activity-texts';

const CSV = 'time,event,actor,ip_address,user_agent,detail\r\n';

/** 60 events, newest first: every third one a token creation by the provider team. */
const events: AuditEvent[] = Array.from({ length: 60 }, (_, index) =>
  index % 3 === 0
    ? makeAuditEvent({
        kind: 'credential.created',
        actor: { kind: 'operator', email: null },
        ipAddress: null,
        userAgent: null,
        detail: { clientId: makeClientId(String(index)), label: `Token ${index}` },
      })
    : makeAuditEvent(),
);

type GetActivityRequest = CalledWith<typeof activity.getActivity>;
type GetActivityAnswer = DoubleAnswer<typeof activity.getActivity>;

/** GetActivity as the server answers it: the filter by kind, then the page asked for. */
function answerActivity({ query }: GetActivityRequest): GetActivityAnswer {
  const kind = query.get('kind') as AuditEventKind | null;
  const page = Number(query.get('page'));
  const pageSize = Number(query.get('pageSize'));
  const matching = events.filter((event) => kind === null || event.kind === kind);
  const body: ActivityPage = {
    events: matching.slice(page * pageSize, (page + 1) * pageSize),
    page,
    pageSize,
    total: matching.length,
  };
  return { body };
}

const csvFile = {
  text: CSV,
  headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="activity.csv"' },
};

function mockActivityApi(
  getActivity: (request: GetActivityRequest) => GetActivityAnswer = answerActivity,
  exportActivity: DoubleAnswer<typeof activity.exportActivity> = csvFile,
) {
  setToken(fakeJwt(900));
  return mockCalls(
    answer(users.getUser, { body: makeUser() }),
    answer(system.config, { body: appConfig }),
    answer(account.getQuota, { body: makeQuota() }),
    answer(activity.getActivity, getActivity),
    answer(activity.exportActivity, exportActivity),
  );
}

async function openActivity() {
  renderApp('/activity');
  await screen.findByRole('heading', { level: 1, name: 'Activity' });
  return screen.findByRole('table', { name: 'Activity' });
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Activity' }))
    .getAllByRole('row')
    .slice(1);
const queriesOf = (requests: { query: URLSearchParams }[]) =>
  requests.map(({ query }) => Object.fromEntries(query));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Activity page', () => {
  it('is in the sidebar after Profile and Team and lists the newest events with every column', async () => {
    const { callsTo } = mockActivityApi();
    await openActivity();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(links.indexOf('Profile'), links.indexOf('Activity') + 1)).toEqual([
      'Profile',
      'Team',
      'Activity',
    ]);
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/activity');

    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      ...ACTIVITY_COLUMNS,
    ]);
    expect(queriesOf(callsTo(activity.getActivity))).toEqual([{ page: '0', pageSize: '25' }]);
    expect(bodyRows()).toHaveLength(25);
    const [first, second] = bodyRows();
    expect(first).toHaveTextContent(formatDateTime(events[0]!.at));
    expect(first).toHaveTextContent(AUDIT_EVENT_LABELS['credential.created']);
    expect(first).toHaveTextContent(AUDIT_ACTOR_NAMES.operator);
    expect(first).toHaveTextContent('Created “Token 0” (client ID …00000)');
    expect(second).toHaveTextContent('Signed in');
    expect(second).toHaveTextContent('ada@example.com');
    expect(second).toHaveTextContent('203.0.113.7');
    // The user agent is cut to one line on screen, but its whole text is in the page and on hover.
    const agent = within(second!).getByText(events[1]!.userAgent!);
    await userEvent.hover(agent);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(events[1]!.userAgent!);
  });

  it('says what each event did in words, with names and local times, never raw keys or ids', async () => {
    // Identities are UUIDs; none may show.
    const identity = (n: number) => `6f1c2d3e-4b5a-4c6d-8e7f-${String(n).padStart(12, '0')}`;
    const [markId, oliviaId, goneId] = [identity(1), identity(2), identity(3)] as const;
    const [oldClientId, newClientId] = [makeClientId('oldAB12C'), makeClientId('new')] as const;
    const rotatedAt = '2026-11-25T18:40:00.000Z';
    const endsAt = '2026-11-26T18:40:00.000Z';
    const worded = [
      makeAuditEvent({
        kind: 'member.role_changed',
        detail: { memberId: markId, email: 'mark@example.com', from: 'member', to: 'admin' },
        names: { [markId]: 'Mark Member' },
      }),
      makeAuditEvent({
        kind: 'ownership.transferred',
        detail: { fromMemberId: oliviaId, toMemberId: goneId, toEmail: 'alan@example.com' },
      }),
      makeAuditEvent({
        kind: 'credential.rotated',
        at: rotatedAt,
        detail: {
          clientId: oldClientId,
          newClientId,
          label: 'Scores app',
          gracePeriod: '24h',
          oldSecretEndsAt: endsAt,
        },
      }),
      makeAuditEvent({
        kind: 'credential.rotated',
        at: rotatedAt,
        detail: {
          clientId: oldClientId,
          newClientId,
          label: 'Scores app',
          gracePeriod: 'none',
          oldSecretEndsAt: rotatedAt,
        },
      }),
    ];
    mockActivityApi(() => ({ body: { events: worded, page: 0, pageSize: 25, total: worded.length } }));
    await openActivity();
    const rows = bodyRows();
    expect(rows[0]).toHaveTextContent("Changed Mark Member's role from member to admin");
    expect(rows[1]).toHaveTextContent('Handed ownership over to alan@example.com');
    expect(rows[2]).toHaveTextContent(
      `Rotated “Scores app” (client ID …AB12C); the old secret works until ${formatDateTime(endsAt)}`,
    );
    expect(rows[3]).toHaveTextContent(
      'Rotated “Scores app” (client ID …AB12C); the old secret stopped at once',
    );
    const table = screen.getByRole('table', { name: 'Activity' });
    for (const raw of ['memberId', 'toMemberId', markId, oliviaId, goneId, 'gracePeriod', endsAt])
      expect(table).not.toHaveTextContent(raw);
  });

  it('offers only the event kinds a company can have: no verifier-key events', async () => {
    mockActivityApi();
    await openActivity();
    await userEvent.click(screen.getByRole('combobox', { name: 'Event' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      ALL_EVENTS,
      ...COMPANY_AUDIT_EVENT_KINDS.map((kind) => AUDIT_EVENT_LABELS[kind]),
    ]);
    expect(options).not.toContain(AUDIT_EVENT_LABELS['verifier_key.created']);
    expect(options).not.toContain(AUDIT_EVENT_LABELS['verifier_key.revoked']);
  });

  it('asks the server for the next page and for another page size', async () => {
    const { callsTo } = mockActivityApi();
    await openActivity();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getByText('26–50 of 60')).toBeInTheDocument());
    expect(bodyRows()[0]).toHaveTextContent(formatDateTime(events[25]!.at));

    await userEvent.click(screen.getByRole('combobox', { name: /Events per page/ }));
    await userEvent.click(screen.getByRole('option', { name: '10' }));
    await waitFor(() => expect(screen.getByText('1–10 of 60')).toBeInTheDocument());
    expect(bodyRows()).toHaveLength(10);
    expect(queriesOf(callsTo(activity.getActivity))).toEqual([
      { page: '0', pageSize: '25' },
      { page: '1', pageSize: '25' },
      { page: '0', pageSize: '10' },
    ]);
  });

  it('filters by kind and dates, back on the first page', async () => {
    const { callsTo } = mockActivityApi();
    await openActivity();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(screen.getByText('26–50 of 60')).toBeInTheDocument());

    await userEvent.click(screen.getByRole('combobox', { name: 'Event' }));
    expect(screen.getByRole('option', { name: ALL_EVENTS })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'API token created' }));
    await waitFor(() => expect(screen.getByText('1–20 of 20')).toBeInTheDocument());
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-10' } });
    await waitFor(() => expect(queriesOf(callsTo(activity.getActivity))).toHaveLength(5));
    expect(queriesOf(callsTo(activity.getActivity)).slice(2)).toEqual([
      { kind: 'credential.created', page: '0', pageSize: '25' },
      { kind: 'credential.created', from: '2026-03-01', page: '0', pageSize: '25' },
      { kind: 'credential.created', from: '2026-03-01', to: '2026-03-10', page: '0', pageSize: '25' },
    ]);
  });

  it('says when there is no activity, and when nothing matches the filter', async () => {
    mockActivityApi(({ query }) => ({
      body: { events: [], page: 0, pageSize: Number(query.get('pageSize')), total: 0 },
    }));
    renderApp('/activity');
    expect(await screen.findByText(NO_ACTIVITY)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText(NO_MATCHING_ACTIVITY)).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it again on Try again', async () => {
    let failing = true;
    mockActivityApi((request) => (failing ? internalError : answerActivity(request)));
    renderApp('/activity');
    expect(await screen.findByText(ACTIVITY_LOAD_FAILED)).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Activity' })).toBeInTheDocument();
  });

  it('reports a CSV download that failed', async () => {
    mockActivityApi(answerActivity, internalError);
    await openActivity();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText(EXPORT_FAILED)).toBeInTheDocument();
  });

  it('stacks each event in one cell on small screens, keeping every detail', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    mockActivityApi();
    await openActivity();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Event']);
    const [first, second] = bodyRows();
    expect(first).toHaveTextContent('API token created');
    expect(first).toHaveTextContent(AUDIT_ACTOR_NAMES.operator);
    expect(first).toHaveTextContent('Created “Token 0” (client ID …00000)');
    expect(second).toHaveTextContent(`IP address ${events[1]!.ipAddress!}`);
    expect(within(second!).getByText(events[1]!.userAgent!)).toBeInTheDocument();
  });

  it('downloads the CSV of the current filter with the session token', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:activity');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { callsTo } = mockActivityApi();
    await openActivity();
    await userEvent.click(screen.getByRole('combobox', { name: 'Event' }));
    await userEvent.click(screen.getByRole('option', { name: 'Signed in' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [exportCall] = callsTo(activity.exportActivity);
    expect(Object.fromEntries(exportCall!.query)).toEqual({
      kind: 'sign_in.succeeded',
      from: '2026-03-01',
    });
    expect(exportCall!.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(clicked[0]!.download).toBe(activityCsvFileName());
    expect(clicked[0]!.download).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(clicked[0]!.href).toBe('blob:activity');
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe(CSV);
  });
});
