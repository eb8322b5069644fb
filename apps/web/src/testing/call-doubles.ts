// Test doubles of the API, keyed by call contract (docs/design.md §1 "One contract per call"). Every
// answer a test gives — errors and statuses too — is typed by the call's contract and parsed by its
// response schemas, so a double cannot answer what the server never sends; a call no double answers
// fails the test (setup-tests.ts) instead of getting a quiet 404. End-to-end tests use the real server.
import {
  CONSOLE_PROBLEMS,
  ERROR_CODES,
  INVITATION_PROBLEMS,
  STAFF_SETUP_PROBLEMS,
  errorResponseSchema,
  type ErrorResponse,
} from '@datafeeds/domain';
import {
  callName,
  successStatusOf,
  type CallDefinition,
  type CallInput,
  type CallReply,
} from '@datafeeds/domain/calls';
import { vi } from 'vitest';
import type { z } from 'zod';

/** Statuses any call may answer whatever its contract lists: the error handler and proxies. */
type AnyCallStatus = 500 | 502 | 503 | 504;
const ANY_CALL_STATUSES: readonly number[] = [500, 502, 503, 504];
const KNOWN_ERROR_CODES = new Set<string>([
  ...Object.values(ERROR_CODES),
  ...INVITATION_PROBLEMS,
  ...STAFF_SETUP_PROBLEMS,
  ...CONSOLE_PROBLEMS,
]);

type SuccessStatus<Call extends CallDefinition> = Extract<keyof Call['responses'], 200 | 201 | 202 | 204>;
type OtherStatus<Call extends CallDefinition> = Extract<
  Exclude<keyof Call['responses'], SuccessStatus<Call>>,
  number
>;

/** Any answer, as the checks below read it. */
interface LooseAnswer {
  status?: number;
  body?: unknown;
  text?: string;
  headers?: Headers_;
}

type Headers_ = Record<string, string>;

/** The answers a double may give to `Call`, each as the server would send it. */
export type DoubleAnswer<Call extends CallDefinition> =
  | (Call extends { file: object }
      ? { status?: 200; text: string; headers?: Headers_ }
      : [SuccessStatus<Call>] extends [204]
        ? { status?: 204; headers?: Headers_ }
        : { status?: SuccessStatus<Call>; body: CallReply<Call>; headers?: Headers_ })
  | { status: Call['errors'][number] | AnyCallStatus; body?: ErrorResponse; headers?: Headers_ }
  | {
      [Status in OtherStatus<Call>]: {
        status: Status;
        body: Call['responses'][Status] extends infer Schema extends z.ZodType ? z.input<Schema> : never;
        headers?: Headers_;
      };
    }[OtherStatus<Call>];

/** A request the app made, with the body it sent typed as the call takes it. */
export interface CalledWith<Call extends CallDefinition> {
  method: string;
  url: string;
  headers: Headers;
  body: CallInput<Call>['body'];
  query: URLSearchParams;
}

export interface CallDouble {
  call: CallDefinition;
  respond(request: CalledWith<CallDefinition>): Response;
}

/** Answers `call` with `double`, or with what `double` computes from the request. */
export function answer<const Call extends CallDefinition>(
  call: Call,
  double: DoubleAnswer<Call> | ((request: CalledWith<Call>) => DoubleAnswer<Call>),
): CallDouble {
  if (typeof double !== 'function') checkAnswer(call, double as LooseAnswer);
  return {
    call,
    respond(request) {
      const given = (
        typeof double === 'function' ? double(request as CalledWith<Call>) : double
      ) as LooseAnswer;
      checkAnswer(call, given);
      return responseOf(call, given);
    },
  };
}

function responseOf(call: CallDefinition, given: LooseAnswer): Response {
  const status = given.status ?? successStatusOf(call);
  if (given.text !== undefined) return new Response(given.text, { status, headers: given.headers });
  const body = given.body;
  return new Response(body === undefined || status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...given.headers },
  });
}

/** Throws unless `given` is an answer the server could give to `call`, losing nothing when parsed. */
function checkAnswer(call: CallDefinition, given: LooseAnswer): void {
  const name = callName(call);
  const status = given.status ?? successStatusOf(call);
  const body = given.body;
  const fail = (why: string): never => {
    throw new Error(`The test's answer to ${name} is not what the server answers: ${why}`);
  };
  if (status >= 200 && status < 300) {
    if (call.file) return;
    if (status !== successStatusOf(call))
      fail(`it answers ${successStatusOf(call)} on success, not ${status}`);
    if (status === 204) return void (body === undefined || fail('a 204 has no body'));
    return parseExactly(call.responses[status], body, fail);
  }
  const declared = call.responses[status];
  if (declared) return parseExactly(declared, body, fail);
  if (!call.errors.includes(status as never) && !ANY_CALL_STATUSES.includes(status))
    fail(`it never answers ${status} (its contract lists ${call.errors.join(', ')})`);
  if (body === undefined) {
    if (status < 500) fail(`a ${status} comes with an error body`);
    return;
  }
  parseExactly(errorResponseSchema, body, fail);
  const { error } = body as ErrorResponse;
  if (!KNOWN_ERROR_CODES.has(error)) fail(`"${error}" is no error code the server sends`);
}

function parseExactly(schema: z.ZodType | undefined, body: unknown, fail: (why: string) => never) {
  if (!schema) return fail('no schema describes that status');
  const parsed = schema.safeParse(body);
  if (!parsed.success) fail(parsed.error.message);
  if (canonical(parsed.data) !== canonical(body))
    fail(`it has fields the server never sends: ${JSON.stringify(body)}`);
}

/** JSON with every object's keys in order, so two values compare by content alone. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

let unanswered: string[] = [];

/** The calls made since the last look that no double answered; setup-tests.ts fails a test on any. */
export function takeUnansweredCalls(): string[] {
  const taken = unanswered;
  unanswered = [];
  return taken;
}

/** What a call no double answers gets, after it is noted for setup-tests.ts to fail the test. */
function unansweredCall(name: string): Response {
  unanswered.push(name);
  return new Response(JSON.stringify({ error: 'not_found', message: `No test double answers ${name}` }), {
    status: 404,
    headers: { 'Content-Type': 'application/json' },
  });
}

const callNameOf = (input: RequestInfo | URL, init: RequestInit = {}) =>
  `${(init.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}`;

/**
 * The `fetch` of a test that installs no doubles (setup-tests.ts, before each test): every call is one no
 * double answers. Without it such a test reached the real `fetch` — a refused connection or a real
 * server — and passed on whatever the screen did with that, the call unnoticed.
 */
export function refuseUndoubledCalls(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => unansweredCall(callNameOf(input, init))),
  );
}

/**
 * Stands in for the server in a unit test: each call is answered by the double given for its contract
 * (a later double for the same call replaces an earlier one). Every request is recorded.
 */
export function mockCalls(...doubles: CallDouble[]) {
  const byName = new Map(doubles.map((double) => [callName(double.call), double]));
  const calls: CalledWith<CallDefinition>[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: CalledWith<CallDefinition> = {
      method: (init.method ?? 'GET').toUpperCase(),
      url: String(input),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as never) : undefined,
      query: url.searchParams,
    };
    calls.push(request);
    const name = callNameOf(input, init);
    const double = byName.get(name);
    if (double) return double.respond(request);
    return unansweredCall(name);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The requests made to `call`, with their bodies typed as the call takes them. */
    callsTo: <Call extends CallDefinition>(call: Call) =>
      calls.filter(
        (request) =>
          request.method === call.method && new URL(request.url, 'http://localhost').pathname === call.path,
      ) as CalledWith<Call>[],
  };
}
