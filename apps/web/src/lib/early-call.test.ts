// An early call serves its query once, for the session it was made for, while it is fresh.
import { describe, expect, it, vi } from 'vitest';
import { endSession, setToken } from './auth/session-store';
import { dropEarlyAnswers, EARLY_ANSWER_LIFETIME_MS, earlyCall } from './early-call';
import { fakeJwt } from '@/testing/jwt';

/** A call that answers how many times it was made. */
function countingCall() {
  let made = 0;
  const ask = vi.fn(async () => {
    made += 1;
    return made;
  });
  return ask;
}

describe('earlyCall', () => {
  it('makes nothing early without a session: the query makes the call', async () => {
    const ask = countingCall();
    const call = earlyCall(ask);
    call.start();
    expect(ask).not.toHaveBeenCalled();
    await expect(call.answer()).resolves.toBe(1);
  });

  it('serves the early answer to the first query only', async () => {
    setToken(fakeJwt(900));
    const ask = countingCall();
    const call = earlyCall(ask);
    call.start();
    expect(ask).toHaveBeenCalledTimes(1);
    await expect(call.answer()).resolves.toBe(1);
    expect(ask).toHaveBeenCalledTimes(1);
    await expect(call.answer()).resolves.toBe(2);
  });

  it('asks again for another session than the one it was made for', async () => {
    setToken(fakeJwt(900));
    const ask = countingCall();
    const call = earlyCall(ask);
    call.start();
    setToken(fakeJwt(1800));
    await expect(call.answer()).resolves.toBe(2);
    call.start();
    endSession();
    await expect(call.answer()).resolves.toBe(4);
  });

  it('asks again once the early answer is older than its lifetime', async () => {
    setToken(fakeJwt(900));
    let now = 1_000_000;
    const ask = countingCall();
    const call = earlyCall(ask, () => now);
    call.start();
    now += EARLY_ANSWER_LIFETIME_MS;
    await expect(call.answer()).resolves.toBe(1);
    call.start();
    now += EARLY_ANSWER_LIFETIME_MS + 1;
    await expect(call.answer()).resolves.toBe(3);
  });

  it('drops the answers not taken yet when told (the visit left the first address)', async () => {
    setToken(fakeJwt(900));
    const taken = countingCall();
    const untaken = countingCall();
    const first = earlyCall(taken);
    const second = earlyCall(untaken);
    first.start();
    second.start();
    await expect(first.answer()).resolves.toBe(1);
    dropEarlyAnswers();
    await expect(second.answer()).resolves.toBe(2);
    expect(untaken).toHaveBeenCalledTimes(2);
  });

  it('hands a failure to the query that takes it, and to no one before', async () => {
    setToken(fakeJwt(900));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    const call = earlyCall(() => Promise.reject(new Error('down')));
    call.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(unhandled).not.toHaveBeenCalled();
    process.off('unhandledRejection', unhandled);
    await expect(call.answer()).rejects.toThrow('down');
  });
});
