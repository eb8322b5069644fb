import type { AnalyticsProperties } from './events';

/** Who is signed in, as the analytics tools know them (spec §1: email, id and company name). */
export interface AnalyticsIdentity {
  id: string;
  email: string;
  companyName: string;
  firstName?: string;
}

/** One analytics tool behind the facade. Calls never throw and never wait on the network. */
export interface AnalyticsSink {
  track(event: string, properties: AnalyticsProperties): void;
  identify(identity: AnalyticsIdentity): void;
  reset(): void;
}
