// An invitation and its email are one: the email is written to the outbox in the invitation's
// transaction, so an invitation whose email cannot be stored does not exist (nobody waits on a link that
// never left), and a resend whose email cannot be stored keeps the old link. A trigger makes chosen
// outbox inserts fail, the way a full disk or a bug would.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { team } from '@datafeeds/domain/calls';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { getInvitation, invitationLink, invite, teamCall, teamOf } from '../../helpers/team.ts';
import { verifiedUser } from '../../helpers/tokens.ts';

const app = await buildTestApp();
const owner = await verifiedUser(app);
const DOOMED = 'doomed.invitee@example.com';
const LATER_DOOMED = 'later.doomed@example.com';

await app.db.execute(sql`create table doomed_recipients (email text primary key)`);
await app.db.execute(sql`insert into doomed_recipients values (${DOOMED})`);
await app.db.execute(sql`
  create function refuse_doomed_email() returns trigger language plpgsql as $$
  begin
    if exists (select 1 from doomed_recipients where email = new."to") then
      raise exception 'outbox write refused by the test';
    end if;
    return new;
  end $$`);
await app.db.execute(sql`
  create trigger refuse_doomed_email before insert on outbox_emails
  for each row execute function refuse_doomed_email()`);

describe('an invitation and its email', () => {
  it('an invitation whose email cannot be stored is not created', async () => {
    const response = await invite(app, owner.token, DOOMED);
    expect(response.statusCode).toBe(500);
    const team = await teamOf(app, owner.token);
    expect(team.invitations.map((invitation) => invitation.email)).not.toContain(DOOMED);
    // Nothing holds the address: once mail to it can be stored, the invitation goes through.
    await app.db.execute(sql`delete from doomed_recipients`);
    expect((await invite(app, owner.token, DOOMED)).statusCode).toBe(201);
  });

  it('a resend whose email cannot be stored keeps the old link working', async () => {
    expect((await invite(app, owner.token, LATER_DOOMED)).statusCode).toBe(201);
    const link = await invitationLink(app, LATER_DOOMED);
    const { invitations } = await teamOf(app, owner.token);
    const pending = invitations.find((invitation) => invitation.email === LATER_DOOMED);
    await app.db.execute(sql`insert into doomed_recipients values (${LATER_DOOMED})`);
    const resent = await teamCall(app, owner.token, team.resendInvitation, {
      invitationId: pending?.id,
    });
    expect(resent.statusCode).toBe(500);
    expect((await getInvitation(app, link)).statusCode).toBe(200);
  });
});
