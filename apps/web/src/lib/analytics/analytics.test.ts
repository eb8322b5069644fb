import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { identify, resetAnalytics, startAnalytics, track } from './analytics';
import { googleAnalyticsEventName } from './google-analytics-sink';
import { withoutQuery } from './page-url';

const MEASUREMENT_ID = 'G-TEST12345';

/** What gtag.js would read: every queued command, as plain arrays. */
function gtagCommands(): unknown[][] {
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

function gtagScripts() {
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script[src*="googletagmanager"]'));
}

beforeEach(() => {
  delete window.dataLayer;
  delete window.gtag;
  gtagScripts().forEach((script) => script.remove());
});

afterEach(() => window.history.replaceState(null, '', '/'));

describe('analytics facade', () => {
  it('loads nothing and records nothing when no tool is switched on', async () => {
    track('Clicked Sign Up');
    await startAnalytics({});
    track('Completed Login');
    identify({ id: 'u1', email: 'ada@example.com', companyName: 'Engines' });
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    expect(document.scripts).toHaveLength(0);
  });

  it("adds Google's gtag.js for the configured measurement id, with automatic page views off", async () => {
    await startAnalytics({ googleAnalytics: { measurementId: MEASUREMENT_ID } });
    expect(gtagScripts().map((script) => script.src)).toEqual([
      `https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`,
    ]);
    expect(gtagCommands()).toContainEqual([
      'config',
      MEASUREMENT_ID,
      { send_page_view: false, page_location: 'http://localhost:3000/' },
    ]);
  });

  it('replays in order what was recorded before the config arrived', async () => {
    track('Clicked Sign Up');
    track('Submitted Registration', { from: 'test' });
    await startAnalytics({ googleAnalytics: { measurementId: MEASUREMENT_ID } });
    const events = gtagCommands().filter(([command]) => command === 'event');
    expect(events.map(([, name]) => name)).toEqual(['clicked_sign_up', 'submitted_registration']);
    expect(events[1]?.[2]).toMatchObject({ from: 'test' });
  });

  it("sends 'Viewed X' as GA's page_view titled X, without the query string that may hold a one-time token", async () => {
    window.history.replaceState(null, '', '/reset-password?resetToken=secret-one-time-token');
    await startAnalytics({ googleAnalytics: { measurementId: MEASUREMENT_ID } });
    track('Viewed Reset Password');
    expect(gtagCommands()).toContainEqual([
      'event',
      'page_view',
      {
        page_title: 'Reset Password',
        page_location: 'http://localhost:3000/reset-password',
        page_path: '/reset-password',
      },
    ]);
    expect(JSON.stringify(gtagCommands())).not.toContain('secret-one-time-token');
  });

  it('identifies the user by id and company (no email: Google accepts no personal data), once per user', async () => {
    await startAnalytics({ googleAnalytics: { measurementId: MEASUREMENT_ID } });
    const user = { id: 'user-1', email: 'ada@example.com', companyName: 'Analytical Engines' };
    identify(user);
    identify(user);
    const sets = gtagCommands().filter(([command]) => command === 'set');
    expect(sets).toEqual([
      ['set', { user_id: 'user-1' }],
      ['set', 'user_properties', { company_name: 'Analytical Engines' }],
    ]);
    expect(JSON.stringify(gtagCommands())).not.toContain('ada@example.com');
  });

  it('forgets the user at the end of the session, so the next sign-in identifies again', async () => {
    await startAnalytics({ googleAnalytics: { measurementId: MEASUREMENT_ID } });
    const user = { id: 'user-1', email: 'ada@example.com', companyName: 'Analytical Engines' };
    identify(user);
    resetAnalytics();
    identify(user);
    const sets = gtagCommands().filter(([command]) => command === 'set');
    expect(sets.slice(2)).toEqual([
      ['set', { user_id: null }],
      ['set', 'user_properties', { company_name: null }],
      ['set', { user_id: 'user-1' }],
      ['set', 'user_properties', { company_name: 'Analytical Engines' }],
    ]);
  });
});

describe('analytics helpers', () => {
  it('turns spec event names into the names GA4 accepts', () => {
    expect(googleAnalyticsEventName('Completed Token Request')).toBe('completed_token_request');
    expect(googleAnalyticsEventName('Clicked Copy Client ID')).toBe('clicked_copy_client_id');
    expect(googleAnalyticsEventName('Clicked Upgrade To Paid Account')).toBe(
      'clicked_upgrade_to_paid_account',
    );
  });

  it('cuts addresses to origin and path', () => {
    expect(withoutQuery('https://portal.example/verify-email?token=abc#x')).toBe(
      'https://portal.example/verify-email',
    );
    expect(withoutQuery('')).toBeUndefined();
    expect(withoutQuery('not a url')).toBeUndefined();
    expect(withoutQuery(undefined)).toBeUndefined();
  });
});
