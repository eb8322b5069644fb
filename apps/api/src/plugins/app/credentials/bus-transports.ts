// The two transports that reach other portal instances (see credential-bus.ts). Each keeps its own
// connection for listening, reconnects by itself with a capped backoff, reports when it stops listening
// (`lost`) and a `reset` once it is listening again: whatever was published while it was away is lost,
// so caches must start over.
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import pg from 'pg';
import type { Db } from '../../../db/client.ts';
import { watchRedis } from '../../../lib/redis-watchdog.ts';
import type { BusTransport, TransportHandlers } from './credential-bus.ts';

const MAX_RECONNECT_DELAY_MS = 5_000;

export function redisTransport(redis: Redis, channel: string): BusTransport {
  // A connection in subscriber mode can do nothing else, so listening takes one of its own.
  // Named, so an operator reading CLIENT LIST sees what it is.
  const subscriber = redis.duplicate({
    lazyConnect: true,
    maxRetriesPerRequest: null,
    connectionName: `${channel}-listener`,
  });
  let connected = false;
  let lost = false;
  // A stalled Redis sends no message and closes nothing: the ping deadline drops the connection, so
  // 'close' below reports the loss within 700 ms (design §8).
  let stopWatching: (() => void) | undefined;
  return {
    kind: 'redis',
    get connected() {
      return connected;
    },
    send: async (payload) => {
      await redis.publish(channel, payload);
    },
    async start(handlers) {
      subscriber.on('message', (from: string, payload: string) => {
        if (from === channel) handlers.message(payload);
      });
      subscriber.on('close', () => {
        if (!connected) return;
        lost = true;
        connected = false;
        handlers.lost();
      });
      subscriber.on('ready', () => {
        if (!lost) return;
        // ioredis resubscribes on its own, but only after 'ready'; subscribing again (a no-op when already
        // subscribed) makes sure nothing published from here on is missed before the caches restart.
        subscriber.subscribe(channel).then(
          () => {
            lost = false;
            connected = true;
            handlers.reset();
          },
          () => undefined, // the connection dropped again; the next 'ready' retries
        );
      });
      subscriber.on('error', () => undefined); // reconnection is ioredis's job; 'close' records the loss
      stopWatching = watchRedis(subscriber);
      try {
        await subscriber.connect();
        await subscriber.subscribe(channel);
        connected = true;
      } catch {
        lost = true; // Redis is away at start-up: the first 'ready' subscribes and starts the caches afresh
      }
    },
    async close() {
      stopWatching?.();
      subscriber.disconnect();
    },
  };
}

/** LISTEN/NOTIFY: NOTIFY goes through the pool, LISTEN holds one client of its own. */
export function postgresTransport(url: string, db: Db, channel = 'datafeeds_credentials'): BusTransport {
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let handlers: TransportHandlers | undefined;

  async function listen(): Promise<pg.Client> {
    const candidate = new pg.Client({ connectionString: url });
    candidate.on('notification', (notification) => {
      if (notification.channel === channel && notification.payload) handlers?.message(notification.payload);
    });
    candidate.on('error', () => dropped(candidate));
    candidate.on('end', () => dropped(candidate));
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${channel}`);
    } catch (error) {
      candidate.removeAllListeners('end');
      await candidate.end().catch(() => undefined);
      throw error;
    }
    return candidate;
  }

  function dropped(which: pg.Client) {
    if (client !== which) return;
    client = undefined;
    handlers?.lost();
    which.end().catch(() => undefined);
    reconnect(250);
  }

  function reconnect(delayMs: number) {
    if (closed) return;
    retryTimer = setTimeout(() => {
      listen().then(
        (listening) => {
          if (closed) return void listening.end().catch(() => undefined);
          client = listening;
          handlers?.reset();
        },
        () => reconnect(Math.min(delayMs * 2, MAX_RECONNECT_DELAY_MS)),
      );
    }, delayMs);
    retryTimer.unref();
  }

  return {
    kind: 'postgres',
    get connected() {
      return client !== undefined;
    },
    send: async (payload) => {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async start(given) {
      handlers = given;
      client = await listen();
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const listening = client;
      client = undefined;
      await listening?.end().catch(() => undefined);
    },
  };
}
