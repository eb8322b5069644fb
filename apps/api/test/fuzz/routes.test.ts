// Property-based fuzzing of every route (design §7). Each route the app registers gets requests derived
// from its own schemas (route-catalogue.ts, arbitraries.ts), sent by a signed-in attacker, by nobody, by
// a data-feed service with a live verifier key and with forged credentials. For every answer:
//   - never a 5xx (nor no answer at all);
//   - the documented type: errors in the one error shape, successes as their response schema says (or
//     as LISTED_ROUTES says for the few without one);
//   - no change to any row of the other companies (world.ts).
// Bounded: FUZZ_RUNS runs per route (default 30). A failure prints the route, the shrunk request, the
// answer, the server's error log and fast-check's seed and path. To replay it:
//   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run --project api:pglite apps/api/test/fuzz -t '<route>'
// (FUZZ_SEED alone makes every property draw the same requests again).
import { isDeepStrictEqual } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  INVITATION_PROBLEMS,
  STAFF_SETUP_PROBLEMS,
  errorResponseSchema,
} from '@datafeeds/domain';
import { REFRESH_COOKIE } from '../../src/lib/session-cookies.ts';
import { buildTestApp } from '../helpers/build-test-app.ts';
import {
  bodyArbitrary,
  extraHeadersArbitrary,
  forgedAuthorizationArbitrary,
  headerText,
  pathArbitrary,
  queryArbitrary,
  valueArbitrary,
  type FuzzBody,
  type KnownValues,
} from './arbitraries.ts';
import { catalogue, withRouteDiscovery, type FuzzedRoute } from './route-catalogue.ts';
import { buildWorld, type World } from './world.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const PATH = process.env.FUZZ_PATH;
const ANSWER_WITHIN_MS = 10_000;
/** How long an opened event stream may take to send its `ready` event (generous: the machine may be busy). */
const STREAM_READY_MS = 10_000;
/** Statuses any route may answer though its schema does not list them: framework-level refusals. */
const ANY_ROUTE_MAY_ANSWER = new Set([400, 413, 415, 429]);
// An invitation link's problems are codes of their own (GetInvitation's 404/410, for the accept page).
const KNOWN_ERROR_CODES = new Set<string>([
  ...Object.values(ERROR_CODES),
  ...INVITATION_PROBLEMS,
  ...STAFF_SETUP_PROBLEMS,
]);

/** FUZZ_STATS=1 prints, per route, how often each caller got each status (is the handler reached?). */
const STATS = process.env.FUZZ_STATS ? new Map<string, Map<string, number>>() : undefined;
afterAll(() => {
  for (const [route, counts] of STATS ?? []) {
    const outcomes = [...counts].sort(([a], [b]) => a.localeCompare(b));
    console.warn(`${route}:\n  ${outcomes.map(([outcome, count]) => `${outcome} ×${count}`).join('\n  ')}`);
  }
});

const serverErrors: string[] = [];
const { app, registered } = await withRouteDiscovery(() =>
  buildTestApp({
    env: { LOG_LEVEL: 'error' },
    logStream: { write: (line: string) => void serverErrors.push(line) },
  }),
);
const { routes, uncovered, stale } = catalogue(registered);

let world: World;
let baseline: Record<string, unknown[]>;
let baselineDigests: string[];
beforeAll(async () => {
  world = await buildWorld(app);
  baseline = await world.snapshot();
  baselineDigests = await world.digests();
});

type Caller =
  { as: 'attacker' } | { as: 'anonymous' } | { as: 'verifier' } | { as: 'forged'; authorization: string };

interface FuzzCall {
  caller: Caller;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: FuzzBody;
  remoteAddress: string;
}

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

const CALLER_WEIGHTS: Record<FuzzedRoute['security'], Record<Caller['as'], number>> = {
  bearer: { attacker: 6, anonymous: 1, verifier: 1, forged: 2 },
  verifierKey: { verifier: 6, anonymous: 1, attacker: 1, forged: 2 },
  none: { anonymous: 3, attacker: 3, verifier: 1, forged: 1 },
};

