// Mixpanel through its official browser SDK, loaded on demand (the core build, without session replay)
// so that a deployment without a Mixpanel token never downloads it.
import type { OverridedMixpanel as Mixpanel } from 'mixpanel-browser';
import { withoutQuery } from './page-url';
import type { AnalyticsSink } from './sink';

// The core loader's declarations re-export the SDK's types but not its default export.
const loadMixpanel = () =>
  import('mixpanel-browser/src/loaders/loader-module-core') as unknown as Promise<{ default: Mixpanel }>;

/** Mixpanel's automatic properties that carry addresses: cut to origin and path before sending. */
const URL_PROPERTIES = ['$current_url', '$referrer', '$initial_referrer'];

export function createMixpanelSink({ token, apiHost }: { token: string; apiHost: string }): AnalyticsSink {
  const ready: Promise<Mixpanel | null> = loadMixpanel().then(
    ({ default: mixpanel }) => {
      mixpanel.init(token, {
        api_host: apiHost,
        persistence: 'localStorage',
        // Page views are the app's own 'Viewed …' events; nothing is captured behind its back.
        track_pageview: false,
        autocapture: false,
        hooks: {
          before_send_events: (payload) => {
            for (const key of URL_PROPERTIES) {
              if (key in payload.properties) payload.properties[key] = withoutQuery(payload.properties[key]);
            }
            return payload;
          },
        },
      });
      return mixpanel;
    },
    (error: unknown) => {
      console.warn('Mixpanel could not be loaded; its events are dropped', error);
      return null;
    },
  );
  const whenReady = (call: (mixpanel: Mixpanel) => void) =>
    void ready.then((mixpanel) => mixpanel && call(mixpanel));

  return {
    track: (event, properties) => whenReady((mixpanel) => mixpanel.track(event, properties)),
    identify: ({ id, email, companyName, firstName }) =>
      whenReady((mixpanel) => {
        mixpanel.identify(id);
        mixpanel.register({ company_name: companyName });
        mixpanel.people.set({ $email: email, $first_name: firstName, company_name: companyName });
      }),
    reset: () => whenReady((mixpanel) => mixpanel.reset()),
  };
}
