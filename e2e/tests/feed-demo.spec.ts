// A credential that opens a door (design §8): a token requested in the portal reads the demo data feed
// within its scope, is refused outside it, and once rotated in the portal the old secret stops working
// and the new one works — at once, or after a grace period that can be ended early (design §9).
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type APIResponse, type Locator } from '@playwright/test';
import {
  ACTIVITY_CSV_COLUMNS,
  type ActivityPage,
  type ClientCredentials,
  type ClientUsage,
  nextUtcDayStartMs,
} from '@datafeeds/domain';
import { expectAccessibleAtWidths, expectAccessibleInBothModes } from '../support/accessibility.ts';
import { activity, auth, tokens } from '@datafeeds/domain/calls';
import { paths } from '../support/app.ts';
import { startFeedDemo, type RunningFeed } from '../support/feed-demo.ts';
import { expectNoSidewaysScroll, resizeTo, SMALLEST_PHONE } from '../support/layout.ts';
import { operator } from '../support/operator.ts';
import { signUp } from '../support/session.ts';
import { closeWithoutCopying, fillTokenRequest, liveFootballToken } from '../support/tokens.ts';
import { newUser } from '../support/users.ts';
import { limitFields } from '../support/limit-fields.ts';

// One feed on one port for the file: its tests stay in one worker, in order, whatever the config says.
test.describe.configure({ mode: 'default' });

let feed: RunningFeed;
test.beforeAll(async () => {
  feed = await startFeedDemo();
});
test.afterAll(async () => feed?.stop());

/** The width in px of the chart's narrowest drawn bar (0 when none is drawn yet). */
const narrowestBar = (chart: Locator) =>
  chart.evaluate((figure) => {
    const widths = [...figure.querySelectorAll('.MuiBarElement-root')]
      .map((bar) => bar.getBoundingClientRect())
      .filter((box) => box.height > 0)
      .map((box) => box.width);
    return widths.length > 0 ? Math.min(...widths) : 0;
  });

const live = (sport: string, secret: string) =>
  `${feed.url}/api/v1/live/2026-11-23/${sport}?RSC_token=${encodeURIComponent(secret)}`;

