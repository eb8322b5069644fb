// The log never holds the process: what it cannot write is dropped, and a flush never waits on a reader
// that went away (design §6 "Shutdown").
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { logDestination } from '../../src/server/log-destination.ts';

const flushed = (destination: ReturnType<typeof logDestination>) =>
  new Promise<void>((resolve) => destination.flush(resolve));

describe('the log destination', () => {
  it('writes every line, in order, before its flush calls back', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'log-destination-')), 'log');
    const fd = openSync(file, 'w');
    const destination = logDestination(fd);
    const lines = Array.from({ length: 500 }, (_, index) => `{"line":${index}}\n`);
    for (const line of lines) destination.write(line);
    await flushed(destination);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
  });

  it('drops lines beyond its queue instead of growing without bound', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'log-destination-')), 'log');
    const fd = openSync(file, 'w');
    const destination = logDestination(fd, 10);
    destination.write('first\n');
    destination.write('second\n');
    destination.write('third line, too long for the queue\n');
    await flushed(destination);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe('first\nsecond\n');
  });

  it('stops writing, and flushes at once, when the descriptor can no longer be written', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'log-destination-')), 'log');
    writeFileSync(file, '');
    const fd = openSync(file, 'r');
    const destination = logDestination(fd);
    destination.write('refused\n');
    await flushed(destination);
    expect(() => destination.write('after\n')).not.toThrow();
    await flushed(destination);
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});
