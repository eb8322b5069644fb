// A Server-Sent Events parser (the WHATWG "event stream interpretation"), fed decoded text in chunks of
// any size. Written here because Node 20's fetch has no EventSource and the parsers on npm want Node 22;
// the portal's stream is small and standard, so the whole format fits in a page.

export interface ServerSentEvent {
  /** The `event:` field, or 'message' when the event named none. */
  type: string;
  /** Every `data:` line of the event, joined by newlines. */
  data: string;
  /** The last `id:` seen on the stream, or '' when none. */
  lastEventId: string;
}

export interface SseParserHandlers {
  onEvent: (event: ServerSentEvent) => void;
  /** A `retry:` field: the reconnection delay the server asks for, in milliseconds. */
  onRetry?: (delayMs: number) => void;
}

const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;

export class SseParser {
  readonly #handlers: SseParserHandlers;
  /** The start of a line whose end has not arrived yet. */
  #partialLine = '';
  /** The previous chunk ended in CR: an LF opening this one belongs to that CRLF, not a new line. */
  #skipLeadingLf = false;
  #eventType = '';
  #dataLines: string[] = [];
  #lastEventId = '';

  constructor(handlers: SseParserHandlers) {
    this.#handlers = handlers;
  }

  push(chunk: string): void {
    if (chunk.length === 0) return;
    let from = 0;
    if (this.#skipLeadingLf && chunk.charCodeAt(0) === LF) from = 1;
    this.#skipLeadingLf = false;
    let lineStart = from;
    for (let index = from; index < chunk.length; index += 1) {
      const code = chunk.charCodeAt(index);
      if (code !== LF && code !== CR) continue;
      this.#line(this.#partialLine + chunk.slice(lineStart, index));
      this.#partialLine = '';
      if (code === CR) {
        if (index + 1 === chunk.length) this.#skipLeadingLf = true;
        else if (chunk.charCodeAt(index + 1) === LF) index += 1;
      }
      lineStart = index + 1;
    }
    this.#partialLine += chunk.slice(lineStart);
  }

  #line(line: string) {
    if (line.length === 0) {
      this.#dispatch();
      return;
    }
    if (line.charCodeAt(0) === COLON) return; // a comment: keeps proxies from closing an idle stream
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let valueStart = colon === -1 ? line.length : colon + 1;
    if (line.charCodeAt(valueStart) === SPACE) valueStart += 1;
    this.#field(field, line.slice(valueStart));
  }

  #field(field: string, value: string) {
    switch (field) {
      case 'event':
        this.#eventType = value;
        break;
      case 'data':
        this.#dataLines.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.#lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.#handlers.onRetry?.(Number(value));
        break;
      default:
        break; // unknown fields are ignored, as the standard says
    }
  }

  #dispatch() {
    const type = this.#eventType || 'message';
    const dataLines = this.#dataLines;
    this.#eventType = '';
    this.#dataLines = [];
    // An event without data is not dispatched (the standard), whatever fields it had.
    if (dataLines.length === 0) return;
    this.#handlers.onEvent({ type, data: dataLines.join('\n'), lastEventId: this.#lastEventId });
  }
}