test('a token from the portal reads the demo feed in its scope, and a rotation hands the door to the new secret', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, newUser(), { verified: true });

  let clientSecret = '';
  await test.step('request a live football token and copy its secret', async () => {
    await page.goto(paths.createClient);
    await fillTokenRequest(page, { label: 'Feed demo', timings: ['Live Feed'], sports: ['Football'] });
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('heading', { name: 'Your new API token' })).toBeVisible();
    clientSecret = await page.getByRole('textbox', { name: 'Client Secret' }).inputValue();
    await page.getByRole('button', { name: 'Copy Client Secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clientSecret);
  });

  await test.step('the feed answers live NFL with data, and refuses NBA', async () => {
    const games = await request.get(live('NFL', clientSecret));
    expect(games.status()).toBe(200);
    const body = (await games.json()) as { sport: string; games: unknown[] };
    expect(body.sport.toLowerCase()).toBe('nfl');
    expect(body.games.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain(clientSecret);

    const outside = await request.get(live('NBA', clientSecret));
    expect(outside.status()).toBe(403);
    expect(await outside.json()).toMatchObject({ error: 'SCOPE_DENIED' });
  });

  let rotatedSecret = '';
  await test.step('rotate the token in the portal', async () => {
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await page.getByRole('table').getByRole('row').filter({ hasText: 'Feed demo' }).click();
    // The row's own rotate icon is named "Rotate …" too: wait for the details page before asking.
    await expect(page.getByRole('heading', { level: 1, name: 'API Token Details' })).toBeVisible();
    await page.getByRole('button', { name: /^Rotate/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate Token' });
    await dialog.getByRole('button', { name: 'Rotate' }).click();
    await expect(dialog.getByText('Token rotated successfully. New token details are below')).toBeVisible();
    rotatedSecret = await dialog.getByRole('textbox', { name: 'Client Secret' }).inputValue();
    expect(rotatedSecret).not.toBe(clientSecret);
  });

  await test.step('the old secret is refused within a second, the new one reads the feed', async () => {
    await expect
      .poll(async () => (await request.get(live('NFL', clientSecret))).status(), {
        timeout: 1_000,
        intervals: [50],
      })
      .toBe(401);
    expect(await (await request.get(live('NFL', clientSecret))).json()).toMatchObject({ error: 'NOT_FOUND' });
    const renewed = await request.get(live('NFL', rotatedSecret));
    expect(renewed.status()).toBe(200);
  });
});

const authorised = (bearer: string) => ({ headers: { authorization: `Bearer ${bearer}` } });

/** Until the next UTC midnight, when the day's counts start again. */
const untilUtcMidnightMs = () => nextUtcDayStartMs(Date.now()) - Date.now();

/**
 * A story that counts usage by the UTC day must not cross midnight: started less than `storyMs` before
 * it, the story waits until just after.
 */
async function startWithinOneUtcDay(storyMs: number): Promise<void> {
  if (untilUtcMidnightMs() >= storyMs) return;
  test.slow();
  await new Promise((resolve) => setTimeout(resolve, untilUtcMidnightMs() + 1_000));
}

/** How long the usage story may take: its table shows the reads in today's row. */
const USAGE_STORY_MS = 90_000;

async function usageOf(request: APIRequestContext, bearer: string, clientId: string): Promise<ClientUsage> {
  const response = await request.get(
    `${tokens.getClientUsage.path}?clientId=${encodeURIComponent(clientId)}`,
    authorised(bearer),
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as ClientUsage;
}

test('what a token did shows on its details page, and what the company did on the Activity page', async ({
  page,
  request,
}) => {
  await startWithinOneUtcDay(USAGE_STORY_MS);
  const user = await signUp(page, newUser(), { verified: true });

  await test.step('sign in once more, as a second device would', async () => {
    const signedIn = await request.post(auth.login.path, {
      data: { email: user.email, password: user.password },
    });
    expect(signedIn.status()).toBe(200);
  });

  let credentials: ClientCredentials = { clientId: '', clientSecret: '' };
  await test.step('a live football token is used through the demo feed: 3 reads and 1 refused', async () => {
    credentials = await liveFootballToken(request, user.bearer, 'Usage story');
    for (let read = 0; read < 3; read += 1)
      expect((await request.get(live('NFL', credentials.clientSecret))).status()).toBe(200);
    expect((await request.get(live('NBA', credentials.clientSecret))).status()).toBe(403);
    // Counts are written in batches about once a second.
    await expect
      .poll(async () => (await usageOf(request, user.bearer, credentials.clientId)).totals, {
        timeout: 10_000,
      })
      .toEqual({ requests: 4, valid: 3, refused: 1 });
  });

  await test.step('its details page says when it was last used, and counts the reads by feed', async () => {
    await page.goto(paths.client(credentials.clientId));
    await expect(page.getByRole('heading', { name: 'Usage' })).toBeVisible();
    await expect(page.getByText('Never')).toHaveCount(0);
    // The details above the usage section are a definition list too: the totals are the section's.
    const totals = page.getByRole('region', { name: 'Usage' }).getByRole('definition');
    await expect(totals).toHaveText(['4', '3', '1']);
    await expect(page.getByRole('list', { name: 'Refused by reason' })).toContainText('Feed not in scope: 1');
    await expect(
      page.getByRole('figure', { name: /^Requests per day by feed and refused requests, last 30 days/ }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Table' }).click();
    const table = page.getByRole('table', { name: 'Usage per day' });
    await expect(table.getByRole('columnheader')).toHaveText(['Day (UTC)', 'NFL Live', 'Refused']);
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = table.getByRole('row').filter({ has: page.locator(`time[datetime="${today}"]`) });
    await expect(todayRow.getByRole('cell')).toHaveText(['3', '1']);
    await expectAccessibleInBothModes(page, 'API Token Details with usage');

    await page.getByRole('button', { name: '7 days' }).click();
    await expect(table.getByRole('row')).toHaveCount(1 + 7 + 1);
  });

  await test.step('on a 360 px phone the 30- and 90-day charts draw bars a week wide, not hairlines', async () => {
    const viewport = page.viewportSize();
    await page.getByRole('button', { name: 'Chart' }).click();
    await resizeTo(page, SMALLEST_PHONE);
    for (const days of [30, 90]) {
      await page.getByRole('button', { name: `${days} days` }).click();
      const chart = page.getByRole('figure', { name: new RegExp(`last ${days} days`) });
      await expect(chart).toContainText('A bar a week');
      await expect.poll(() => narrowestBar(chart), { message: `${days} days` }).toBeGreaterThanOrEqual(8);
      await expectNoSidewaysScroll(page, `usage chart, ${days} days`);
    }
    if (viewport) await page.setViewportSize(viewport);
  });

  await test.step('the token is rotated on its details page', async () => {
    await page.getByRole('button', { name: /^Rotate/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate Token' });
    await dialog.getByRole('button', { name: 'Rotate' }).click();
    await expect(dialog.getByText('Token rotated successfully. New token details are below')).toBeVisible();
    await closeWithoutCopying(page, dialog);
  });

  let shown: string[] = [];
  await test.step('the Activity page lists the sign-in, the creation and the rotation, newest first', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    const events = page.getByRole('table', { name: 'Activity' }).getByRole('row');
    await expect(events.filter({ hasText: 'API token rotated' })).toHaveCount(1);
    await expect(events.filter({ hasText: 'API token rotated' })).toContainText(
      `Rotated “Usage story” (client ID …${credentials.clientId.slice(-5)}); the old secret stopped at once`,
    );
    await expect(events.filter({ hasText: 'API token created' })).toHaveCount(1);
    await expect(events.filter({ hasText: 'Signed in' })).toHaveCount(1);
    shown = await events.allInnerTexts();
    const at = (label: string) => shown.findIndex((text) => text.includes(label));
    expect(at('API token rotated')).toBeLessThan(at('API token created'));
    expect(at('API token created')).toBeLessThan(at('Signed in'));
    await expectAccessibleInBothModes(page, 'Activity');
  });

  await test.step('the CSV export downloads the same events', async () => {
    const listed = await request.get(activity.getActivity.path, authorised(user.bearer));
    const { events, total } = (await listed.json()) as ActivityPage;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe(ACTIVITY_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + total);
    for (const [index, event] of events.entries()) expect(lines[1 + index]).toContain(event.at);
    expect(lines.join('\n')).not.toContain(credentials.clientSecret);
  });
});

test('a rotation with a 1-hour grace period keeps both secrets working until it is ended early', async ({
  page,
  request,
}) => {
  const user = await signUp(page, newUser(), { verified: true });
  const old = await liveFootballToken(request, user.bearer, 'Grace demo');

  let next: ClientCredentials = { clientId: '', clientSecret: '' };
  await test.step('rotate on the details page, the old secret to stop in 1 hour', async () => {
    await page.goto(paths.client(old.clientId));
    await expect(page.getByRole('heading', { level: 1, name: 'API Token Details' })).toBeVisible();
    await page.getByRole('button', { name: /^Rotate/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate Token' });
    const choice = dialog.getByRole('radiogroup', { name: 'When should the old secret stop working?' });
    await expect(choice.getByRole('radio', { name: 'Immediately' })).toBeChecked();
    await choice.getByRole('radio', { name: 'In 1 hour' }).check();
    await expect(dialog).toContainText('they stop working in 1 hour');
    await expectAccessibleAtWidths(page, 'Rotate Token with a grace period choice');
    await dialog.getByRole('button', { name: 'Rotate' }).click();
    await expect(dialog.getByText('Token rotated successfully. New token details are below')).toBeVisible();
    next = {
      clientId: await dialog.getByRole('textbox', { name: 'Client ID' }).inputValue(),
      clientSecret: await dialog.getByRole('textbox', { name: 'Client Secret' }).inputValue(),
    };
    await closeWithoutCopying(page, dialog);
  });

  await test.step('both the old and the new secret read the demo feed', async () => {
    for (const secret of [old.clientSecret, next.clientSecret]) {
      const games = await request.get(live('NFL', secret));
      expect(games.status()).toBe(200);
      expect(((await games.json()) as { games: unknown[] }).games.length).toBeGreaterThan(0);
    }
  });

  const section = page.getByRole('region', { name: 'Old secret still working' });
  await test.step('the new token’s details show the old secret, its end and its requests', async () => {
    await expect(page.getByText(/^Old secret active until/)).toBeVisible(); // the dashboard row
    await page.goto(paths.client(next.clientId));
    await expect(section).toContainText(`Old Client ID …${old.clientId.slice(-5)}`);
    // Within half a second of the rotation the end rounds to a whole hour away: "in 1 hour".
    await expect(section).toContainText(/Stops working .+ \(in (59 minutes|1 hour)\)/);
    await expect(section).toContainText(/\d+ requests? since rotation/);
    await expectAccessibleAtWidths(page, 'API Token Details with the old secret');
  });

  await test.step('ending it now refuses the old secret within a second; the new one still reads', async () => {
    await section.getByRole('button', { name: 'Stop old secret now' }).click();
    const confirm = page.getByRole('dialog', { name: 'Stop the old secret now?' });
    await expectAccessibleInBothModes(page, 'Stop the old secret now? (1440 px)');
    await confirm.getByRole('button', { name: 'Stop old secret' }).click();
    await expect(section).toBeHidden();
    await expect
      .poll(async () => (await request.get(live('NFL', old.clientSecret))).status(), {
        timeout: 1_000,
        intervals: [50],
      })
      .toBe(401);
    expect(await (await request.get(live('NFL', old.clientSecret))).json()).toMatchObject({
      error: 'NOT_FOUND',
    });
    expect((await request.get(live('NFL', next.clientSecret))).status()).toBe(200);
  });
});

test('a grace rotation says until when, its old client ID opens the token, and the old secret stops with the token', async ({
  page,
  request,
}) => {
  const user = await signUp(page, newUser(), { verified: true });
  const old = await liveFootballToken(request, user.bearer, 'Stopping demo');
  const first = await request.post(tokens.rotateClient.path, {
    ...authorised(user.bearer),
    data: { clientId: old.clientId, gracePeriod: '24h' },
  });
  const rotated = (await first.json()) as ClientCredentials & { oldSecretWorksUntil: string };
  expect(Date.parse(rotated.oldSecretWorksUntil)).toBeGreaterThan(Date.now());

  await test.step('the old client ID’s page opens the token’s page, with its old secret', async () => {
    await page.goto(paths.client(old.clientId));
    await expect(page).toHaveURL(new RegExp(`${paths.client(rotated.clientId)}$`));
    await expect(page.getByRole('region', { name: 'Old secret still working' })).toContainText(
      `Old Client ID …${old.clientId.slice(-5)}`,
    );
  });

  await test.step('rotating again says it cuts the old secret, and asks first', async () => {
    await page.getByRole('button', { name: /^Rotate/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate Token' });
    await expect(dialog).toContainText(
      `The old Client Secret of this token's last rotation (Client ID …${old.clientId.slice(-5)}) still works until`,
    );
    await expect(dialog.getByRole('button', { name: 'Rotate' })).toBeDisabled();
    await expectAccessibleInBothModes(page, 'Rotate Token cutting an old secret (1440 px)');
    // By keyboard: the choice first, then the confirmation, both before Rotate.
    await expect(dialog.getByRole('radio', { name: 'Immediately' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('checkbox', { name: 'Stop that old secret now and rotate' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('set inactive by the provider team, the token takes its old secret with it', async () => {
    expect((await request.get(live('NFL', old.clientSecret))).status()).toBe(200);
    await operator('set-token-status', rotated.clientId, 'inactive');
    await expect
      .poll(async () => (await request.get(live('NFL', old.clientSecret))).status(), {
        timeout: 1_000,
        intervals: [50],
      })
      .toBe(401);
    await page.reload();
    await expect(page.getByText('Stopping demo').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Old secret still working' })).toBeHidden();
  });
});

/** The trial's quota the e2e portal runs with (scripts/serve.ts sets TRIAL_DAILY_QUOTA to it). */
const E2E_TRIAL_QUOTA = 40;
/** How long the quota story may take: its counts are the UTC day's, so it must not cross midnight. */
const QUOTA_STORY_MS = 120_000;
const HOUR_MS = 3_600_000;

test('a trial runs into its daily quota at the feed, sees it on every page, and the upgrade opens the same token again', async ({
  page,
  request,
}) => {
  await startWithinOneUtcDay(QUOTA_STORY_MS);
  const user = await signUp(page, newUser(), { verified: true });
  const credentials = await liveFootballToken(request, user.bearer, 'Quota story');
  const read = () => request.get(live('NFL', credentials.clientSecret));

  await test.step('at 85 % of the quota the plan card turns amber and forecasts the limit', async () => {
    for (let count = 0; count < 34; count += 1) expect((await read()).status()).toBe(200);
    await page.goto(paths.dashboard);
    const card = page.getByRole('region', { name: 'Your plan' });
    // Counts reach the portal in batches about once a second; the card asks every 5 s.
    await expect(card).toContainText(`34 of ${E2E_TRIAL_QUOTA} requests today`, { timeout: 15_000 });
    // At the last hour's rate (34 requests) the 6 left last about 11 minutes; the card forecasts the
    // limit only when that comes before the day's reset.
    const forecastMs = ((E2E_TRIAL_QUOTA - 34) / 34) * HOUR_MS;
    const forecast = /At this rate you reach the limit at \d\d:\d\d/;
    if (untilUtcMidnightMs() > forecastMs + 60_000) await expect(card).toContainText(forecast);
    else if (untilUtcMidnightMs() < forecastMs - 60_000) await expect(card).not.toContainText(forecast);
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '85');
    await expect(
      page.getByRole('status').filter({ hasText: "You have used 85% of today's requests." }),
    ).toBeVisible();
  });

  let refused: APIResponse | undefined;
  await test.step('past the quota the feed answers 429 with when to come back', async () => {
    let admitted: Record<string, string> | undefined;
    for (let count = 34; count < E2E_TRIAL_QUOTA + 5 && !refused; count += 1) {
      const answer = await read();
      if (answer.status() === 429) refused = answer;
      else {
        expect(answer.status()).toBe(200);
        admitted = answer.headers();
      }
    }
    expect(refused, 'the feed never refused').toBeDefined();
    // An admitted answer names the day's policy and what is left of it.
    const served = limitFields(admitted!);
    expect(served.policy.daily).toEqual({ q: E2E_TRIAL_QUOTA, w: 86_400 });
    expect(served.current.daily?.r).toBeGreaterThanOrEqual(0);
    const headers = refused!.headers();
    expect(headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const body = (await refused!.json()) as { error: string; 'violated-policies': string[] };
    expect(body.error).toBe('QUOTA_EXCEEDED');
    expect(body['violated-policies']).toEqual(['daily']);
    const { policy, current } = limitFields(headers);
    expect(policy.daily).toEqual({ q: E2E_TRIAL_QUOTA, w: 86_400 });
    expect(current.daily?.r).toBe(0);
    const untilMidnight = Math.ceil(untilUtcMidnightMs() / 1000);
    expect(Number(headers['retry-after'])).toBeGreaterThan(0);
    expect(Math.abs(Number(headers['retry-after']) - untilMidnight)).toBeLessThan(30);
    expect(current.daily?.t).toBe(Number(headers['retry-after']));
  });

  await test.step('the card turns red and every page carries the banner', async () => {
    const card = page.getByRole('region', { name: 'Your plan' });
    await expect(card).toContainText(`${E2E_TRIAL_QUOTA} of ${E2E_TRIAL_QUOTA} requests today`, {
      timeout: 15_000,
    });
    await expect(card).toContainText("You have reached today's limit. Requests are refused until it resets.");
    await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const banner = page.getByRole('alert').filter({ hasText: "Today's request limit is reached" });
    await expect(banner).toBeVisible();
    for (const width of [1440, 360]) {
      await resizeTo(page, width);
      await expectNoSidewaysScroll(page, `dashboard at the limit, ${width} px`);
      await expectAccessibleInBothModes(page, `plan card and banner at the limit (${width} px)`);
    }
    await resizeTo(page, 1440);
    await page.getByRole('table').getByRole('row').filter({ hasText: 'Quota story' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'API Token Details' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: "Today's request limit is reached" }),
    ).toBeVisible();
  });

  await test.step('the cap dialog on API Token Details', async () => {
    await page.getByRole('button', { name: 'Set daily cap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Daily cap' });
    await dialog.getByRole('textbox', { name: 'Requests per day' }).fill(String(E2E_TRIAL_QUOTA + 1));
    await dialog.getByRole('button', { name: 'Save cap' }).click();
    await expect(dialog).toContainText(
      `The cap must be lower than your plan's daily quota of ${E2E_TRIAL_QUOTA} requests.`,
    );
    for (const width of [1440, 360]) {
      await resizeTo(page, width);
      await expectAccessibleInBothModes(page, `Daily cap dialog (${width} px)`);
    }
    await resizeTo(page, 1440);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('the provider team approves the upgrade: the same token reads again within a second', async () => {
    await operator('approve-upgrade', user.email);
    await expect.poll(async () => (await read()).status(), { timeout: 1_000, intervals: [50] }).toBe(200);
    await page.goto(paths.dashboard);
    await expect(page.getByRole('region', { name: 'Your plan' })).toContainText(
      'Unlimited requests per day',
      {
        timeout: 15_000,
      },
    );
    await expect(page.getByRole('alert').filter({ hasText: "Today's request limit is reached" })).toHaveCount(
      0,
    );
  });
});
