// Reads the credential events stream as a data feed would: a real HTTP connection to a listening server,
// events collected as they arrive, waited for by a predicate.
import type { CredentialEventType } from '@datafeeds/domain';

export interface StreamEvent {
  event: CredentialEventType;
  id?: string;
  data: Record<string, unknown>;
}

export interface EventStream {
  status: number;
  headers: Headers;
  events: StreamEvent[];
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function parse(block: string): StreamEvent | undefined {
  const fields = new Map<string, string>();
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
  }
  const event = fields.get('event');
  if (!event) return undefined;
  const id = fields.get('id');
  return {
    event: event as CredentialEventType,
    ...(id ? { id } : {}),
    data: JSON.parse(fields.get('data') ?? '{}') as Record<string, unknown>,
  };
}

export async function openEventStream(
  baseUrl: string,
  verifierKey: string | undefined,
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/credentials/events`, {
    headers: verifierKey ? { authorization: `Bearer ${verifierKey}` } : {},
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const waiters = new Set<() => void>();
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const parsed = parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (parsed) events.push(parsed);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    close: () => controller.abort(),
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
}
