// A Redis that keeps the connection open without answering (a stalled server, a network that drops
// packets) is noticed by nothing but a deadline: each command would wait for its own timeout, a second
// added to every request. So a PING goes out every PING_EVERY_MS and must answer within
// PING_DEADLINE_MS; when it does not, the connection is dropped. Every command then fails at once (no
// offline queue) and its caller falls back as when Redis is down, ioredis reconnects by itself, and the
// connection is `ready` again only once Redis answers (its ready check). Design §8: a listener noticed
// this way is down within 700 ms, so the instance stops trusting its caches in time. The deadline is
// far above a healthy PING's fraction of a millisecond: a false alarm on a starved machine costs a
// reconnection, with limits counted in memory and caches emptied meanwhile.
import type { Redis } from 'ioredis';

const PING_EVERY_MS = 200;
const PING_DEADLINE_MS = 500;

/** Starts pinging `redis` while it is ready; `onStall` runs once per connection dropped. Returns a stop. */
export function watchRedis(redis: Redis, onStall: () => void = () => undefined): () => void {
  let waiting = false;
  const check = () => {
    if (waiting || redis.status !== 'ready') return;
    waiting = true;
    let answered = false;
    const deadline = setTimeout(() => {
      // A blocked event loop makes the deadline fire late, with the reply already received but not
      // yet read: let the poll phase read it first, so only a missing reply counts as a stall.
      setImmediate(() => {
        if (answered || redis.status !== 'ready') return;
        onStall();
        redis.disconnect(true);
      });
    }, PING_DEADLINE_MS);
    redis
      .ping()
      .catch(() => undefined) // a dropped connection rejects it; 'close' reports that
      .finally(() => {
        answered = true;
        waiting = false;
        clearTimeout(deadline);
      });
  };
  const timer = setInterval(check, PING_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