function callerArbitrary(route: Pick<FuzzedRoute, 'security'>, known: KnownValues): fc.Arbitrary<Caller> {
  const weights = CALLER_WEIGHTS[route.security];
  return fc.oneof(
    { weight: weights.attacker, arbitrary: fc.constant<Caller>({ as: 'attacker' }) },
    { weight: weights.anonymous, arbitrary: fc.constant<Caller>({ as: 'anonymous' }) },
    { weight: weights.verifier, arbitrary: fc.constant<Caller>({ as: 'verifier' }) },
    {
      weight: weights.forged,
      arbitrary: forgedAuthorizationArbitrary(known).map((authorization): Caller => ({
        as: 'forged',
        authorization,
      })),
    },
  );
}

/** Header values stay printable: Node's HTTP parser refuses anything else before any route runs. */
const printableHeaders = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [
          name.replace(/[^!#$%&'*+\-.^_`|~0-9A-Za-z]/g, '') || 'x-empty',
          String(typeof inner === 'string' ? inner : JSON.stringify(inner)).replace(/[^\x20-\x7e]/g, '?'),
        ]),
      )
    : {};

function callArbitrary(route: FuzzedRoute, known: KnownValues): fc.Arbitrary<FuzzCall> {
  const takesBody = route.method !== 'GET' && route.method !== 'HEAD';
  const bodyValue = route.input.body
    ? valueArbitrary(route.input.body, known)
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
      );
  const routeHeaders = route.input.headers
    ? valueArbitrary(route.input.headers, known).map(printableHeaders)
    : fc.constant({});
  return fc.record({
    caller: callerArbitrary(route, known),
    method: route.head
      ? fc.oneof(
          { weight: 5, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: fc.constant('HEAD') },
        )
      : fc.constant(route.method),
    path: pathArbitrary(route.url, route.input.params, known),
    query: queryArbitrary(route.input.querystring, known),
    headers: fc.tuple(routeHeaders, extraHeadersArbitrary).map(([own, extra]) => ({ ...extra, ...own })),
    body: takesBody
      ? bodyArbitrary(bodyValue)
      : fc.oneof(
          { weight: 8, arbitrary: fc.constant<FuzzBody>({}) },
          { weight: 1, arbitrary: bodyArbitrary(fc.jsonValue({ maxDepth: 2 })) },
        ),
    remoteAddress: fc.ipV4(),
  });
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The start of an answer that may never end: up to its `ready` event, then the stream is closed. */
async function readStream(response: LightMyRequestResponse, method: string): Promise<string> {
  let text = '';
  const opened =
    response.statusCode === 200 && String(response.headers['content-type']).startsWith('text/event-stream');
  try {
    if (method === 'HEAD') return text;
    const chunks = response.stream();
    await within(
      (async () => {
        for await (const chunk of chunks) {
          text += String(chunk);
          if (opened && text.includes('event: ready')) break;
        }
      })(),
      STREAM_READY_MS,
      opened ? 'no ready event' : 'the answer did not end',
    );
    return text;
  } finally {
    // The server's side closes too, so the route forgets the stream.
    response.raw.res.destroy();
  }
}

async function send(route: Partial<Pick<FuzzedRoute, 'listed'>>, call: FuzzCall): Promise<Answer> {
  const headers: Record<string, string> = { ...call.headers };
  const cookies: string[] = [];
  if (call.caller.as === 'attacker') {
    headers.authorization = `Bearer ${world.attacker.token}`;
    cookies.push(`${REFRESH_COOKIE}=${world.attacker.refreshCookie}`);
  } else if (call.caller.as === 'verifier') {
    headers.authorization = `Bearer ${world.verifierKey}`;
  } else if (call.caller.as === 'forged') {
    headers.authorization = call.caller.authorization;
  }
  if (call.headers.cookie !== undefined) cookies.push(call.headers.cookie);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  if (call.body.contentType !== undefined) headers['content-type'] = call.body.contentType;
  const stream = route.listed?.stream === true;
  const url = await world.resolve(`${call.path}${call.query}`);
  const payload = call.body.text === undefined ? undefined : await world.resolve(call.body.text);
  const response = await within(
    app.inject({
      method: call.method as 'GET',
      url,
      headers,
      remoteAddress: call.remoteAddress,
      ...(payload === undefined ? {} : { payload }),
      ...(stream ? { payloadAsStream: true } : {}),
    }),
    ANSWER_WITHIN_MS,
    'no answer',
  );
  const body = stream ? await readStream(response, call.method) : response.body;
  if (call.caller.as === 'attacker') await world.follow(response);
  return { status: response.statusCode, headers: response.headers, body };
}

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

