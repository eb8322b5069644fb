// @datafeeds/verifier/fastify: the gate as a Fastify plugin. Register it once with the verifier; each
// route names the feed it serves with `preHandler: app.requireCredential('nflLive')`, and its handler
// finds the verified credential on `request.credential`. Every answer of a token with limits, admitted
// or refused, carries `RateLimit-Policy` and `RateLimit` (design §10 "Limit headers").
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiType, ScopeKey } from '@datafeeds/domain';
import type { VerifiedCredential } from '@datafeeds/domain/credentials';
import { authorize } from './authorize.ts';
import type { Verifier } from './verifier.ts';

export interface VerifierPluginOptions {
  verifier: Pick<Verifier, 'verify' | 'close'> & Partial<Pick<Verifier, 'standing'>>;
  /** The gateway this app is: tokens issued for the other API type get 403 API_TYPE_DENIED. */
  apiType?: ApiType;
  /** Close the verifier with the app (when the app created it). Default false. */
  closeVerifierOnClose?: boolean;
}

/** A fixed feed, or one that depends on the request (e.g. on a :sport parameter). */
export type ScopeChoice = ScopeKey | ((request: FastifyRequest) => ScopeKey | undefined);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a `requireCredential` preHandler; null on routes without one. */
    credential: VerifiedCredential | null;
  }
  interface FastifyInstance {
    requireCredential(scope?: ScopeChoice): preHandlerAsyncHookHandler;
  }
}

const verifierPluginAsync: FastifyPluginAsync<VerifierPluginOptions> = async (app, options) => {
  const { verifier, apiType } = options;
  app.decorateRequest('credential', null);

  app.decorate('requireCredential', function requireCredential(scope?: ScopeChoice) {
    return async function checkCredential(request: FastifyRequest, reply: FastifyReply) {
      const wanted = typeof scope === 'function' ? scope(request) : scope;
      const result = await authorize(verifier, request, { scope: wanted, apiType });
      if (result.ok) {
        request.credential = result.credential;
        if (result.headers['ratelimit-policy'] !== undefined) reply.headers(result.headers);
        return;
      }
      if (result.cause) request.log.error({ err: result.cause }, 'RSC token could not be verified');
      return reply
        .code(result.statusCode)
        .headers(result.headers ?? {})
        .send(result.body);
    };
  });

  if (options.closeVerifierOnClose) app.addHook('onClose', () => verifier.close());
};

export const verifierPlugin = fp(verifierPluginAsync, { name: '@datafeeds/verifier', fastify: '5.x' });
