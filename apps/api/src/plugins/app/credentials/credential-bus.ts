// How a change to a credential reaches every portal instance (design §8 "Revocation feed"): in process
// on the embedded default, Redis pub/sub when REDIS_URL is set, PostgreSQL LISTEN/NOTIFY when only
// DATABASE_URL is. A message is delivered to this instance's listeners at once and to the others
// through the transport; an instance ignores its own echo. When a transport loses its connection,
// messages may be lost meanwhile: listeners are told it is `lost` (so nothing cached is trusted until it
// is back), and to `reset` (empty their caches) once it is back.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { CredentialChangeReason } from '@datafeeds/domain';

export type BusMessage =
  | {
      type: 'credential';
      seq: number;
      clientId: string;
      companyId: string;
      effect: 'changed' | 'revoked';
      reason: CredentialChangeReason;
      at: string;
    }
  | { type: 'verifier-key-revoked'; id: string };

export interface TransportHandlers {
  message(payload: string): void;
  /** Listening stopped: messages from other instances may be missed from now on. */
  lost(): void;
  /** Listening again after a loss: whatever was sent meanwhile is gone. */
  reset(): void;
}

export interface BusTransport {
  readonly kind: 'memory' | 'redis' | 'postgres';
  /** True while messages from other instances can arrive. */
  readonly connected: boolean;
  send(payload: string): Promise<void>;
  start(handlers: TransportHandlers): Promise<void>;
  close(): Promise<void>;
}

export interface CredentialBus {
  readonly kind: BusTransport['kind'];
  readonly connected: boolean;
  /** Delivers here at once and sends to the other instances; sending never throws (it is logged). */
  publish(messages: readonly BusMessage[]): void;
  subscribe(listener: (message: BusMessage) => void): () => void;
  /** The transport stopped listening (`connected` is false until the matching reset). */
  onLost(listener: () => void): () => void;
  onReset(listener: () => void): () => void;
  /** Waits for messages still being sent, then closes the transport. */
  close(): Promise<void>;
}

interface Envelope {
  origin: string;
  message: BusMessage;
}

export async function createCredentialBus(
  transport: BusTransport,
  log: { warn(object: object, message: string): void },
): Promise<CredentialBus> {
  const origin = randomUUID();
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const sending = new Set<Promise<void>>();

  const deliver = (message: BusMessage) => local.emit('message', message);
  await transport.start({
    message(payload) {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(payload) as Envelope;
      } catch {
        log.warn({ bytes: payload.length }, 'ignored an unreadable credential bus message');
        return;
      }
      if (envelope.origin !== origin) deliver(envelope.message);
    },
    lost() {
      log.warn({ transport: transport.kind }, 'credential bus lost: verification asks the database');
      local.emit('lost');
    },
    reset() {
      log.warn({ transport: transport.kind }, 'credential bus reconnected: caches emptied');
      local.emit('reset');
    },
  });

  const on = <A extends unknown[]>(event: string, listener: (...args: A) => void) => {
    local.on(event, listener as (...args: unknown[]) => void);
    return () => void local.off(event, listener as (...args: unknown[]) => void);
  };

  return {
    kind: transport.kind,
    get connected() {
      return transport.connected;
    },
    publish(messages) {
      for (const message of messages) {
        deliver(message);
        const sent = transport
          .send(JSON.stringify({ origin, message } satisfies Envelope))
          .catch((error: unknown) =>
            log.warn({ err: error, transport: transport.kind }, 'could not send a credential bus message'),
          )
          .finally(() => sending.delete(sent));
        sending.add(sent);
      }
    },
    subscribe: (listener) => on('message', listener),
    onLost: (listener) => on('lost', listener),
    onReset: (listener) => on('reset', listener),
    async close() {
      await Promise.all(sending);
      await transport.close();
      local.removeAllListeners();
    },
  };
}

/** The embedded default: one process, nothing to send. */
export function memoryTransport(): BusTransport {
  return {
    kind: 'memory',
    connected: true,
    send: async () => undefined,
    start: async () => undefined,
    close: async () => undefined,
  };
}
