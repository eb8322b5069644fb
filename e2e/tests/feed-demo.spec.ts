// A credential that opens a door (design §8): a token requested in the portal reads the demo data feed
// within its scope, is refused outside it, and once rotated in the portal the old secret stops working
// and the new one works.
import { expect, test } from '@playwright/test';
import { paths } from '../support/app.ts';
import { startFeedDemo, type RunningFeed } from '../support/feed-demo.ts';
import { signUp } from '../support/session.ts';
import { fillTokenRequest } from '../support/tokens.ts';
import { newUser } from '../support/users.ts';

// One feed on one port for the file: its tests stay in one worker, in order, whatever the config says.
test.describe.configure({ mode: 'default' });

let feed: RunningFeed;
test.beforeAll(async () => {
  feed = await startFeedDemo();
});
test.afterAll(async () => feed?.stop());

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
