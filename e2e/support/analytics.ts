// What reaches the analytics tools, read in the browser. Mixpanel's SDK posts to its API host, which
// the specs intercept (answering as Mixpanel does) and decode. GA4's SDK, gtag.js, is a script on
// Google's host that this closed network cannot fetch: the specs answer its request with an empty
// script and read the command queue gtag.js consumes, window.dataLayer, where the app's page views,
// events and identity land.
import type { Page, Request } from '@playwright/test';

export const MIXPANEL_API_HOST = 'https://api-js.mixpanel.com';
export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
/** Every host the two tools could be reached at. */
export const ANALYTICS_HOSTS =
  /mixpanel\.com|google-analytics\.com|googletagmanager\.com|analytics\.google\.com/;

interface MixpanelEvent {
  event: string;
  properties: Record<string, unknown>;
}

interface MixpanelProfileUpdate {
  $distinct_id?: string;
  $set?: Record<string, unknown>;
}

/** Mixpanel sends `data=` with JSON, or base64 JSON in its older format; one record or a batch. */
function decodeMixpanelPayload(request: Request): unknown[] {
  const body = request.postData() ?? '';
  const data = new URLSearchParams(body).get('data') ?? new URL(request.url()).searchParams.get('data') ?? '';
  const json = /^\s*[[{]/.test(data) ? data : Buffer.from(data, 'base64').toString('utf8');
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** Intercepts both tools; nothing reaches the real hosts. */
export async function captureAnalytics(page: Page) {
  const mixpanelEvents: MixpanelEvent[] = [];
  const mixpanelProfiles: MixpanelProfileUpdate[] = [];
  const mixpanelBodies: string[] = [];
  const gtagScriptRequests: string[] = [];

  await page.route(`${MIXPANEL_API_HOST}/**`, async (route) => {
    const request = route.request();
    mixpanelBodies.push(`${request.url()} ${request.postData() ?? ''}`);
    const records = decodeMixpanelPayload(request);
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/track')) mixpanelEvents.push(...(records as MixpanelEvent[]));
    if (path.startsWith('/engage')) mixpanelProfiles.push(...(records as MixpanelProfileUpdate[]));
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":1,"error":null}' });
  });
  await page.route(`${GTAG_SCRIPT_URL}**`, async (route) => {
    gtagScriptRequests.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });

  return {
    mixpanelEvents,
    mixpanelProfiles,
    mixpanelBodies,
    gtagScriptRequests,
    mixpanelEventNames: () => mixpanelEvents.map(({ event }) => event),
    /** The gtag commands queued so far, as arrays: ['event', name, params], ['set', …], ['config', …]. */
    gtagCommands: () =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) =>
          Array.from(entry),
        ),
      ),
  };
}
