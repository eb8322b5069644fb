// A stand-in for the portal's four verification endpoints (verify, events, usage, allowance), speaking the
// protocol of @datafeeds/domain/credentials over real HTTP, so the verifier's cache, single-flight, events,
// limits and error mapping are tested without a database. The allowance route keeps a small truth of its
// own, as the portal's database does: grants never take a company's day past its quota, a capped token's
// past its cap, nor a second past the rate — the limits being those of the credential's VALID answer in
// `answers`. The API suite tests the verifier against the real portal.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BASE62_ALPHABET,
  CLIENT_SECRET_PREFIX,
  HEARTBEAT_INTERVAL_MS,
  SECRET_BODY_LENGTH,
  VERIFIER_KEY_PREFIX,
  nextUtcDayStartMs,
  utcDayStartMs,
  withChecksum,
  type LeaseGrant,
  type LeaseRequest,
  type VerifiedCredential,
  type VerifyResult,
} from '@datafeeds/domain/credentials';
import { verification, type CallDefinition } from '@datafeeds/domain/calls';

const NOT_FOUND: VerifyResult = { valid: false, code: 'NOT_FOUND' };

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

/** The allowance route's memory: units granted per company and day, capped token and day, company and second. */
function createAllowanceTruth() {
  const granted = new Map<string, number>();
  const add = (key: string, units: number) => granted.set(key, (granted.get(key) ?? 0) + units);
  const left = (key: string, limit: number | null) =>
    limit === null ? Infinity : Math.max(0, limit - (granted.get(key) ?? 0));

  return {
    grant(request: LeaseRequest, credential: VerifiedCredential, nowMs: number): LeaseGrant {
      const { companyId, clientId, limits } = credential;
      const day = utcDayStartMs(nowMs);
      const second = Math.floor(nowMs / 1000);
      const companyDay = `day|${day}|${companyId}`;
      const tokenDay = `cap|${day}|${clientId}`;
      const companySecond = `second|${second}|${companyId}`;
      const dayUnits = Math.min(
        request.day,
        left(companyDay, limits.dailyQuota),
        left(tokenDay, limits.dailyCap),
      );
      const rateUnits = Math.min(request.rate, left(companySecond, limits.ratePerSecond));
      add(companyDay, dayUnits);
      if (limits.dailyCap !== null) add(tokenDay, dayUnits);
      add(companySecond, rateUnits);
      const dailyLimit = Math.min(limits.dailyQuota ?? Infinity, limits.dailyCap ?? Infinity);
      const countsDay = request.day > 0 && dailyLimit !== Infinity;
      const countsRate = request.rate > 0 && limits.ratePerSecond !== null;
      return {
        day: dayUnits,
        rate: rateUnits,
        second,
        quotaExceeded:
          request.day > 0 && dayUnits === 0
            ? { resetsAt: new Date(nextUtcDayStartMs(nowMs)).toISOString(), limit: dailyLimit }
            : null,
        rateLimited:
          request.rate > 0 && rateUnits === 0
            ? { retryAfterMs: (second + 1) * 1000 - nowMs, limit: limits.ratePerSecond ?? 0 }
            : null,
        dayLeft: countsDay
          ? Math.min(left(companyDay, limits.dailyQuota), left(tokenDay, limits.dailyCap))
          : null,
        rateLeft: countsRate ? left(companySecond, limits.ratePerSecond) : null,
      };
    },
    /** Units of today's quota granted to a company so far. */
    dayGranted(companyId: string, nowMs = Date.now()): number {
      return granted.get(`day|${utcDayStartMs(nowMs)}|${companyId}`) ?? 0;
    },
    /** Forgets every grant: a new day for every company. */
    clear: () => granted.clear(),
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
  /** Every allowance lease asked, in order. */
  allowanceBodies: LeaseRequest[];
  /** The grants' truth: what each company was granted of its day. */
  allowance: ReturnType<typeof createAllowanceTruth>;
  /** Replaces the allowance endpoint's behaviour, e.g. to answer 503 or to hold the grant back. */
  onAllowance?: (response: ServerResponse, grant: () => void) => void;
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
      const body = JSON.parse(await readBody(request)) as { secret: string; judgeLocally?: boolean };
      portal.verifyBodies.push(body);
      // As the portal does: a data feed that judges for itself admits for itself, from its own leases.
      const known = portal.answers.get(body.secret);
      const answer = () => json(200, body.judgeLocally === true ? (known ?? NOT_FOUND) : admitted(known));
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
    if (is(verification.leaseAllowance)) {
      const body = JSON.parse(await readBody(request)) as LeaseRequest;
      portal.allowanceBodies.push(body);
      const grant = () => {
        const credential = [...portal.answers.values()].find(
          (answer): answer is VerifiedCredential => answer.valid && answer.clientId === body.clientId,
        );
        if (!credential) json(404, { error: 'not_found', message: 'No such credential.' });
        else json(200, portal.allowance.grant(body, credential, Date.now()));
      };
      if (portal.onAllowance) portal.onAllowance(response, grant);
      else grant();
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
  /** An answer the portal admits itself (asked without judgeLocally): one unit from the same truth. */
  function admitted(answer: VerifyResult | undefined): VerifyResult {
    if (!answer) return NOT_FOUND;
    // A portal of an earlier version sends no limits, and enforces none.
    if (!answer.valid || !answer.limits) return answer;
    const { dailyQuota, dailyCap, ratePerSecond } = answer.limits;
    const { clientId } = answer;
    // The second first, so a request refused for its rate spends nothing of the day.
    if (ratePerSecond !== null) {
      const { rateLimited } = portal.allowance.grant({ clientId, day: 0, rate: 1 }, answer, Date.now());
      if (rateLimited) return { valid: false, code: 'RATE_LIMITED', clientId, ...rateLimited };
    }
    if (dailyQuota !== null || dailyCap !== null) {
      const { quotaExceeded } = portal.allowance.grant({ clientId, day: 1, rate: 0 }, answer, Date.now());
      if (quotaExceeded) return { valid: false, code: 'QUOTA_EXCEEDED', clientId, ...quotaExceeded };
    }
    return answer;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const portal: FakePortal = {
    url: `http://127.0.0.1:${port}`,
    verifierKey: newVerifierKey(),
    answers: new Map(),
    verifyBodies: [],
    usageBodies: [],
    usageRefusals: 0,
    allowanceBodies: [],
    allowance: createAllowanceTruth(),
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
