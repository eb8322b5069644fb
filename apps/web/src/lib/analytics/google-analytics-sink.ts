// Google Analytics 4 through its official browser SDK, gtag.js, added the way Google's snippet adds it
// and only when a measurement id is configured. GA4 event names allow letters, digits and underscores
// only, so 'Completed Token Request' is sent as completed_token_request, and 'Viewed X' as GA's own
// page_view with the page title X. Email addresses are personal data Google does not accept in GA:
// the user is identified there by id and company name.
import type { AnalyticsSink } from './sink';
import { pageUrl } from './page-url';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

export function googleAnalyticsEventName(event: string): string {
  return event
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40);
}

export function createGoogleAnalyticsSink({ measurementId }: { measurementId: string }): AnalyticsSink {
  const dataLayer = (window.dataLayer ??= []);
  // gtag.js reads the `arguments` objects its snippet queues, not arrays.
  window.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  const gtag = window.gtag;
  gtag('js', new Date());
  // The app sends its own page views (after each route change); page_location never has a query string.
  gtag('config', measurementId, { send_page_view: false, page_location: pageUrl() });

  const script = document.createElement('script');
  script.async = true;
  script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
  document.head.append(script);

  return {
    track: (event, properties) => {
      const page = { page_location: pageUrl(), page_path: window.location.pathname };
      if (event.startsWith('Viewed ')) {
        gtag('event', 'page_view', { ...page, page_title: event.slice('Viewed '.length), ...properties });
      } else {
        gtag('event', googleAnalyticsEventName(event), { ...page, ...properties });
      }
    },
    identify: ({ id, companyName }) => {
      gtag('set', { user_id: id });
      gtag('set', 'user_properties', { company_name: companyName });
    },
    reset: () => {
      gtag('set', { user_id: null });
      gtag('set', 'user_properties', { company_name: null });
    },
  };
}
