import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followCredentialEvents, type CredentialEventStream } from './event-stream.ts';
import { resolveVerifierOptions } from './options.ts';
import { startFakePortal, type FakePortal } from './testing/fake-portal.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('followCredentialEvents', () => {
  let portal: FakePortal;
  let stream: CredentialEventStream;
  const calls: string[] = [];
  const errors: Error[] = [];

  function follow(idleTimeoutMs: number) {
    const config = resolveVerifierOptions({ portalUrl: portal.url, verifierKey: portal.verifierKey });
    stream = followCredentialEvents(
      { ...config, timing: { firstRetryMs: 10, maxRetryMs: 20, idleTimeoutMs } },
      {
        onReady: () => calls.push('ready'),
        onChange: (event) => calls.push(`change ${event.clientId}`),
        onReset: () => calls.push('reset'),
        onDisconnect: () => calls.push('disconnect'),
        onError: (error) => errors.push(error),
      },
    );
  }

  beforeEach(async () => {
    portal = await startFakePortal();
    calls.length = 0;
    errors.length = 0;
  });

  afterEach(async () => {
    await stream.close();
    await portal.close();
  });

  it('passes on changes and resets, and treats an unreadable change as a reset', async () => {
    follow(25_000);
    await vi.waitFor(() => expect(stream.connected).toBe(true));
    portal.send('changed', { clientId: 'dfc_1', reason: 'upgraded', at: new Date().toISOString() });
    portal.send('heartbeat', { at: new Date().toISOString() });
    portal.send('revoked', { client: 'no id' });
    portal.send('reset', {});
    await vi.waitFor(() => expect(calls).toEqual(['ready', 'change dfc_1', 'reset', 'reset']));
    expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(/unreadable revoked event/)]);
  });

  it('reconnects a stream that falls silent, after idleTimeoutMs from a portal that announces no heartbeat', async () => {
    portal.heartbeatMs = null;
    follow(200);
    await vi.waitFor(() => expect(calls).toEqual(['ready', 'disconnect', 'ready']), { timeout: 2_000 });
    expect(errors[0]?.message).toMatch(/sent nothing for 0.2 s; reconnecting/);
  });

  it('takes a stream silent for a second for stalled when the portal announces a fast heartbeat', async () => {
    portal.heartbeatMs = 100;
    follow(25_000);
    await vi.waitFor(() => expect(stream.connected).toBe(true));
    await sleep(1_500);
    expect(calls).toEqual(['ready']);
    portal.holdStreams();
    const heldAt = Date.now();
    await vi.waitFor(() => expect(calls).toEqual(['ready', 'disconnect', 'ready']), { timeout: 3_000 });
    expect(Date.now() - heldAt).toBeLessThan(1_500);
    expect(errors[0]?.message).toMatch(/sent nothing for 1 s; reconnecting/);
  });

  it('does not take a healthy stream for stalled when its own event loop was busy', async () => {
    portal.heartbeatMs = 250;
    follow(25_000);
    await vi.waitFor(() => expect(stream.connected).toBe(true));
    // A busy process: neither the portal's heartbeat nor this timer could run for 1.5 s.
    const busyUntil = Date.now() + 1_500;
    while (Date.now() < busyUntil);
    await sleep(500);
    expect(calls).toEqual(['ready']);
    expect(errors).toEqual([]);
  });

  it('stops for good on close', async () => {
    follow(25_000);
    await vi.waitFor(() => expect(stream.connected).toBe(true));
    await stream.close();
    expect(stream.connected).toBe(false);
    expect(calls).toEqual(['ready', 'disconnect']);
    expect(errors).toEqual([]);
  });
});
