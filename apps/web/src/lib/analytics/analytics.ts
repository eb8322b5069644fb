// The one analytics facade (design §5): screens call track(), the shell identifies the signed-in user,
// the end of a session resets. Which tools receive the calls is decided once, from the deployment's
// served config; calls made before that are held (a few hundred at most) and replayed in order, and a
// deployment with no tool switched on drops them and loads no SDK.
import type { AppConfig } from '@datafeeds/domain';
import type { AnalyticsEventName, AnalyticsProperties } from './events';
import { createGoogleAnalyticsSink } from './google-analytics-sink';
import { createMixpanelSink } from './mixpanel-sink';
import type { AnalyticsIdentity, AnalyticsSink } from './sink';

export type { AnalyticsIdentity } from './sink';

type SinkCall = (sink: AnalyticsSink) => void;

const MAX_HELD_CALLS = 200;

let sinks: AnalyticsSink[] | null = null;
let heldCalls: SinkCall[] = [];
let identifiedUserId: string | null = null;

function dispatch(call: SinkCall) {
  if (sinks === null) {
    if (heldCalls.length < MAX_HELD_CALLS) heldCalls.push(call);
    return;
  }
  for (const sink of sinks) {
    try {
      call(sink);
    } catch (error) {
      // Analytics must never break a screen.
      console.warn('An analytics call failed', error);
    }
  }
}

/** Switches on the configured tools (once) and replays what was recorded before. */
export function startAnalytics(config: AppConfig['analytics']): void {
  if (sinks !== null) return;
  const started: AnalyticsSink[] = [];
  if (config.mixpanel) started.push(createMixpanelSink(config.mixpanel));
  if (config.googleAnalytics) started.push(createGoogleAnalyticsSink(config.googleAnalytics));
  sinks = started;
  const calls = heldCalls;
  heldCalls = [];
  calls.forEach(dispatch);
}

export function track(event: AnalyticsEventName, properties: AnalyticsProperties = {}): void {
  dispatch((sink) => sink.track(event, properties));
}

/** Tells the tools who is signed in; repeated calls for the same user are ignored. */
export function identify(identity: AnalyticsIdentity): void {
  if (identity.id === identifiedUserId) return;
  identifiedUserId = identity.id;
  dispatch((sink) => sink.identify(identity));
}

/** The session ended: later events belong to nobody until the next sign-in. */
export function resetAnalytics(): void {
  identifiedUserId = null;
  dispatch((sink) => sink.reset());
}

/** Test helper: forget every tool and held call, as a page reload would. */
export function resetAnalyticsForTests(): void {
  sinks = null;
  heldCalls = [];
  identifiedUserId = null;
}
