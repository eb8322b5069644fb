// Console calls as a test makes them: with a staff member's console token, from the audit helpers'
// ORIGIN, answers parsed with the call's contract, refusals checked by status and sentence.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { CallAnswer, CallDefinition } from '@datafeeds/domain/calls';
import { fromOrigin } from '../../helpers/audit.ts';
import { bearer, callTo } from '../../helpers/factories.ts';

/**
 * A console call with `token` (a staff member's, or a customer's to see it refused): a `payload`, and a
 * query either as `search` text ('?status=failed') or as `query` fields, as the browser sends them.
 */
export function consoleCall(
  app: FastifyInstance,
  call: CallDefinition,
  token: string,
  input: { payload?: object; search?: string; query?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject(
    fromOrigin({
      ...callTo(call, input.search),
      headers: bearer(token),
      ...(input.query ? { query: input.query } : {}),
      ...(input.payload ? { payload: input.payload } : {}),
    }),
  );
}

/** The success answer, checked against the contract's schema for `status`. */
export function answerOf<Call extends CallDefinition>(
  call: Call,
  response: LightMyRequestResponse,
  status = 200,
): CallAnswer<Call> {
  expect(response.statusCode, response.body).toBe(status);
  const schema = call.responses[status];
  if (!schema) throw new Error(`${call.operationId} has no ${status} answer`);
  return schema.parse(response.json()) as CallAnswer<Call>;
}

/** An error answer: its status and message. */
export function expectRefusal(response: LightMyRequestResponse, status: number, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  if (message !== undefined) expect(response.json<{ message: string }>().message).toBe(message);
}
