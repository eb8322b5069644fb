// The verify call answers 200 for refusals too (NOT_FOUND, QUOTA_EXCEEDED…), so figures 1, 5 and 7 count
// their measured answers by code and fail unless every one was VALID: a portal answering refusals under
// load must not pass as a fast one. Read here from answers as the portal words them, and through the
// load generator itself against a small server that refuses some of what it is asked.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerCode,
  answerTally,
  checkAllValid,
  combineCodes,
  type AnswerCodes,
} from '../src/answer-codes.ts';

const VALID = JSON.stringify({
  valid: true,
  code: 'VALID',
  clientId: 'dfc_0123456789ABCDEFGHIJKL',
  companyId: '00000000-0000-4000-8000-000000000000',
  companyName: 'A "code":"NOT_FOUND" Company',
  accountStatus: 'paid',
  apiType: 'rest',
  scopes: ['nfl'],
  expiresAt: null,
  limits: { plan: 'pro', dailyQuota: 1000, ratePerSecond: 10, dailyCap: null },
});
const QUOTA_EXCEEDED = JSON.stringify({
  valid: false,
  code: 'QUOTA_EXCEEDED',
  clientId: 'dfc_0123456789ABCDEFGHIJKL',
  resetsAt: '2026-05-02T00:00:00.000Z',
  limit: 1000,
});
const NOT_FOUND = JSON.stringify({ valid: false, code: 'NOT_FOUND' });

/** The budget lines checkAllValid writes, as [PASS?, line]. */
function judged(...runs: [string, AnswerCodes][]) {
  const lines: [boolean, string][] = [];
  checkAllValid({ check: (ok, line) => lines.push([ok, line]) }, '1.', ...runs);
  return lines;
}

describe('answer codes', () => {
  it("reads each answer's code, whatever the other fields hold; not a 200 is its status", () => {
    expect(answerCode(200, VALID)).toBe('VALID');
    expect(answerCode(200, QUOTA_EXCEEDED)).toBe('QUOTA_EXCEEDED');
    expect(answerCode(200, NOT_FOUND)).toBe('NOT_FOUND');
    expect(answerCode(200, '{"ok":true}')).toBe('no code');
    expect(answerCode(401, '{"error":"unauthorized"}')).toBe('HTTP 401');
  });

  it('counts answers by code and adds runs up', () => {
    const tally = answerTally();
    for (const body of [VALID, VALID, NOT_FOUND]) tally.count(200, body);
    tally.count(503, '');
    expect(tally.codes()).toEqual({ VALID: 2, NOT_FOUND: 1, 'HTTP 503': 1 });
    expect(combineCodes([{ VALID: 2 }, { VALID: 3, QUOTA_EXCEEDED: 1 }])).toEqual({
      VALID: 5,
      QUOTA_EXCEEDED: 1,
    });
  });

  it('passes a run whose every answer was VALID', () => {
    expect(judged(['portal', { VALID: 250_000 }])).toEqual([
      [true, '1. portal: every measured answer VALID (VALID ×250,000)'],
    ]);
  });

  it.each<[string, AnswerCodes]>([
    ['a NOT_FOUND among the VALID', { VALID: 250_000, NOT_FOUND: 1 }],
    ['a QUOTA_EXCEEDED among the VALID', { VALID: 250_000, QUOTA_EXCEEDED: 1 }],
    ['a RATE_LIMITED among the VALID', { VALID: 250_000, RATE_LIMITED: 1 }],
    ['nothing but refusals', { NOT_FOUND: 250_000 }],
    ['no answer at all', {}],
  ])('fails a run with %s', (_case, codes) => {
    const [[ok, line] = [true, '']] = judged(['portal', codes]);
    expect(ok).toBe(false);
    expect(line).toMatch(/^1\. portal: every measured answer VALID \(/);
  });

  it("fails each run on its own: one run's refusals fail its line, not the other's", () => {
    expect(judged(['limits on', { VALID: 10 }], ['limits off', { VALID: 9, QUOTA_EXCEEDED: 1 }])).toEqual([
      [true, '1. limits on: every measured answer VALID (VALID ×10)'],
      [false, '1. limits off: every measured answer VALID (VALID ×9, QUOTA_EXCEEDED ×1)'],
    ]);
  });
});

describe('a measured load', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
    vi.unstubAllEnvs();
  });

  it('counts what the server answered in the measured run, so a run of some refusals fails', async () => {
    // Every third answer a refusal, each with a 200, as the verify call answers.
    let answered = 0;
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        answered += 1;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(answered % 3 === 0 ? NOT_FOUND : VALID);
      });
    });
    await new Promise<void>((listening) => server?.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    // The knobs are read when settings.ts is first imported: a short load, not a measurement.
    vi.stubEnv('BENCH_SECONDS', '0.3');
    vi.stubEnv('BENCH_WARMUP_SECONDS', '0.1');
    vi.stubEnv('BENCH_CONNECTIONS', '2');
    const { measureLoad } = await import('../src/http-load.ts');
    const figures = await measureLoad(
      { url: `http://127.0.0.1:${port}/api/v1/credentials/verify`, bodies: ['{}'] },
      { cpuMicros: () => Promise.resolve(0) },
    );
    expect(figures.non2xx).toBe(0);
    expect(figures.codes.VALID).toBeGreaterThan(0);
    expect(figures.codes.NOT_FOUND).toBeGreaterThan(0);
    // The measured run's answers only: the warm-up's are not counted.
    expect((figures.codes.VALID ?? 0) + (figures.codes.NOT_FOUND ?? 0)).toBe(figures.requests);
    expect(judged(['portal', figures.codes]).map(([ok]) => ok)).toEqual([false]);
  });
});
