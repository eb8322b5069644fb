// Page views, actions and the signed-in user's identity reach both analytics tools (spec §1, §9) on a
// portal with their keys set, never a secret or a one-time token; with no keys, nothing leaves for them.
// Both stories sign up through the form: the registration's own events, and the personal details typed
// into it, are part of what they check.
import { expect, test } from '@playwright/test';
import {
  ANALYTICS_HOSTS,
  captureAnalytics,
  GTAG_SCRIPT_URL,
  MIXPANEL_API_HOST,
} from '../support/analytics.ts';
import { system, users } from '@datafeeds/domain/calls';
import { paths, searchParams, withQuery } from '../support/app.ts';
import { dashboardTitle, logOut, register } from '../support/pages.ts';
import { E2E_ANALYTICS_BASE_URL, E2E_ANALYTICS_KEYS } from '../support/server.ts';
import { fillTokenRequest, sessionToken } from '../support/tokens.ts';
import { newUser } from '../support/users.ts';

test.describe('with both analytics keys set', () => {
  test.use({ baseURL: E2E_ANALYTICS_BASE_URL });

  test.beforeAll(async ({ request }) => {
    // The analytics portal starts once the first one has built the app.
    await expect
      .poll(
        async () =>
          (await request.get(`${E2E_ANALYTICS_BASE_URL}${system.health.path}`).catch(() => null))?.status(),
        {
          timeout: 120_000,
        },
      )
      .toBe(200);
  });

  test('both tools receive the page views, actions and identity of a first token request', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const analytics = await captureAnalytics(page);
    const user = newUser({ companyName: 'Analytics Engines Ltd' });

    await register(page, user);
    await expect(dashboardTitle(page, user.firstName)).toBeVisible({ timeout: 10_000 });
    const bearer = await sessionToken(page);
    const me = (await (
      await request.get(users.getUser.path, { headers: { authorization: `Bearer ${bearer}` } })
    ).json()) as {
      id: string;
    };

    // A page view goes out once a screen has been shown for 500 ms: like a reader, the test stays on each
    // screen until it has, so every view is recorded whatever the machine's speed.
    const pageViewed = (screen: string, times = 1) =>
      expect
        .poll(async () => {
          const views = (await analytics.gtagCommands()).filter(
            ([command, name, params]) =>
              command === 'event' &&
              name === 'page_view' &&
              (params as { page_title?: string }).page_title === screen,
          );
          return views.length;
        })
        .toBe(times);
    await pageViewed('Dashboard');
    await page.getByRole('main').getByRole('link', { name: 'New API Client' }).click();
    await fillTokenRequest(page, { label: 'Odds widget', timings: ['Live Feed'], sports: ['Football'] });
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('heading', { name: 'Your new API token' })).toBeVisible();
    const clientSecret = await page.getByRole('textbox', { name: 'Client Secret' }).inputValue();
    await page.getByRole('button', { name: 'Copy Client Secret' }).click();
    await pageViewed('New Token Request');
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'API Tokens' })).toBeVisible();
    await pageViewed('Dashboard', 2);
    await logOut(page);

    // Actions in the order the user took them; page views in the order of the screens. How the two
    // interleave depends on timing (a fast user acts before a screen's 500 ms have passed).
    const expectedActions = [
      'Submitted Registration',
      'Completed Registration',
      'Clicked New API Token',
      'Submitted Token Request',
      'Completed Token Request',
      'Clicked Copy Client Secret',
      'Clicked Log Out',
    ];
    const expectedViews = [
      'Viewed Registration',
      'Viewed Dashboard',
      'Viewed New Token Request',
      'Viewed Dashboard',
      'Viewed Login',
    ];
    const views = (names: string[]) => names.filter((name) => name.startsWith('Viewed '));
    const actions = (names: string[]) => names.filter((name) => expectedActions.includes(name));

    await test.step('Mixpanel: the events in order, the identity, and a reset at logout', async () => {
      // The SDK sends in batches every few seconds.
      await expect
        .poll(() => views(analytics.mixpanelEventNames()), { timeout: 20_000 })
        .toEqual(expectedViews);
      await expect
        .poll(() => actions(analytics.mixpanelEventNames()), { timeout: 20_000 })
        .toEqual(expectedActions);
      const byName = (name: string) => analytics.mixpanelEvents.find(({ event }) => event === name);
      expect(byName('Completed Token Request')?.properties).toMatchObject({
        token: E2E_ANALYTICS_KEYS.MIXPANEL_TOKEN,
        apiType: 'rest',
        sports: ['nfl'],
        liveGame: true,
        preGame: false,
        postGame: false,
      });
      expect(byName('Clicked New API Token')?.properties).toMatchObject({
        from: 'empty state',
        $user_id: me.id,
      });
      expect(byName('Completed Token Request')?.properties).toMatchObject({
        $user_id: me.id,
        company_name: user.companyName,
      });
      await expect
        .poll(() => analytics.mixpanelProfiles.filter((update) => update.$set?.$email === user.email), {
          timeout: 20_000,
        })
        .toEqual([
          expect.objectContaining({
            $distinct_id: me.id,
            $set: expect.objectContaining({ $email: user.email, company_name: user.companyName }),
          }),
        ]);
      // After logout the events belong to nobody.
      expect(byName('Viewed Login')?.properties.$user_id).toBeUndefined();
      expect(byName('Viewed Login')?.properties.company_name).toBeUndefined();
    });

    await test.step('Google Analytics: gtag.js for the measurement id, the events, the identity', async () => {
      expect(analytics.gtagScriptRequests).toEqual([
        `${GTAG_SCRIPT_URL}?id=${E2E_ANALYTICS_KEYS.GA_MEASUREMENT_ID}`,
      ]);
      const commands = await analytics.gtagCommands();
      expect(commands).toContainEqual([
        'config',
        E2E_ANALYTICS_KEYS.GA_MEASUREMENT_ID,
        expect.objectContaining({ send_page_view: false }),
      ]);
      const events = commands.filter(([command]) => command === 'event');
      const names = events.map(([, name, params]) =>
        name === 'page_view' ? `Viewed ${(params as { page_title: string }).page_title}` : String(name),
      );
      expect(views(names)).toEqual(expectedViews);
      expect(names.filter((name) => !name.startsWith('Viewed '))).toEqual(
        expectedActions.map((action) => action.toLowerCase().replaceAll(' ', '_')),
      );
      expect(commands).toContainEqual(['set', { user_id: me.id }]);
      expect(commands).toContainEqual(['set', 'user_properties', { company_name: user.companyName }]);
      expect(commands).toContainEqual(['set', { user_id: null }]);
      expect(JSON.stringify(commands)).not.toContain(user.email);
      expect(JSON.stringify(commands)).not.toContain(clientSecret);
    });

    expect(analytics.mixpanelBodies.join('\n')).not.toContain(clientSecret);
    expect(analytics.mixpanelBodies.join('\n')).not.toContain(user.password);
  });

  test('one-time tokens in the address never reach either tool', async ({ page }) => {
    const analytics = await captureAnalytics(page);
    const resetToken = 'e2e-one-time-reset-token-0123456789';
    await page.goto(withQuery(paths.resetPassword, { [searchParams.resetToken]: resetToken }));
    await expect
      .poll(() => analytics.mixpanelEventNames(), { timeout: 20_000 })
      .toContain('Viewed Reset Password');
    const viewed = analytics.mixpanelEvents.find(({ event }) => event === 'Viewed Reset Password');
    expect(viewed?.properties.$current_url).toBe(`${E2E_ANALYTICS_BASE_URL}${paths.resetPassword}`);
    expect(analytics.mixpanelBodies.join('\n')).not.toContain(resetToken);
    expect(JSON.stringify(await analytics.gtagCommands())).not.toContain(resetToken);
  });

  test('the Content-Security-Policy allows the analytics hosts', async ({ request }) => {
    const csp = (await request.get(paths.login)).headers()['content-security-policy'] ?? '';
    expect(csp).toContain(MIXPANEL_API_HOST);
    expect(csp).toContain(new URL(GTAG_SCRIPT_URL).origin);
  });
});

test('with no analytics keys, no request leaves for either tool and no SDK is loaded', async ({
  page,
  request,
}) => {
  const analyticsRequests: string[] = [];
  page.on('request', (sent) => {
    if (ANALYTICS_HOSTS.test(new URL(sent.url()).hostname)) analyticsRequests.push(sent.url());
  });

  const user = newUser();
  await page.goto(paths.login);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await register(page, user);
  await expect(dashboardTitle(page, user.firstName)).toBeVisible({ timeout: 10_000 });
  await page.getByRole('main').getByRole('link', { name: 'New API Client' }).click();
  await fillTokenRequest(page, { label: 'Quiet widget', timings: ['Post Game'], sports: ['Football'] });
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('heading', { name: 'Your new API token' })).toBeVisible();
  await page.waitForTimeout(1_000);

  expect(analyticsRequests).toEqual([]);
  expect(await page.evaluate(() => 'dataLayer' in window || 'mixpanel' in window)).toBe(false);
  const csp = (await request.get(paths.login)).headers()['content-security-policy'] ?? '';
  expect(csp).not.toMatch(ANALYTICS_HOSTS);
});
