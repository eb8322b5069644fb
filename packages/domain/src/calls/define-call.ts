// One contract per call (docs/design.md §1 "One contract per call"): method, path, who may call, what it
// takes and every answer it gives, written once here. The API registers its routes from these (guard,
// validation, OpenAPI), the web app calls through them (input and answer inferred), and the web's test
// doubles answer by them (parsed by the same schemas). A call is renamed or changed in this one place.
import type { z } from 'zod';
import type { ConsoleAction, TeamAction } from '../policy.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make the call, from which the server's guard and the handler's caller follow.
 * - `public`: anyone; `refreshCookie`: the refresh cookie is the credential (checked by the handler);
 *   `anySession`: whichever of bearer token and refresh cookie arrived, or none (sign-out).
 * - `signedIn`: a valid access token, with or without a company.
 * - `member`: a member of a company; with `action`, one whose role the policy table lets do it.
 * - `verifier`: a data-feed service with a live verifier key (design §8).
 * - `staff`: a signed-in staff member of the provider console (design §11); with `action`, one whose
 *   role the console's policy table lets do it. `staffRefreshCookie`: the console's refresh cookie is the
 *   credential (checked by the handler).
 */
export type CallAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'refreshCookie' }
  | { readonly kind: 'anySession' }
  | { readonly kind: 'signedIn' }
  | { readonly kind: 'member'; readonly action?: TeamAction }
  | { readonly kind: 'verifier' }
  | { readonly kind: 'staff'; readonly action?: ConsoleAction }
  | { readonly kind: 'staffRefreshCookie' };

/** The statuses answered with the one error shape of design §6 (`ErrorResponse`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 503;

export interface CallDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: CallAccess;
  readonly operationId: string;
  /** The OpenAPI tag: the area of the portal the call belongs to. */
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  /** Served but left out of the API description (the development mailbox's page). */
  readonly hidden?: boolean;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The JSON answers by status: the success answer, and any other answer with a shape of its own. */
  readonly responses: Readonly<Partial<Record<number, z.ZodType>>>;
  /** The error answers the call can give, each an `ErrorResponse`. */
  readonly errors: readonly ErrorStatus[];
  /** A success answer that is not JSON (a CSV file, an event stream, a page): its media type. */
  readonly file?: { readonly mediaType: string; readonly description: string };
}

/** Declares a call; the literal types it is given are kept, so inputs and answers can be inferred. */
export function defineCall<const Call extends CallDefinition>(call: Call): Call {
  return call;
}

type SuccessStatusOf<Call extends CallDefinition> = Extract<keyof Call['responses'], 200 | 201 | 202 | 204>;

/** The body a handler answers with (before serialisation): nothing for a 204 or a file. */
export type CallReply<Call extends CallDefinition> = Call extends { file: object }
  ? void
  : [SuccessStatusOf<Call>] extends [204]
    ? void
    : Call['responses'][SuccessStatusOf<Call>] extends infer Schema extends z.ZodType
      ? z.input<Schema>
      : never;

/** What the client receives on success: the parsed JSON, nothing for a 204, a Blob for a file. */
export type CallAnswer<Call extends CallDefinition> = Call extends { file: object }
  ? Blob
  : [SuccessStatusOf<Call>] extends [204]
    ? void
    : Call['responses'][SuccessStatusOf<Call>] extends infer Schema extends z.ZodType
      ? z.output<Schema>
      : never;

/** A part of the input the client may leave out when every field of it is optional. */
type Part<Name extends string, Value> =
  Partial<Value> extends Value ? { [K in Name]?: Value } : { [K in Name]: Value };

/** What a call takes: its body and query as the client writes them (before defaults and trimming). */
export type CallInput<Call extends CallDefinition> = (Call extends { body: infer Body extends z.ZodType }
  ? Part<'body', z.input<Body>>
  : { body?: never }) &
  (Call extends { query: infer Query extends z.ZodType } ? Part<'query', z.input<Query>> : { query?: never });

/** The body and query after validation, as a handler receives them. */
export type CallBody<Call extends CallDefinition> = Call extends { body: infer Body extends z.ZodType }
  ? z.output<Body>
  : undefined;
export type CallQuery<Call extends CallDefinition> = Call extends { query: infer Query extends z.ZodType }
  ? z.output<Query>
  : undefined;

/** The lowest success status the call declares: the status of its usual answer. */
export function successStatusOf(call: CallDefinition): number {
  const statuses = Object.keys(call.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return statuses.length > 0 ? Math.min(...statuses) : 200;
}

/** "POST /api/InviteMember": how a call is named in messages and test failures. */
export function callName(call: Pick<CallDefinition, 'method' | 'path'>): string {
  return `${call.method} ${call.path}`;
}
