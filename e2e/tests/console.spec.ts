// The provider console (design §11): a staff admin created by the operator command sets up with an
// authenticator whose codes the test computes, signs in, finds a trial company by a client ID and
// approves its upgrade on a plan of the console's making — the customer's dashboard turns paid and the
// same token reads the demo feed again under the new limits within a second —, extends another trial,
// and revokes the verifier key of a data feed, which refuses calls at once.
import { expect, test, type Page } from '@playwright/test';
import { CONSOLE_MESSAGES } from '@datafeeds/domain';
import { account, activity } from '@datafeeds/domain/calls';
import { paths } from '../support/app.ts';
import { openCompanyFound, setUpStaffAccount, signInToConsole } from '../support/console.ts';
import { startFeedDemo, type RunningFeed } from '../support/feed-demo.ts';
import { E2E_PORT } from '../support/server.ts';
import { signUp } from '../support/session.ts';
import { companyWithLiveToken, liveFootballToken } from '../support/tokens.ts';
import { newUser } from '../support/users.ts';
import { limitFields } from '../support/limit-fields.ts';

// Feeds on ports of this file's own (the demo feed has +2, the instances spec +3 to +5): its tests
// stay in one worker, in order.
test.describe.configure({ mode: 'default' });

const FEED_PORT = E2E_PORT + 6;
const KEYED_FEED_PORT = E2E_PORT + 7;
/** The trial's quota the e2e portal runs with (scripts/serve.ts sets TRIAL_DAILY_QUOTA to it). */
const E2E_TRIAL_QUOTA = 40;

let feed: RunningFeed;
test.beforeAll(async () => {
  feed = await startFeedDemo({ port: FEED_PORT });
});
test.afterAll(async () => feed?.stop());

const TOKEN_LABEL = 'Console story';

const authorised = (bearer: string) => ({ headers: { authorization: `Bearer ${bearer}` } });

const liveAt = (feedUrl: string, secret: string) =>
  `${feedUrl}/api/v1/live/2026-11-23/NFL?RSC_token=${encodeURIComponent(secret)}`;

/** The console's snackbar saying `text`. */
const snackbar = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

