// The one transport of the web app (design §1): a call's exchange (./http-call.ts) on behalf of a
// session source (./session-source.ts). A call the session owns carries its token; a 401 to it asks the
// source for a renewed token and tries once more with it, and a second refusal, or no other token to
// try, ends the session. The customer's `call` and the console's `consoleCall` are this, each with its
// own source.
import type { CallAnswer, CallDefinition, CallInput } from '@datafeeds/domain/calls';
import { isHttpError } from '../api-errors';
import { httpCall, type CallOptions } from './http-call';
import type { SessionSource } from './session-source';

type CallArguments<Call extends CallDefinition> =
  Partial<CallInput<Call>> extends CallInput<Call>
    ? [input?: CallInput<Call>, options?: CallOptions]
    : [input: CallInput<Call>, options?: CallOptions];

/** Makes `contract`'s call: input and answer are the contract's, inferred (design §1 "One contract per call"). */
export type Transport = <Call extends CallDefinition>(
  contract: Call,
  ...args: CallArguments<Call>
) => Promise<CallAnswer<Call>>;

export function createTransport(session: SessionSource): Transport {
  return async (contract, ...[input, options]) => {
    if (!session.owns(contract.access)) {
      const lent = session.lends(contract.access) ? await session.token() : null;
      return httpCall(contract, input, lent, options);
    }
    const token = await session.token();
    try {
      return await httpCall(contract, input, token, options);
    } catch (refusal) {
      if (!isHttpError(refusal, 401)) throw refusal;
      // A call sent without a token had no session to renew.
      const renewed = token === null ? null : await session.refresh(token);
      if (renewed !== null && renewed !== token) {
        try {
          return await httpCall(contract, input, renewed, options);
        } catch (error) {
          if (!isHttpError(error, 401)) throw error;
        }
      }
      session.end();
      throw refusal;
    }
  };
}
