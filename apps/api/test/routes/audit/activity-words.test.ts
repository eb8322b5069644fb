// The Activity page and its CSV export in words (design §8 "Audit log"): the people an event names by id
// come with their names, the export says what happened as the page does, and the provider team is called
// by one name on both.
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_CSV_COLUMNS,
  AUDIT_ACTOR_NAMES,
  activityPageSchema,
  type AuditEvent,
  type AuditEventKind,
} from '@datafeeds/domain';
import { activity, team, users } from '@datafeeds/domain/calls';
import { parseCsv } from '../../../src/lib/csv.ts';
import { runOperatorCommand } from '../../../src/operator/commands.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { testClock } from '../../helpers/clock.ts';
import { bearer, callTo } from '../../helpers/factories.ts';
import {
  acceptInvitation,
  companyOfThree,
  identityIdOf,
  invitationLink,
  invite,
  invitedMember,
  signedInAgain,
  teamCall,
} from '../../helpers/team.ts';
import { createdClient, rotateClient, verifiedUser } from '../../helpers/tokens.ts';

const clock = testClock(new Date('2026-11-25T18:40:00Z'));
const app = await buildTestApp({ clock });

// Names of their own, so that a sentence shows whose name it took. The owner renames herself after the
// others joined: the events show names as they are now.
const registrant = await verifiedUser(app);
const owner = { ...registrant, id: await identityIdOf(app, registrant) };
const admin = await invitedMember(app, owner.token, 'admin', { firstName: 'Alan', lastName: 'Admin' });
const member = await invitedMember(app, owner.token, 'member', { firstName: 'Mark', lastName: 'Member' });
const renamed = await app.inject({
  ...callTo(users.updateUser),
  headers: bearer(owner.token),
  payload: { firstName: 'Olivia', lastName: 'Owner' },
});
expect(renamed.statusCode, renamed.body).toBe(200);
const changed = await teamCall(app, owner.token, team.changeMemberRole, {
  memberId: member.id,
  role: 'admin',
});
expect(changed.statusCode, changed.body).toBe(200);
const token = await createdClient(app, owner.token, { label: 'Scores app' });
expect((await rotateClient(app, owner.token, token.clientId, '24h')).statusCode).toBe(200);
const switched = await createdClient(app, owner.token, { label: 'Switched' });
const operatorSet = await runOperatorCommand(app, {
  command: 'set-token-status',
  args: [switched.clientId, 'inactive'],
});
expect(operatorSet.ok, operatorSet.output).toBe(true);

async function eventsOf(signedIn: { token: string }): Promise<AuditEvent[]> {
  const response = await app.inject({
    ...callTo(activity.getActivity),
    headers: bearer(signedIn.token),
    query: { pageSize: '50' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return activityPageSchema.parse(response.json()).events;
}

const eventOf = (events: AuditEvent[], kind: AuditEventKind) => {
  const event = events.find((candidate) => candidate.kind === kind);
  if (!event) throw new Error(`no ${kind} event`);
  return event;
};

async function exportedRows(): Promise<Record<string, string>[]> {
  const response = await app.inject({ ...callTo(activity.exportActivity), headers: bearer(admin.token) });
  expect(response.statusCode, response.body).toBe(200);
  const [header = [], ...rows] = parseCsv(response.body);
  return rows.map((row) => Object.fromEntries(header.map((column, index) => [column, row[index] ?? ''])));
}

describe('GetActivity names the people its events name by id', () => {
  it('with their names as they are now, the detail unchanged', async () => {
    const events = await eventsOf(admin);
    const roleChange = eventOf(events, 'member.role_changed');
    expect(roleChange.detail).toMatchObject({ memberId: member.id, from: 'member', to: 'admin' });
    expect(roleChange.names).toEqual({ [member.id]: 'Mark Member' });
    const joined = events.filter((event) => event.kind === 'member.joined');
    expect(joined.map((event) => event.names)).toEqual([
      { [owner.id]: 'Olivia Owner' },
      { [owner.id]: 'Olivia Owner' },
    ]);
    expect(eventOf(events, 'credential.created').names).toEqual({});
  });
});

describe('ExportActivity says what happened as the Activity page does', () => {
  it('in a description column, with names and UTC times', async () => {
    const rows = await exportedRows();
    expect(Object.keys(rows[0] ?? {})).toEqual([...ACTIVITY_CSV_COLUMNS]);
    const descriptions = rows.map((row) => row.description);
    expect(descriptions).toContain("Changed Mark Member's role from member to admin");
    expect(descriptions).toContain(
      `Rotated “Scores app” (client ID …${token.clientId.slice(-5)}); the old secret works until 2026-11-26 18:40 UTC`,
    );
    expect(descriptions).toContain('Joined as admin, invited by Olivia Owner');
  });

  it('names the provider team as the Activity page does, not by its kind', async () => {
    const rows = await exportedRows();
    const statusChange = rows.find((row) => row.description?.startsWith('Changed the status of'));
    expect(statusChange).toMatchObject({
      event: 'API token status changed',
      actor: AUDIT_ACTOR_NAMES.operator,
      description: `Changed the status of the API token (client ID …${switched.clientId.slice(-5)}) from Active to Inactive`,
    });
    expect(rows.map((row) => row.actor)).not.toContain('operator');
  });
});

describe('GetActivity after a member has left', () => {
  it('never names a person who has left for another company', async () => {
    const removed = await teamCall(app, owner.token, team.removeMember, { memberId: member.id });
    expect(removed.statusCode, removed.body).toBe(204);
    const other = await companyOfThree(app);
    expect((await invite(app, other.owner.token, member.email, 'member')).statusCode).toBe(201);
    const again = await signedInAgain(app, { ...member, password: member.registration.password });
    const joined = await acceptInvitation(app, again.token, await invitationLink(app, member.email));
    expect(joined.statusCode, joined.body).toBe(200);

    const events = await eventsOf(admin);
    expect(eventOf(events, 'member.role_changed').names).toEqual({});
    expect(eventOf(events, 'member.removed').names).toEqual({});
    expect(JSON.stringify(events)).not.toContain('Mark Member');
  });
});
