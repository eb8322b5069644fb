// Following GET /api/v1/credentials/events: one long fetch whose body is read as Server-Sent Events,
// re-opened with capped, jittered exponential backoff whenever it fails, ends or falls silent. A stream
// that delivers nothing, not even a heartbeat, for longer than its announced heartbeat allows
// (silence-watch.ts) is treated as dead: a half-open TCP connection, or a proxy holding the bytes, would
// otherwise look healthy while revocations are lost (design §8).
import { setTimeout as sleep } from 'node:timers/promises';
import type { CredentialChangeEvent, CredentialStreamReady } from '@datafeeds/domain/credentials';
import { PortalUnavailableError, VerifierKeyRejectedError } from './errors.ts';
import type { ResolvedVerifierOptions } from './options.ts';
import { silenceAllowedMs, watchSilence, type SilenceWatch } from './silence-watch.ts';
import { SseParser, type ServerSentEvent } from './sse-parser.ts';

export interface CredentialEventHandlers {
  /** A connection opened and said `ready`: whatever was cached before it may have missed events. */
  onReady: () => void;
  /** A `revoked` or `changed` event: answers cached for this client are stale. */
  onChange: (event: CredentialChangeEvent) => void;
  /** A `reset` event, or an event this verifier cannot read: every cached answer is suspect. */
  onReset: () => void;
  /** A connection that had said `ready` is gone: revocations may now go unseen. */
  onDisconnect: () => void;
  onError: (error: Error) => void;
}

interface StreamTiming {
  firstRetryMs: number;
  maxRetryMs: number;
  /** The silence allowed until `ready`, and after it when the portal announces no heartbeat interval. */
  idleTimeoutMs: number;
}

/** Portals of earlier versions announce no heartbeat interval: theirs is 10 s. */
const UNANNOUNCED_HEARTBEAT_MS = 10_000;

const DEFAULT_STREAM_TIMING: StreamTiming = {
  firstRetryMs: 250,
  maxRetryMs: 5_000,
  idleTimeoutMs: silenceAllowedMs(UNANNOUNCED_HEARTBEAT_MS),
};

export interface CredentialEventStream {
  /** True from a connection's `ready` until it ends. */
  readonly connected: boolean;
  /** Ends the connection and any wait to reconnect; resolves once nothing is left running. */
  close(): Promise<void>;
}

type StreamOptions = Pick<ResolvedVerifierOptions, 'eventsUrl' | 'portalLabel' | 'authorization'> & {
  timing?: Partial<StreamTiming>;
};

class StreamIdleError extends PortalUnavailableError {
  override name = 'StreamIdleError';
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The heartbeat interval a `ready` announces, if it announces a usable one. */
function announcedHeartbeatMs(data: string): number | undefined {
  try {
    const { heartbeatMs } = (JSON.parse(data) ?? {}) as Partial<CredentialStreamReady>;
    return typeof heartbeatMs === 'number' && heartbeatMs > 0 && Number.isFinite(heartbeatMs)
      ? heartbeatMs
      : undefined;
  } catch {
    return undefined;
  }
}

function parseChange(data: string): CredentialChangeEvent | undefined {
  try {
    const event = JSON.parse(data) as Partial<CredentialChangeEvent> | null;
    return typeof event?.clientId === 'string' ? (event as CredentialChangeEvent) : undefined;
  } catch {
    return undefined;
  }
}

/** Equal jitter: half the exponential delay for sure, half at random, so feeds do not reconnect in step. */
function backoffDelay(failures: number, firstMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, firstMs * 2 ** Math.max(0, failures - 1));
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

export function followCredentialEvents(
  options: StreamOptions,
  handlers: CredentialEventHandlers,
): CredentialEventStream {
  const timing = { ...DEFAULT_STREAM_TIMING, ...options.timing };
  const label = options.portalLabel;
  const stop = new AbortController();
  let connected = false;
  let failures = 0;
  /** The portal's `retry:` hint replaces the first delay (within our cap). */
  let firstRetryMs = timing.firstRetryMs;

  function handle(event: ServerSentEvent, silence: SilenceWatch) {
    switch (event.type) {
      case 'ready': {
        const heartbeatMs = announcedHeartbeatMs(event.data);
        if (heartbeatMs !== undefined) silence.allow(silenceAllowedMs(heartbeatMs));
        connected = true;
        failures = 0;
        handlers.onReady();
        break;
      }
      case 'revoked':
      case 'changed': {
        const change = parseChange(event.data);
        if (change) handlers.onChange(change);
        else {
          // Not knowing which credential changed, drop them all rather than keep a revoked one.
          handlers.onError(
            new PortalUnavailableError(`The portal at ${label} sent an unreadable ${event.type} event.`),
          );
          handlers.onReset();
        }
        break;
      }
      case 'reset':
        handlers.onReset();
        break;
      default:
        break; // heartbeat (its arrival already told the silence watch) and events of later versions
    }
  }

  async function readOnce(signal: AbortSignal, silence: SilenceWatch) {
    const response = await fetch(options.eventsUrl, {
      headers: { authorization: options.authorization, accept: 'text/event-stream' },
      signal,
    });
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel();
      if (response.status === 401) throw new VerifierKeyRejectedError(label);
      throw new PortalUnavailableError(
        `The portal at ${label} answered HTTP ${response.status} to the events stream.`,
        {
          status: response.status,
        },
      );
    }
    const parser = new SseParser({
      onEvent: (event) => handle(event, silence),
      onRetry: (delayMs) =>
        (firstRetryMs = Math.max(timing.firstRetryMs, Math.min(delayMs, timing.maxRetryMs))),
    });
    const decoder = new TextDecoder();
    for await (const chunk of response.body) {
      silence.heard();
      parser.push(decoder.decode(chunk, { stream: true }));
    }
    throw new PortalUnavailableError(`The portal at ${label} closed the events stream; reconnecting.`);
  }

  async function connectOnce() {
    const connection = new AbortController();
    const abortConnection = () => connection.abort();
    stop.signal.addEventListener('abort', abortConnection, { once: true });
    const silence = watchSilence(timing.idleTimeoutMs, (allowedMs) => {
      const silent = `${allowedMs / 1000} s`;
      connection.abort(
        new StreamIdleError(`The portal at ${label} sent nothing for ${silent}; reconnecting.`),
      );
    });
    try {
      await readOnce(connection.signal, silence);
    } catch (error) {
      // An aborted fetch rejects with an AbortError; the reason says why it was aborted.
      throw connection.signal.reason instanceof StreamIdleError ? connection.signal.reason : error;
    } finally {
      silence.stop();
      stop.signal.removeEventListener('abort', abortConnection);
    }
  }

  async function run() {
    while (!stop.signal.aborted) {
      try {
        await connectOnce();
      } catch (error) {
        if (!stop.signal.aborted) handlers.onError(asError(error));
      }
      if (connected) {
        connected = false;
        handlers.onDisconnect();
      }
      if (stop.signal.aborted) return;
      failures += 1;
      const delay = backoffDelay(failures, firstRetryMs, timing.maxRetryMs);
      await sleep(delay, undefined, { signal: stop.signal, ref: false }).catch(() => undefined);
    }
  }

  const running = run();

  return {
    get connected() {
      return connected;
    },
    async close() {
      stop.abort();
      await running;
    },
  };
}