interface SafeParser {
  safeParse(value: unknown): { success: boolean; error?: unknown };
}
const isParser = (schema: unknown): schema is SafeParser =>
  typeof schema === 'object' && schema !== null && 'safeParse' in schema;

/**
 * Defects this fuzzer found in the product, now fixed: each stays as a regression case with its
 * minimal request below, and the properties no longer tolerate them anywhere.
 */
interface FoundDefect {
  name: string;
  minimal: FuzzCall;
  /** The answer it gets now. */
  fixed: { status: number; error: string };
  matches(answer: Answer, serverLog: string): boolean;
}

const anonymousGet = (path: string, headers: Record<string, string> = {}): FuzzCall => ({
  caller: { as: 'anonymous' },
  method: 'GET',
  path,
  query: '',
  headers,
  body: {},
  remoteAddress: '192.0.2.1',
});

const FOUND_DEFECTS: FoundDefect[] = [
  {
    // The error handler (src/plugins/app/error-handler.ts) answered 500 for every error whose status was
    // not in its CODE_BY_STATUS table; @fastify/static (Swagger UI's assets, and the web app's files when
    // built) throws 416 RangeNotSatisfiableError for a Range it cannot serve.
    name: 'an unsatisfiable Range on a static file answered 500 instead of 416',
    minimal: anonymousGet('/api/docs/static/swagger-ui.css', { range: 'bytes=999999-' }),
    fixed: { status: 416, error: ERROR_CODES.badRequest },
    matches: (answer, serverLog) => answer.status === 500 && serverLog.includes('RangeNotSatisfiableError'),
  },
  {
    // Fastify's default bad-URL handler answered a path parameter it cannot percent-decode with
    // {"error":"Bad Request","code":"FST_ERR_BAD_URL",…,"statusCode":400}: not the one error shape
    // (design §6), since it bypasses the app's error handler (now Fastify's `frameworkErrors` option).
    name: 'a path parameter that cannot be decoded was answered outside the one error shape',
    minimal: anonymousGet('/api/docs/static/%C0%AE'),
    fixed: { status: 400, error: ERROR_CODES.badRequest },
    matches: (answer) => answer.status === 400 && answer.body.includes('"FST_ERR_BAD_URL"'),
  },
];

/** What is wrong with an answer (nothing, mostly). */
function problemsOf(
  route: Pick<FuzzedRoute, 'responses' | 'listed'>,
  call: FuzzCall,
  answer: Answer,
): string[] {
  const { status, body } = answer;
  const contentType = String(answer.headers['content-type'] ?? '');
  if (status >= 500) return [`answered ${status}`];
  if (call.method === 'HEAD' || status === 204 || status === 304) {
    return body === '' ? [] : [`a body on a ${status} answer to ${call.method}`];
  }
  if (status >= 300 && status < 400) return answer.headers.location ? [] : [`a ${status} without a location`];
  const schema = route.responses[status];
  const json = parseJson(body);
  if (status >= 400) {
    const problems: string[] = [];
    if (!contentType.startsWith('application/json') || !json.ok) {
      return [`a ${status} that is not JSON (${contentType})`];
    }
    const shape = errorResponseSchema.safeParse(json.value);
    if (!shape.success) problems.push(`a ${status} not in the error shape`);
    else if (!KNOWN_ERROR_CODES.has(shape.data.error))
      problems.push(`an unknown error code ${shape.data.error}`);
    if (!route.listed && schema === undefined && !ANY_ROUTE_MAY_ANSWER.has(status)) {
      problems.push(`status ${status} is not in the route's schema`);
    }
    return problems;
  }
  if (schema !== undefined) {
    if (!contentType.startsWith('application/json') || !json.ok)
      return [`a ${status} that is not JSON (${contentType})`];
    if (isParser(schema)) {
      const parsed = schema.safeParse(json.value);
      if (!parsed.success) return [`a ${status} that does not match its schema: ${String(parsed.error)}`];
    }
    return [];
  }
  if (route.listed) {
    if (!route.listed.contentType.test(contentType)) return [`a ${status} of type ${contentType}`];
    if (contentType.startsWith('application/json') && !json.ok) return [`a ${status} that is not JSON`];
    return [];
  }
  return [`status ${status} is not in the route's schema`];
}

