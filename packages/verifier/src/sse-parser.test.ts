import { describe, expect, it } from 'vitest';
import { SseParser, type ServerSentEvent } from './sse-parser.ts';

function parse(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const retries: number[] = [];
  const parser = new SseParser({ onEvent: (event) => events.push(event), onRetry: (ms) => retries.push(ms) });
  for (const chunk of chunks) parser.push(chunk);
  return { events, retries };
}

/** Every way of cutting `text` into two chunks. */
function everySplit(text: string): string[][] {
  return Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)]);
}

const STREAM =
  'retry: 1000\n\n' +
  'event: ready\ndata: {"at":"2026-11-23T10:00:00.000Z"}\n\n' +
  ': keep-alive comment\n' +
  'id: 7\nevent: revoked\ndata: {"clientId":"dfc_1","reason":"rotated","at":"x"}\n\n';

describe('SseParser', () => {
  it('reads named events, ids and the retry hint', () => {
    const { events, retries } = parse([STREAM]);
    expect(retries).toEqual([1000]);
    expect(events).toEqual([
      { type: 'ready', data: '{"at":"2026-11-23T10:00:00.000Z"}', lastEventId: '' },
      { type: 'revoked', data: '{"clientId":"dfc_1","reason":"rotated","at":"x"}', lastEventId: '7' },
    ]);
  });

  it('gives the same events wherever the chunks are cut', () => {
    const whole = parse([STREAM]).events;
    for (const chunks of everySplit(STREAM)) expect(parse(chunks).events).toEqual(whole);
    expect(parse([...STREAM]).events).toEqual(whole);
  });

  it('accepts CRLF and lone CR line endings, even with CRLF cut between chunks', () => {
    const crlf = STREAM.replaceAll('\n', '\r\n');
    const whole = parse([STREAM]).events;
    expect(parse([crlf]).events).toEqual(whole);
    expect(parse([STREAM.replaceAll('\n', '\r')]).events).toEqual(whole);
    for (const chunks of everySplit(crlf)) expect(parse(chunks).events).toEqual(whole);
  });

  it('joins multi-line data with newlines and defaults the type to message', () => {
    const { events } = parse(['data: first\ndata:second\ndata\n\n']);
    expect(events).toEqual([{ type: 'message', data: 'first\nsecond\n', lastEventId: '' }]);
  });

  it('strips one space after the colon only', () => {
    expect(parse(['data:  two spaces\n\n']).events[0]?.data).toBe(' two spaces');
  });

  it('ignores comments, unknown fields, a bad retry and events without data', () => {
    const { events, retries } = parse([': hello\nfoo: bar\nretry: soon\nevent: heartbeat\n\n']);
    expect(events).toEqual([]);
    expect(retries).toEqual([]);
  });

  it('holds an event back until its blank line arrives', () => {
    const events: ServerSentEvent[] = [];
    const parser = new SseParser({ onEvent: (event) => events.push(event) });
    parser.push('event: reset\ndata: {}\n');
    expect(events).toEqual([]);
    parser.push('\n');
    expect(events).toEqual([{ type: 'reset', data: '{}', lastEventId: '' }]);
  });
});
