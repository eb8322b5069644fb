// GET /api/v1/credentials/events (design §8): Server-Sent Events that tell a data-feed service which
// credentials to drop from its cache — `revoked` and `changed` with the client id, `reset` when this
// instance may have missed changes, a `heartbeat` so a silent connection is noticed, `ready` first (it
// announces the heartbeat interval, from which a follower derives how much silence means a held stream).
// A stream is this instance's promise to pass every revocation on within a second: while its credential
// bus is not listening it cannot keep it, so its streams end and new ones are refused (503) until the
// bus is back — the feeds then ask for every answer meanwhile, as they do when a stream drops.
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import {
  HEARTBEAT_INTERVAL_MS,
  type CredentialChangeEvent,
  type CredentialStreamReady,
} from '@datafeeds/domain';
import { verification } from '@datafeeds/domain/calls';
import { serviceUnavailable } from '../../lib/errors.ts';
import { registerCall } from '../register-call.ts';
import { dataFeedRoute } from './data-feed-route.ts';

interface Stream {
  keyId: string;
  response: ServerResponse;
}

function send(response: ServerResponse, event: string, data: object, id?: number) {
  // A stream being closed may still be in the set until its 'close' event: writing to it would throw.
  if (response.writableEnded || response.destroyed) return;
  response.write(
    `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
  );
}

const eventsRoutes: FastifyPluginAsync<{ heartbeatMs?: number }> = async (app, options) => {
  const streams = new Set<Stream>();
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS;
  const now = () => ({ at: app.clock.now().toISOString() });

  const stopListening = [
    app.credentialBus.subscribe((message) => {
      if (message.type === 'credential') {
        const data: CredentialChangeEvent = {
          clientId: message.clientId,
          reason: message.reason,
          at: message.at,
        };
        for (const stream of streams) send(stream.response, message.effect, data, message.seq);
      } else {
        for (const stream of streams) {
          if (stream.keyId !== message.id) continue;
          streams.delete(stream);
          stream.response.end();
        }
      }
    }),
    // No stream outlives a loss, so a `reset` is said then, as the stream's last word.
    app.credentialBus.onLost(() => {
      for (const stream of streams) {
        send(stream.response, 'reset', now());
        stream.response.end();
      }
      streams.clear();
    }),
  ];
  // A few a second cost one short write per stream; they let a follower notice within the one-second
  // promise a stream a proxy or the network holds without closing (design §8).
  const heartbeat = setInterval(() => {
    const at = now();
    for (const stream of streams) send(stream.response, 'heartbeat', at);
  }, heartbeatMs);
  heartbeat.unref();

  // Open streams would hold the server's close forever: end them first.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const stop of stopListening) stop();
    for (const stream of streams) stream.response.end();
  });

  registerCall(
    app,
    verification.credentialEvents,
    async ({ caller: key, request, reply }) => {
      if (!app.credentialBus.connected) throw serviceUnavailable();
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Reverse proxies must pass each event on at once.
        'x-accel-buffering': 'no',
      });
      response.write('retry: 1000\n\n');
      const stream: Stream = { keyId: key.id, response };
      streams.add(stream);
      const ready: CredentialStreamReady = { ...now(), heartbeatMs };
      send(response, 'ready', ready);
      request.raw.socket.setKeepAlive(true);
      response.on('close', () => streams.delete(stream));
      request.log.info({ verifierKey: key.name }, 'credential events stream opened');
      return reply;
    },
    dataFeedRoute,
  );
};

export default eventsRoutes;