const clip = (text: string, length = 1_500) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;

function describeCall(call: FuzzCall): string {
  const caller =
    call.caller.as === 'forged' ? `forged ${JSON.stringify(call.caller.authorization)}` : call.caller.as;
  return [
    `${call.method} ${clip(`${call.path}${call.query}`, 400)} as ${caller} from ${call.remoteAddress}`,
    `headers: ${clip(JSON.stringify(call.headers), 400)}`,
    `body (${call.body.contentType ?? 'no content type'}): ${call.body.text === undefined ? 'none' : clip(JSON.stringify(call.body.text))}`,
  ].join('\n  ');
}

/** The server's error log lines from `from` on, with their stacks. */
function serverErrorsSince(from: number): string {
  return serverErrors
    .slice(from)
    .map((line) => {
      const parsed = parseJson(line);
      const entry = (parsed.ok ? parsed.value : {}) as {
        msg?: string;
        err?: { stack?: string; message?: string };
      };
      return `${entry.msg ?? line}\n${entry.err?.stack ?? entry.err?.message ?? ''}`;
    })
    .join('\n');
}

/** The rows each table lost and gained (tables are arrays of rows). */
function changedTables(before: Record<string, unknown[]>, after: Record<string, unknown[]>): string {
  return Object.keys(before)
    .filter((table) => !isDeepStrictEqual(before[table], after[table]))
    .map((table) => {
      const rowsBefore = (before[table] ?? []).map((row) => JSON.stringify(row));
      const rowsAfter = (after[table] ?? []).map((row) => JSON.stringify(row));
      const lost = rowsBefore.filter((row) => !rowsAfter.includes(row));
      const gained = rowsAfter.filter((row) => !rowsBefore.includes(row));
      return `${table}:\n    was ${clip(lost.join('\n        '), 2_000)}\n    now ${clip(gained.join('\n        '), 2_000)}`;
    })
    .join('\n  ');
}

