// The one analytics facade (design §5): screens call track(), the shell identifies the signed-in user,
// the end of a session resets. Which tools receive the calls is decided once, from the deployment's
// served config; calls made before the tools are ready are held (a few hundred at most) and replayed in
// order. A tool's code is fetched only when it is switched on, so a deployment with none loads none
// and drops what was held.
import type { AppConfig } from '@datafeeds/domain';
import type { AnalyticsEventName, AnalyticsProperties } from './events';
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

let starting: Promise<void> | null = null;

/** Switches on the configured tools (once) and replays what was recorded before; resolves when done. */
export function startAnalytics({ mixpanel, googleAnalytics }: AppConfig['analytics']): Promise<void> {
  starting ??= Promise.all([
    mixpanel ? import('./mixpanel-sink').then((sink) => sink.createMixpanelSink(mixpanel)) : null,
    googleAnalytics
      ? import('./google-analytics-sink').then((sink) => sink.createGoogleAnalyticsSink(googleAnalytics))
      : null,
  ]).then(
    (created) => ready(created.filter((sink) => sink !== null)),
    (error: unknown) => {
      console.warn('The analytics tools could not be loaded; their events are dropped', error);
      ready([]);
    },
  );
  return starting;
}

function ready(started: AnalyticsSink[]) {
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
  starting = null;
  heldCalls = [];
  identifiedUserId = null;
}
