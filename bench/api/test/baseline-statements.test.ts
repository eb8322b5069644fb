// bench:api's ratios 1, 2 and 4 say what the portal adds around the database only while the bare
// baseline runs the very statements the portal runs for that call. bare-sql.ts holds copies of them, so
// here both answer the same calls on the same seeded database and what each sent to PostgreSQL is
// compared: a change to one of the portal's queries (text, name, parameters, or a statement more or
// less) fails until bare-sql.ts and bare-server.ts follow it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokens, users } from '@datafeeds/domain/calls';
import { createBareServer } from '../src/children/bare-server.ts';
import { BARE_SQL } from '../src/children/bare-sql.ts';
import { consoleSearchPath, seedCompanies, StaffSession } from '../src/console-data.ts';
import { createClient, registerVerified, signIn } from '../src/portal-api.ts';
import { startInProcessPortal, type InProcessPortal } from './in-process-portal.ts';
import { recordInto, type Statement } from './statement-recorder.ts';

interface Answer {
  status: number;
  body: unknown;
  statements: Statement[];
}

let portal: InProcessPortal;
let pool: pg.Pool;
let bare: { url: string; close: () => Promise<void> };
const portalStatements: Statement[] = [];
const bareStatements: Statement[] = [];
let ownerToken = '';
let staffToken = '';

beforeAll(async () => {
  portal = await startInProcessPortal((listen) => recordInto(portalStatements, listen));
  const { databaseUrl, sessionSecret } = portal.deployment;
  const owner = await registerVerified(portal.url, databaseUrl, 'Owner');
  ownerToken = await signIn(portal.url, owner);
  for (let index = 0; index < 3; index += 1) await createClient(portal.url, ownerToken, index);
  await seedCompanies(databaseUrl, 60, 2);
  staffToken = (await StaffSession.start(portal.url, portal.deployment)).token;

  pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const { server, close } = createBareServer(pool, sessionSecret);
  await recordInto(bareStatements, () => new Promise<void>((done) => server.listen(0, '127.0.0.1', done)));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the bare server is not on TCP');
  bare = { url: `http://127.0.0.1:${address.port}`, close };
}, 180_000);

afterAll(async () => {
  await bare?.close();
  await pool?.end();
  await portal?.close();
}, 60_000);

/** A time parameter sent for "now" (the console session's expiry check) reads the same from both. */
const comparable = (statements: Statement[]) =>
  statements.map((statement) => ({
    ...statement,
    values: statement.values.map((value) => {
      const time =
        value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
      return Math.abs(time - Date.now()) < 60_000 ? 'now' : value;
    }),
  }));

/** A GET of `path` and what the server sent to PostgreSQL to answer it. */
async function ask(server: { url: string }, statements: Statement[], path: string, token: string) {
  statements.length = 0;
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await response.json()) as unknown;
  return { status: response.status, body, statements: comparable(statements.splice(0)) };
}
const askPortal = (path: string, token: string): Promise<Answer> =>
  ask(portal, portalStatements, path, token);
const askBare = (path: string, token: string): Promise<Answer> => ask(bare, bareStatements, path, token);

describe('the bare baseline of bench:api runs the statements the portal runs', () => {
  it.each([
    ['GetUser', users.getUser.path, [BARE_SQL.session, BARE_SQL.user]],
    ['GetClients', tokens.getClients.path, [BARE_SQL.session, BARE_SQL.clients]],
  ])('%s: the same statements, names and parameters, and the same answer', async (_call, path, texts) => {
    const portalAnswer = await askPortal(path, ownerToken);
    const bareAnswer = await askBare(path, ownerToken);
    expect(portalAnswer.status).toBe(200);
    expect(portalAnswer.statements.map((statement) => statement.text)).toEqual(texts);
    expect(bareAnswer.statements).toEqual(portalAnswer.statements);
    expect(bareAnswer.status).toBe(200);
    expect(bareAnswer.body).toEqual(portalAnswer.body);
  });

  it("the console's company search (figure 4): the same statements and the same page", async () => {
    const portalAnswer = await askPortal(consoleSearchPath(), staffToken);
    const bareAnswer = await askBare(consoleSearchPath(), staffToken);
    expect(portalAnswer.status).toBe(200);
    expect(portalAnswer.statements.map((statement) => statement.text)).toEqual([
      BARE_SQL.staffSession,
      BARE_SQL.companySearch,
    ]);
    expect(bareAnswer.statements).toEqual(portalAnswer.statements);
    expect((portalAnswer.body as { companies: unknown[] }).companies.length).toBeGreaterThan(0);
    expect(bareAnswer.body).toEqual(portalAnswer.body);
  });
});
