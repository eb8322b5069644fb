// Routes are registered from the domain's call contracts (docs/design.md §1 "One contract per call"):
// the contract gives the method, path, validation, answers, OpenAPI entry and who may call; this file
// turns "who may call" into the guard and hands the handler the caller the guard established, so a
// handler cannot reach a caller without the check having run.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySerializerCompiler,
  onRequestHookHandler,
  preHandlerHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import {
  successStatusOf,
  type CallAccess,
  type CallBody,
  type CallDefinition,
  type CallQuery,
  type CallReply,
} from '@datafeeds/domain/calls';
import { unauthorized } from '../lib/errors.ts';
import { authOf, memberOf, type AuthContext, type CompanyCaller } from '../plugins/app/sessions/index.ts';
import { staffOf, type StaffCaller } from '../plugins/app/staff/index.ts';
import type { VerifierKeyIdentity } from '../plugins/app/verification/index.ts';
import { errorResponses } from './schemas.ts';

/** The caller a handler receives, as established by the call's access. */
export type CallerOf<Access extends CallAccess> = Access extends { kind: 'member' }
  ? CompanyCaller
  : Access extends { kind: 'signedIn' }
    ? AuthContext
    : Access extends { kind: 'verifier' }
      ? VerifierKeyIdentity
      : Access extends { kind: 'staff' }
        ? StaffCaller
        : undefined;

export interface CallContext<Call extends CallDefinition> {
  caller: CallerOf<Call['access']>;
  body: CallBody<Call>;
  query: CallQuery<Call>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Answers the success body (sent with the contract's success status), or the reply it sent itself. */
export type CallHandler<Call extends CallDefinition> = (
  context: CallContext<Call>,
) => Promise<CallReply<Call> | FastifyReply>;

/** What a route adds to its contract: limits, hooks and serialisation that are the server's business. */
export interface CallRouteOptions {
  /** Hooks after the guard (a named rate limit). */
  onRequest?: onRequestHookHandler[];
  preHandler?: preHandlerHookHandler;
  config?: RouteShorthandOptions['config'];
  serializerCompiler?: FastifySerializerCompiler<unknown>;
  helmet?: false;
  logLevel?: RouteShorthandOptions['logLevel'];
  bodyLimit?: number;
}

/** The OpenAPI security requirement of each kind of access (schemes in plugins/external/openapi.ts). */
const SECURITY: Record<CallAccess['kind'], Record<string, string[]>[]> = {
  public: [],
  refreshCookie: [{ refreshCookie: [] }],
  // Sign-out ends the session of whichever credential arrived, and answers the same with none.
  anySession: [{ bearer: [] }, { refreshCookie: [] }, {}],
  signedIn: [{ bearer: [] }],
  member: [{ bearer: [] }],
  verifier: [{ verifierKey: [] }],
  staff: [{ consoleBearer: [] }],
  staffRefreshCookie: [{ consoleRefreshCookie: [] }],
};

function guardOf(app: FastifyInstance, access: CallAccess): onRequestHookHandler[] {
  switch (access.kind) {
    case 'signedIn':
      return [app.authenticate];
    case 'member':
      return access.action ? [app.authenticate, app.allow(access.action)] : [app.authenticate];
    case 'verifier':
      return [app.authenticateVerifier];
    case 'staff':
      return access.action ? [app.authenticateStaff, app.allowStaff(access.action)] : [app.authenticateStaff];
    default:
      return [];
  }
}

/**
 * The caller, from what the guard put on the request. A member-only call without an action checks
 * membership here, after validation, as the handlers always did (404 profile_not_found).
 */
function callerOf(access: CallAccess, request: FastifyRequest): unknown {
  switch (access.kind) {
    case 'signedIn':
      return authOf(request);
    case 'member':
      return memberOf(request);
    case 'verifier':
      if (!request.verifierKey) throw unauthorized();
      return request.verifierKey;
    case 'staff':
      return staffOf(request);
    default:
      return undefined;
  }
}

/** A success answer that is not JSON is described by its media type, as the client gets it. */
function describeFile(file: NonNullable<CallDefinition['file']>, status: number): SwaggerTransform {
  return (route) => {
    const { schema, url } = jsonSchemaTransform(route);
    const answer = {
      description: file.description,
      content: { [file.mediaType]: { schema: { type: 'string' } } },
    };
    return { url, schema: { ...schema, response: { [status]: answer, ...(schema.response as object) } } };
  };
}

/** Registers `call`'s route: its guard, schema and OpenAPI entry from the contract, `handler` for the rest. */
export function registerCall<const Call extends CallDefinition>(
  app: FastifyInstance,
  call: Call,
  handler: CallHandler<Call>,
  options: CallRouteOptions = {},
): void {
  const status = successStatusOf(call);
  const { onRequest = [], config, ...route } = options;
  const guard = guardOf(app, call.access);
  const hooks = [...guard, ...onRequest];
  // The reply is typed by the route's schema; the contract has already typed the handler's answer.
  const untyped = app as FastifyInstance;
  untyped.route({
    method: call.method,
    url: call.path,
    ...route,
    ...(hooks.length > 0 ? { onRequest: hooks } : {}),
    config: call.file ? { ...config, swaggerTransform: describeFile(call.file, status) } : config,
    schema: {
      ...(call.hidden ? { hide: true } : {}),
      tags: [call.tag],
      operationId: call.operationId,
      summary: call.summary,
      ...(call.description ? { description: call.description } : {}),
      security: SECURITY[call.access.kind],
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { ...call.responses, ...errorResponses(...call.errors) },
    },
    handler: async (request, reply) => {
      const answer = await handler({
        caller: callerOf(call.access, request) as CallerOf<Call['access']>,
        body: request.body as CallBody<Call>,
        query: request.query as CallQuery<Call>,
        request,
        reply,
      });
      if (answer === reply) return reply;
      if (status !== 200) (reply as FastifyReply).code(status as 200);
      return status === 204 ? reply.send() : answer;
    },
  });
}