/** One fuzzed request and every property of its answer; throws with the whole story when one fails. */
async function check(
  route: Pick<FuzzedRoute, 'key' | 'responses' | 'listed'>,
  call: FuzzCall,
): Promise<void> {
  const logFrom = serverErrors.length;
  let answer: Answer | undefined;
  let problems: string[];
  try {
    answer = await send(route, call);
    problems = problemsOf(route, call, answer);
  } catch (error) {
    problems = [
      `the call failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    ];
  }
  if (STATS) {
    const counts = STATS.get(route.key) ?? new Map<string, number>();
    const parsed = answer?.status === 400 ? parseJson(answer.body) : { ok: false as const };
    const detail = parsed.ok
      ? ` ${String((parsed.value as { message?: unknown }).message).slice(0, 60)}`
      : '';
    const outcome = `${call.caller.as}:${answer?.status ?? 'none'}${detail}`;
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    STATS.set(route.key, counts);
  }
  const digests = await world.digests();
  if (!isDeepStrictEqual(digests, baselineDigests)) {
    const after = await world.snapshot();
    problems.push(`changed another company's rows\n  ${changedTables(baseline, after)}`);
    // Later runs (and shrinking) then report only the changes they make themselves.
    baseline = after;
    baselineDigests = digests;
  }
  if (problems.length === 0) return;
  throw new Error(
    [
      `${route.key}: ${problems.join('; ')}`,
      `request: ${describeCall(call)}`,
      answer ? `answer: ${answer.status} ${clip(answer.body)}` : 'answer: none',
      `server log:\n${serverErrorsSince(logFrom) || '(nothing)'}`,
    ].join('\n'),
  );
}

const parameters = (runs: number): fc.Parameters<[FuzzCall]> => ({
  numRuns: Math.max(1, Math.round(runs)),
  ...(SEED === undefined || Number.isNaN(SEED) ? {} : { seed: SEED }),
  ...(PATH ? { path: PATH } : {}),
});

/**
 * Requests to no route: the not-found handler answers (JSON 404). A generated path may still reach a
 * route (`/%2e%2e/api/GetUser` is `/api/GetUser` once the URL is normalised, and lower-casing an
 * all-lower-case path changes nothing): then any success type will do.
 */
const NO_ROUTE = {
  key: 'no route',
  responses: { 404: errorResponseSchema },
  // Read as a stream: a generated path can reach the event stream, whose answer never ends.
  listed: { reason: 'whatever route the path reached', contentType: /^/, stream: true as const },
};

describe('fuzzing every route', () => {
  it('covers every route the app registers', () => {
    expect(uncovered, 'routes without fuzz coverage').toEqual([]);
    expect(stale, 'LISTED_ROUTES entries the app does not register').toEqual([]);
    expect(routes.length).toBeGreaterThan(20);
  });

  it("notices a change to another company's rows and reports it", async () => {
    const company = baseline.companies![0] as { id: string; name: string };
    await app.db.execute(
      sql`update companies set name = ${`${company.name} (changed)`} where id = ${company.id}`,
    );
    try {
      const digests = await world.digests();
      expect(digests).not.toEqual(baselineDigests);
      expect(changedTables(baseline, await world.snapshot())).toContain(`${company.name} (changed)`);
    } finally {
      await app.db.execute(sql`update companies set name = ${company.name} where id = ${company.id}`);
    }
    expect(await world.digests()).toEqual(baselineDigests);
  });

  for (const route of routes) {
    const runs = ((route.listed?.runs ?? 30) * RUNS) / 30;
    it(
      `${route.key}: no 5xx, the documented answer, no other company's rows changed`,
      { timeout: 120_000 },
      async () => {
        await fc.assert(
          fc.asyncProperty(callArbitrary(route, world.known), (call) => check(route, call)),
          parameters(runs),
        );
      },
    );
  }

  // The defects found, each as its minimal request: the answer no longer has the defect's signature,
  // and is what any answer must be (the error shape, no 5xx).
  for (const defect of FOUND_DEFECTS) {
    it(`fixed defect: ${defect.name}`, async () => {
      const logFrom = serverErrors.length;
      const answer = await send({}, defect.minimal);
      expect(defect.matches(answer, serverErrorsSince(logFrom)), `${answer.status} ${answer.body}`).toBe(
        false,
      );
      expect(answer.status).toBe(defect.fixed.status);
      expect(JSON.parse(answer.body)).toEqual({ error: defect.fixed.error, message: expect.any(String) });
    });
  }

  it(
    'answers a request no route takes with the JSON error, and changes nothing',
    { timeout: 120_000 },
    async () => {
      const urls = routes.map((route) => route.url.replace('*', 'x'));
      const path = fc.oneof(
        fc
          .constantFrom(...urls)
          .chain((url) =>
            fc.constantFrom(
              url.toUpperCase(),
              url.toLowerCase(),
              `${url}/`,
              `/${url}`,
              `${url}/x`,
              `${url}%00`,
              `${url}.json`,
            ),
          ),
        fc.constantFrom(
          '/',
          '/api',
          '/api/',
          '/api/v2/credentials/verify',
          '/refreshx',
          '/dev/',
          '/%2e%2e/api/GetUser',
          '//api//GetUser',
        ),
        fc
          .array(fc.string({ unit: 'grapheme', maxLength: 10 }), { minLength: 1, maxLength: 4 })
          .map((segments) => `/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`),
      );
      const call = fc.record({
        caller: callerArbitrary({ security: 'none' }, world.known),
        method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
        path,
        query: fc.oneof(
          fc.constant(''),
          headerText.map((text) => `?${encodeURIComponent(text)}`),
        ),
        headers: extraHeadersArbitrary,
        body: bodyArbitrary(fc.jsonValue({ maxDepth: 2 })),
        remoteAddress: fc.ipV4(),
      });
      await fc.assert(
        fc.asyncProperty(call, (request) => check(NO_ROUTE, request)),
        parameters(RUNS),
      );
    },
  );
});
