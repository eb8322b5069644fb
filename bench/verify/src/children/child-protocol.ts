// What a portal child of bench:verify adds to the protocol every child follows
// (@datafeeds/bench-shared/child-protocol): its verification cache's counters at STATS_PATH.

export const STATS_PATH = '/__bench/verification-stats';

export interface VerificationStats {
  hits: number;
  misses: number;
  queries: number;
}
