// Tenant isolation and the rotation race (design §3), on whichever database the project runs.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@datafeeds/domain';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import {
  clientsOf,
  createdClient,
  deleteClient,
  listClients,
  rotateClient,
  verifiedUser,
} from '../../helpers/tokens.ts';

const logLines: string[] = [];
const app = await buildTestApp({
  env: { LOG_LEVEL: 'trace' },
  logStream: new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  }),
});

describe('tenant isolation', () => {
  it.each([
    ['fetch', (token: string, id: string) => listClients(app, token, id)],
    ['delete', (token: string, id: string) => deleteClient(app, token, id)],
    ['rotate', (token: string, id: string) => rotateClient(app, token, id)],
  ])("another company's token is not found when it tries to %s it", async (_name, act) => {
    const owner = await verifiedUser(app);
    const stranger = await verifiedUser(app);
    const theirs = await createdClient(app, owner.token, { label: 'Owned' });
    await createdClient(app, stranger.token, { label: 'Strangers own' });

    const response = await act(stranger.token, theirs.clientId);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(ERROR_CODES.notFound);
    // The answer is the same as for an id that does not exist at all.
    expect(response.json().message).toBe(
      (await act(stranger.token, 'dfc_unknown000000000000000')).json().message,
    );

    const [ownerToken] = await clientsOf(app, owner.token);
    expect(ownerToken).toMatchObject({ id: theirs.clientId, label: 'Owned' });
    expect((await clientsOf(app, stranger.token)).map((client) => client.label)).toEqual(['Strangers own']);
  });
});

describe('concurrent rotation', () => {
  it('ten rotations of one token at once leave exactly one live token', async () => {
    const { token } = await verifiedUser(app);
    const original = await createdClient(app, token, { label: 'Raced' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => rotateClient(app, token, original.clientId)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(404)]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json<{ clientId: string }>();
    const clients = await clientsOf(app, token);
    expect(clients.map((client) => client.id)).toEqual([winner?.clientId]);
  });
});

describe('logs', () => {
  it('never contain a client secret, even at trace level', async () => {
    const { token } = await verifiedUser(app);
    const created = await createdClient(app, token);
    const rotated = (await rotateClient(app, token, created.clientId)).json<{ clientSecret: string }>();
    const text = logLines.join('');
    expect(text).toContain('/api/RotateClient');
    for (const secret of [created.clientSecret, rotated.clientSecret]) {
      expect(text.includes(secret)).toBe(false);
      expect(text.includes(secret.slice(5, 25))).toBe(false);
    }
  });
});
