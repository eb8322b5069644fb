// Noticing an events stream that stalls without closing (design §8): a proxy or the network can hold its
// bytes with the connection still open, and only the portal's heartbeat tells a quiet stream from a held
// one. The silence allowed follows from the heartbeat interval the portal announces.
import { REVOCATION_WITHIN_MS } from '@datafeeds/domain/credentials';

/**
 * A stream is stalled once silent for two and a half heartbeats, and never sooner than the one-second
 * promise allows (the portal's 250 ms heartbeat: 1 s, four heartbeats; a portal of an earlier version,
 * every 10 s: 25 s). A deadline too tight for a busy machine costs a reconnection and portal calls while
 * the stream counts as down, never a wrong answer.
 */
export function silenceAllowedMs(heartbeatMs: number): number {
  return Math.max(REVOCATION_WITHIN_MS, heartbeatMs * 2.5);
}

export interface SilenceWatch {
  /** Something arrived. */
  heard(): void;
  /** From now on, this much silence is a stall. */
  allow(silenceMs: number): void;
  stop(): void;
}

/** Calls `onStall` (with the silence allowed) once nothing was heard for longer than allowed. */
export function watchSilence(allowedMs: number, onStall: (allowedMs: number) => void): SilenceWatch {
  let allowed = allowedMs;
  let heardAt = performance.now();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const silentFor = () => performance.now() - heardAt;
  function arm(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(check, delayMs);
    timer.unref();
  }
  function check() {
    if (silentFor() < allowed) return arm(allowed - silentFor());
    // This timer may have run late, behind a busy turn of this process's event loop, with the heartbeat
    // already waiting in the socket: let the loop read it before calling the stream stalled.
    setImmediate(() => {
      if (stopped) return;
      if (silentFor() < allowed) arm(allowed - silentFor());
      else onStall(allowed);
    }).unref();
  }
  arm(allowed);

  return {
    heard() {
      heardAt = performance.now();
    },
    allow(silenceMs) {
      allowed = silenceMs;
      arm(Math.max(0, allowed - silentFor()));
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
