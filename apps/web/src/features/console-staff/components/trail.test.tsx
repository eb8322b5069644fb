import {
  AUDIT_EVENT_LABELS,
  formatDateTime,
  type ConsoleStaffMember,
  type StaffTrail,
} from '@datafeeds/domain';
import * as consoleTools from '@datafeeds/domain/calls/console-tools';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { config } from '@/testing/console-doubles';
import { ADMIN_ID, adminAccount, renderTool, signedInAs } from '@/testing/console-tool-screens';

type TrailEvent = StaffTrail['events'][number];
const COMPANY_ID = '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const TOTAL = 30;

/** The trail's events, newest first: a staff member's and, every third, an operator command's. */
function eventAt(index: number): TrailEvent {
  const operator = index % 3 === 2;
  return {
    id: `event-${index}`,
    at: new Date(Date.UTC(2026, 10, 25, 12, 0) - index * 60_000).toISOString(),
    kind: operator ? 'verifier_key.created' : 'trial.extended',
    actor: operator ? { kind: 'operator', email: null } : { kind: 'staff', email: 'ada@datafeeds.example' },
    ipAddress: null,
    userAgent: null,
    detail: operator ? { name: `feed-${index}` } : { trialEndsAt: '2026-12-31T00:00:00.000Z' },
    names: {},
    company: operator ? null : { id: COMPANY_ID, name: `Acme ${index}` },
  };
}

const trail = answer(consoleTools.getStaffTrail, (request) => {
  const page = Number(request.query.get('page') ?? 0);
  const pageSize = Number(request.query.get('pageSize') ?? 25);
  const events = Array.from({ length: TOTAL }, (_, index) => eventAt(index)).slice(
    page * pageSize,
    (page + 1) * pageSize,
  );
  return { body: { events, page, pageSize, total: TOTAL } };
});

const members: ConsoleStaffMember[] = [adminAccount];

async function openScreen() {
  renderTool('/console/trail');
  await screen.findByRole('heading', { level: 1, name: 'Staff trail' });
  return screen.findByRole('table', { name: 'Staff trail' });
}

describe('staff trail', () => {
  it('names the staff member or the operator, says what they did and links the company', async () => {
    mockCalls(config, signedInAs('support'), trail);
    const rows = within(await openScreen()).getAllByRole('row');
    expect(rows).toHaveLength(26);
    expect(rows[1]).toHaveTextContent('ada@datafeeds.example');
    expect(rows[1]).toHaveTextContent(AUDIT_EVENT_LABELS['trial.extended']);
    expect(rows[1]).toHaveTextContent(
      `Moved the end of the trial to ${formatDateTime('2026-12-31T00:00:00.000Z')}`,
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Acme 0' })).toHaveAttribute(
      'href',
      `/console/companies/${COMPANY_ID}`,
    );
    expect(rows[3]).toHaveTextContent('DataFeeds team (operator)');
    expect(rows[3]).toHaveTextContent(AUDIT_EVENT_LABELS['verifier_key.created']);
    expect(within(rows[3]!).queryByRole('link')).toBeNull();
  });

  it('pages through the trail', async () => {
    const { callsTo } = mockCalls(config, signedInAs('support'), trail);
    await openScreen();
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('26–30 of 30')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Staff trail' })).getAllByRole('row')).toHaveLength(6),
    );
    expect(screen.getByRole('link', { name: 'Acme 25' })).toBeInTheDocument();
    expect(callsTo(consoleTools.getStaffTrail).at(-1)?.query.get('page')).toBe('1');
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });

  it("lets an admin narrow it to one staff member's actions", async () => {
    const { callsTo } = mockCalls(
      config,
      signedInAs('admin'),
      trail,
      answer(consoleTools.listStaff, { body: { staff: members } }),
    );
    await openScreen();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Staff member' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ada@datafeeds.example' }));
    await waitFor(() =>
      expect(callsTo(consoleTools.getStaffTrail).at(-1)?.query.get('staffId')).toBe(ADMIN_ID),
    );
    expect(callsTo(consoleTools.getStaffTrail)[0]?.query.has('staffId')).toBe(false);
  });

  it('offers support staff no filter (the staff list is for admins)', async () => {
    const { callsTo } = mockCalls(config, signedInAs('support'), trail);
    await openScreen();
    expect(screen.queryByRole('combobox', { name: 'Staff member' })).toBeNull();
    expect(callsTo(consoleTools.listStaff)).toHaveLength(0);
  });
});
