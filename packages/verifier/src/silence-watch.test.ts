import { describe, expect, it } from 'vitest';
import { silenceAllowedMs, watchSilence } from './silence-watch.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('silenceAllowedMs', () => {
  it.each([
    [250, 1_000], // the portal's heartbeat: four missed, the one-second promise
    [100, 1_000], // never sooner than a second, however fast the heartbeat
    [10_000, 25_000], // a portal of an earlier version: as before
  ])('allows a stream beating every %i ms %i ms of silence', (heartbeatMs, allowedMs) => {
    expect(silenceAllowedMs(heartbeatMs)).toBe(allowedMs);
  });
});

describe('watchSilence', () => {
  it('calls a stream stalled once silent for longer than allowed, each arrival starting the count again', async () => {
    const stalls: number[] = [];
    const watch = watchSilence(150, (allowedMs) => stalls.push(allowedMs));
    for (let beat = 0; beat < 4; beat += 1) {
      await sleep(75);
      watch.heard();
    }
    expect(stalls).toEqual([]);
    await sleep(250);
    expect(stalls).toEqual([150]);
    watch.stop();
  });

  it('applies a new allowance to the silence already running', async () => {
    const stalls: number[] = [];
    const watch = watchSilence(25_000, (allowedMs) => stalls.push(allowedMs));
    await sleep(60);
    watch.allow(100);
    await sleep(200);
    expect(stalls).toEqual([100]);
    watch.stop();
  });

  it('says nothing once stopped', async () => {
    const stalls: number[] = [];
    watchSilence(50, (allowedMs) => stalls.push(allowedMs)).stop();
    await sleep(120);
    expect(stalls).toEqual([]);
  });
});
