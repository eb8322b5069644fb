// A stand-in for the portal's three verification endpoints (verify, events, usage), speaking the protocol of
// @datafeeds/domain/credentials over real HTTP, so the verifier's cache, single-flight, events and
// error mapping are tested without a database. The API suite tests the verifier against the real portal.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BASE62_ALPHABET,
  CLIENT_SECRET_PREFIX,
  HEARTBEAT_INTERVAL_MS,
  SECRET_BODY_LENGTH,
  VERIFIER_KEY_PREFIX,
  withChecksum,
  type VerifiedCredential,
  type VerifyResult,
} from '@datafeeds/domain/credentials';
import { verification, type CallDefinition } from '@datafeeds/domain/calls';

function randomBody(): string {
  let body = '';
  for (let index = 0; index < SECRET_BODY_LENGTH; index += 1) {
    body += BASE62_ALPHABET.charAt(Math.floor(Math.random() * BASE62_ALPHABET.length));
  }
  return body;
}

export const newSecret = () => withChecksum(CLIENT_SECRET_PREFIX, randomBody());
export const newVerifierKey = () => withChecksum(VERIFIER_KEY_PREFIX, randomBody());

export function validAnswer(overrides: Partial<VerifiedCredential> = {}): VerifiedCredential {
  return {
    valid: true,
    code: 'VALID',
    clientId: `dfc_${randomBody().slice(0, 22)}`,
    companyId: 'company-1',
    companyName: 'Acme Sports',
    accountStatus: 'trial',
    apiType: 'rest',
    scopes: ['nflLive', 'nfl'],
    expiresAt: null,
    limits: { plan: 'standard', dailyQuota: null, ratePerSecond: null, dailyCap: null },
    ...overrides,
  };
}

export interface FakePortal {
  url: string;
  verifierKey: string;
  /** What POST verify answers for a secret; unknown secrets are NOT_FOUND. */
  answers: Map<string, VerifyResult>;
  /** Every verify body received, in order. */
  verifyBodies: Record<string, unknown>[];
  /** Every usage report body accepted, in order. */
  usageBodies: { counts: Record<string, unknown>[] }[];
  /** Usage reports refused (answered usageStatus). */
  usageRefusals: number;
  /** Status the usage endpoint answers with (default 204). */
  usageStatus?: number;
  /** Replaces the verify endpoint's behaviour, e.g. to answer 503 or to hold the answer back. */
  onVerify?: (response: ServerResponse, answer: () => void) => void;
  /** Status the events endpoint answers with instead of a stream (e.g. 401). */
  eventsStatus?: number;
  /**
   * The heartbeat interval a new stream announces in its `ready` and keeps (default
   * HEARTBEAT_INTERVAL_MS); null: a portal of an earlier version, which announces none (and whose
   * 10-second heartbeat never comes within a test).
   */
  heartbeatMs: number | null;
  send(event: string, data: object): void;
  dropStreams(): void;
  /** Keeps the open streams open but writes nothing more to them: a proxy or the network holding bytes. */
  holdStreams(): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

export async function startFakePortal(): Promise<FakePortal> {
  const streams = new Set<ServerResponse>();
  const heartbeats = new Map<ServerResponse, NodeJS.Timeout>();
  const server = createServer(async (request, response) => {
    const json = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const is = (call: CallDefinition) => request.method === call.method && request.url === call.path;
    if (request.headers.authorization !== `Bearer ${portal.verifierKey}`) {
      json(401, { error: 'unauthorized', message: 'Unknown verifier key.' });
      return;
    }
    if (is(verification.verifyCredential)) {
      const body = JSON.parse(await readBody(request)) as { secret: string };
      portal.verifyBodies.push(body);
      const answer = () => json(200, portal.answers.get(body.secret) ?? { valid: false, code: 'NOT_FOUND' });
      if (portal.onVerify) portal.onVerify(response, answer);
      else answer();
      return;
    }
    if (is(verification.reportCredentialUsage)) {
      const body = JSON.parse(await readBody(request)) as FakePortal['usageBodies'][number];
      const status = portal.usageStatus ?? 204;
      if (status === 204) {
        portal.usageBodies.push(body);
        response.writeHead(204).end();
      } else {
        portal.usageRefusals += 1;
        json(status, { error: 'unavailable', message: 'Not now.' });
      }
      return;
    }
    if (is(verification.credentialEvents)) {
      if (portal.eventsStatus !== undefined) {
        json(portal.eventsStatus, { error: 'refused', message: 'No stream for you.' });
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('retry: 1000\n\n');
      streams.add(response);
      const { heartbeatMs } = portal;
      const at = () => new Date().toISOString();
      const ready = heartbeatMs === null ? { at: at() } : { at: at(), heartbeatMs };
      response.write(`event: ready\ndata: ${JSON.stringify(ready)}\n\n`);
      if (heartbeatMs !== null) {
        const beat = () => response.write(`event: heartbeat\ndata: ${JSON.stringify({ at: at() })}\n\n`);
        heartbeats.set(response, setInterval(beat, heartbeatMs));
      }
      response.on('close', () => {
        streams.delete(response);
        clearInterval(heartbeats.get(response));
        heartbeats.delete(response);
      });
      return;
    }
    json(404, { error: 'not_found', message: 'No such route.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const portal: FakePortal = {
    url: `http://127.0.0.1:${port}`,
    verifierKey: newVerifierKey(),
    answers: new Map(),
    verifyBodies: [],
    usageBodies: [],
    usageRefusals: 0,
    heartbeatMs: HEARTBEAT_INTERVAL_MS,
    send(event, data) {
      for (const stream of streams) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    dropStreams() {
      for (const stream of streams) stream.destroy();
    },
    holdStreams() {
      for (const heartbeat of heartbeats.values()) clearInterval(heartbeat);
      streams.clear();
    },
    async close() {
      portal.dropStreams();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return portal;
}
