// What a portal child of bench:verify adds to the protocol every child follows
// (@datafeeds/bench-shared/child-protocol): its verification cache's counters at STATS_PATH, and the
// port of its data feed's listener (FEED_PORT) when asked FEED_PORT_QUESTION.

export const STATS_PATH = '/__bench/verification-stats';
export const FEED_PORT_QUESTION = 'feed-port';

export interface VerificationStats {
  hits: number;
  misses: number;
  queries: number;
}