test('the provider team approves an upgrade, extends a trial and revokes a verifier key from the console', async ({
  browser,
  page,
  request,
}) => {
  const customer = await (await browser.newContext()).newPage();
  const ada = await signUp(customer, newUser({ companyName: `Console Gold ${Date.now()}` }), {
    verified: true,
  });
  const adaToken = await liveFootballToken(customer.request, ada.bearer, TOKEN_LABEL);
  const read = () => request.get(liveAt(feed.url, adaToken.clientSecret));
  const { user: bea, token: beaToken } = await companyWithLiveToken(request, 'Console Trial', TOKEN_LABEL);
  const plan = `gold-${Date.now().toString(36)}`;

  await test.step('the trial runs out of its day at the feed and asks for the upgrade', async () => {
    let refused = false;
    for (let count = 0; count < E2E_TRIAL_QUOTA + 5 && !refused; count += 1) {
      const answer = await read();
      refused = answer.status() === 429;
      if (!refused) expect(answer.status()).toBe(200);
    }
    expect(refused, 'the feed never refused').toBe(true);
    const upgrade = await customer.request.post(account.upgradeAccount.path, {
      ...authorised(ada.bearer),
      data: {},
    });
    expect(upgrade.status(), await upgrade.text()).toBe(200);
  });

  await test.step('a staff admin set up by the operator command signs in with an authenticator code', async () => {
    const staff = await setUpStaffAccount(page, request, 'admin');
    await signInToConsole(page, staff);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  });

  await test.step('a plan of the console’s making: 50 requests a day', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Plans' }).click();
    await page.getByRole('button', { name: 'Create plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create plan' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(plan);
    await dialog.getByRole('textbox', { name: 'Requests per UTC day' }).fill('50');
    await dialog.getByRole('textbox', { name: 'Requests per second' }).fill('1000');
    await dialog.getByRole('button', { name: 'Create plan' }).click();
    await expect(snackbar(page, `Plan "${plan}" created.`)).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Plans' }).getByRole('row').filter({ hasText: plan }),
    ).toBeVisible();
  });

  await test.step('found by its client ID, its upgrade approved on that plan', async () => {
    await openCompanyFound(page, adaToken.clientId, ada.companyName);
    await page.getByRole('button', { name: 'Approve upgrade' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve the upgrade' });
    await dialog.getByRole('combobox', { name: 'Plan' }).click();
    await page.getByRole('option', { name: plan }).click();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(snackbar(page, CONSOLE_MESSAGES.upgradeApproved(ada.companyName, plan))).toBeVisible();
  });

  await test.step('the same token reads again within a second, under the new plan’s 50 a day', async () => {
    await expect.poll(async () => (await read()).status(), { timeout: 1_000, intervals: [50] }).toBe(200);
    let refusedLimit: unknown;
    for (let count = 0; count < 20 && refusedLimit === undefined; count += 1) {
      const answer = await read();
      if (answer.status() === 429) refusedLimit = limitFields(answer.headers()).policy.daily?.q;
      else expect(answer.status()).toBe(200);
    }
    expect(refusedLimit).toBe(50);
  });

  await test.step('the customer sees the paid plan, and the team’s action in Activity as the DataFeeds team', async () => {
    await customer.goto(paths.dashboard);
    const card = customer.getByRole('region', { name: 'Your plan' });
    await expect(card).toContainText(plan.charAt(0).toUpperCase() + plan.slice(1), { timeout: 15_000 });
    await expect(customer.getByRole('button', { name: /upgrade/i })).toHaveCount(0);
    const events = await customer.request.get(
      `${activity.getActivity.path}?kind=upgrade.approved`,
      authorised(ada.bearer),
    );
    const page1 = (await events.json()) as { events: { actor: { kind: string; email: string | null } }[] };
    expect(page1.events[0]?.actor).toEqual({ kind: 'staff', email: null });
  });

  await test.step('another trial found by email and extended by 14 days', async () => {
    await openCompanyFound(page, bea.email, bea.companyName);
    await page.getByRole('button', { name: 'Extend trial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extend the trial' });
    await dialog.getByRole('textbox', { name: 'Days' }).fill('14');
    await dialog.getByRole('button', { name: 'Extend trial' }).click();
    // The new end, written as the page writes days ("Jan 19, 2027"): its month and year, the day aside
    // (the trial began when the test did, a minute or so earlier).
    const endsOn = new Date(Date.now() + 44 * 86_400_000);
    const monthAndYear = new RegExp(
      `${endsOn.toLocaleDateString('en-US', { month: 'short' })} \\d{1,2}, ${endsOn.getFullYear()}`,
    );
    await expect(
      page.getByRole('alert').filter({ hasText: `The trial of ${bea.companyName} now ends on` }),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: monthAndYear })).toBeVisible();
  });

  await test.step('a verifier key made in the console opens a feed; revoked, the feed refuses at once', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Verifier keys' }).click();
    await page.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create verifier key' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('console feed');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByRole('dialog').locator('code').textContent()) ?? '';
    expect(key).toMatch(/^dfvk_/);
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    // Read off the page rather than copied: the console asks before the key is forgotten.
    await page
      .getByRole('dialog', { name: 'Leave without copying the key?' })
      .getByRole('button', { name: 'Leave anyway' })
      .click();
    const keyed = await startFeedDemo({ verifierKey: key, port: KEYED_FEED_PORT });
    try {
      const readKeyed = () => request.get(liveAt(keyed.url, beaToken.clientSecret));
      expect((await readKeyed()).status()).toBe(200);
      await page.getByRole('button', { name: 'Revoke console feed' }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke verifier key' });
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await expect
        .poll(async () => (await readKeyed()).status(), { timeout: 1_000, intervals: [50] })
        .not.toBe(200);
    } finally {
      await keyed.stop();
    }
  });
});
