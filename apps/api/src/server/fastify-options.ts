// What every listener of the API shares, the portal's (app.ts) and the data feed's (data-plane.ts): its
// timeouts, body limit, proxy trust, the one error shape for what fails before any route runs, JSON
// that may be empty, and Zod for validation. One place, so the two listeners answer a call alike.
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { ERROR_CODES } from '@datafeeds/domain';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from '../config/env.ts';

/**
 * Chosen, not inherited. A client has 30 s to send a whole request (its headers within 15 s), so a slow
 * sender cannot hold connections open; an idle keep-alive connection lives 72 s, longer than the 60 s a
 * load balancer usually keeps one (a shorter server side makes it send on a connection being closed); a
 * socket silent for 2 minutes is closed (the event streams send a heartbeat every 250 ms). Answers may
 * take longer than any of these: an event stream lasts as long as its data feed listens.
 */
const SERVER_TIMEOUTS = {
  requestTimeout: 30_000,
  keepAliveTimeout: 72_000,
  connectionTimeout: 120_000,
};
const HEADERS_TIMEOUT_MS = 15_000;

/**
 * Fastify refuses a bare hop count (it cannot tell whether the immediate peer is a proxy); given one,
 * the operator says the server is reachable only through that many proxies, so trust exactly those hops.
 */
function trustProxyOption(trust: Env['TRUST_PROXY']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export function listenerOptions(env: Env) {
  return {
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    ...SERVER_TIMEOUTS,
    // Errors Fastify meets before any route runs (an address it cannot decode, a parameter too long)
    // bypass the error handler: they get the one error shape here too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply
        .code(error.statusCode ?? 400)
        .send({ error: ERROR_CODES.badRequest, message: 'The address of this request is not valid.' });
    },
  } satisfies FastifyServerOptions;
}

/** Zod for validation and serialisation, JSON bodies that may be empty, Node's headers timeout. */
export function prepareListener(app: FastifyInstance): void {
  // Node's own default (60 s) for a request's headers is longer than its whole request may take.
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Calls without a body (logout, refresh) may still send Content-Type: application/json.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') done(null, undefined);
    else parseJson(request, text, done);
  });
}
