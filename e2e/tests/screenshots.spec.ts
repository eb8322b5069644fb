// Every page at phone, tablet and desktop widths in both display modes, saved under e2e/screenshots/
// for people to look at (`npm run screenshots`). Not part of `npm test`: it asserts nothing a user
// story does not, it exists to be looked at.
import { expect, test, type Page } from '@playwright/test';
import { account, team, tokens, verification } from '@datafeeds/domain/calls';
import { paths, searchParams, withQuery } from '../support/app.ts';
import { setUpStaffAccount, signInToConsole } from '../support/console.ts';
import { linkFromEmail } from '../support/mailbox.ts';
import { operator } from '../support/operator.ts';
import { signInFirstTime } from '../support/pages.ts';
import { registerThroughApi, signUp } from '../support/session.ts';
import { SISTER_IDENTITIES_FOR_CHECKS } from '../support/sister-identities.ts';
import { createTokensThroughApi, fillTokenRequest, liveFootballToken } from '../support/tokens.ts';
import { newUser } from '../support/users.ts';

const WIDTHS = [360, 900, 1440];
const MODES = ['light', 'dark'] as const;

/** `prepare` puts the page back in the state to show after each reload (an open dialog, a filled form). */
async function shoot(page: Page, name: string, prepare?: () => Promise<void>) {
  for (const mode of MODES) {
    await page.emulateMedia({ colorScheme: mode });
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (/mode|theme|scheme/i.test(key)) localStorage.removeItem(key);
    });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await page.waitForLoadState('networkidle');
      await prepare?.();
      // Dialogs fade in: shoot them once their transitions have finished.
      await page.evaluate(() =>
        Promise.allSettled(document.getAnimations().map((animation) => animation.finished)),
      );
      await page.screenshot({ path: `screenshots/${name}-${width}-${mode}.png`, fullPage: true });
    }
  }
}

test('public pages', async ({ page }) => {
  for (const [name, path] of [
    ['login', paths.login],
    ['register', paths.register],
    ['forgot-password', paths.forgotPassword],
    ['reset-password', withQuery(paths.resetPassword, { [searchParams.resetToken]: 'example' })],
    ['verify-email', withQuery(paths.verifyEmail, { [searchParams.verificationToken]: 'example' })],
  ] as const) {
    await page.goto(path);
    await shoot(page, name);
  }
});

test('welcome page', async ({ page }) => {
  await signInFirstTime(page, SISTER_IDENTITIES_FOR_CHECKS.screenshots, 'sister-password-shots');
  await shoot(page, 'welcome');
});

test('signed-in pages', async ({ page }) => {
  await signUp(page, newUser({ companyName: 'A company with a rather long name, Incorporated' }));
  for (const [name, path] of [
    ['dashboard', paths.dashboard],
    ['profile', paths.profile],
    ['activity', paths.activity],
    ['create-client', paths.createClient],
    ['client-not-found', paths.client('example')],
  ] as const) {
    await page.goto(path);
    await shoot(page, name);
  }
});

test("a company's quota used up, then the company suspended", async ({ page }) => {
  test.setTimeout(300_000);
  const user = await signUp(page, newUser({ companyName: 'Quota Pictures Inc.' }), { verified: true });
  const { clientSecret } = await liveFootballToken(page.request, user.bearer, 'Scoreboard');
  const plan = `tiny-${Date.now().toString(36)}`;
  await operator('plan', 'create', plan, '--daily', '1', '--rate', 'unlimited');
  await operator('set-plan', user.email, plan);
  const key = (await operator('verifier-key', 'create', 'screenshots')).match(/dfvk_\S+/)?.[0] ?? '';
  const verified = await page.request.post(verification.verifyCredential.path, {
    headers: { authorization: `Bearer ${key}` },
    data: { secret: clientSecret, scope: 'nflLive' },
  });
  expect(await verified.json()).toMatchObject({ code: 'VALID' });
  await page.goto(paths.dashboard);
  await expect(page.getByRole('alert').filter({ hasText: 'midnight UTC' })).toBeVisible({ timeout: 15_000 });
  await shoot(page, 'quota-used-up');
  await operator('suspend-company', user.email);
  await page.goto(paths.dashboard);
  await expect(page.getByRole('alert').filter({ hasText: 'suspended' })).toBeVisible({ timeout: 15_000 });
  await shoot(page, 'company-suspended');
});

test('team page, its dialogs and the accept-invitation page', async ({ page, request }) => {
  test.setTimeout(300_000);
  const { bearer } = await signUp(page, newUser({ companyName: 'Team Pictures Inc.' }));
  const invitee = newUser();
  for (const [email, role] of [
    [invitee.email, 'member'],
    [`admin.${invitee.username}@example.com`, 'admin'],
  ] as const) {
    const invited = await request.post(team.inviteMember.path, {
      headers: { authorization: `Bearer ${bearer}` },
      data: { email, role },
    });
    expect(invited.status()).toBe(201);
  }
  await page.goto(paths.team);
  await shoot(page, 'team');
  await shoot(page, 'dialog-invite', () => page.getByRole('button', { name: 'Invite member' }).click());

  const link = await linkFromEmail(request, invitee.email, paths.acceptInvitation);
  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error('No browser for a signed-out visitor');
  await visitor.goto(link.pathname + link.search);
  await expect(visitor.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible();
  await shoot(visitor, 'accept-invitation');
  await visitor.goto(withQuery(paths.acceptInvitation, { [searchParams.invitationToken]: 'example' }));
  await shoot(visitor, 'accept-invitation-invalid');
  await visitor.close();
});

test('token screens and dialogs', async ({ page, request }) => {
  // Every state is shot at three widths in two modes, each after a reload.
  test.setTimeout(300_000);
  const { bearer } = await signUp(page, newUser({ companyName: 'Token Screens Inc.' }));
  const [firstId = ''] = await createTokensThroughApi(request, bearer, [
    'Odds feed',
    'A token with a very long nickname for the mobile app',
    'Scores',
    'Stats',
    'Schedules',
    'Injuries',
  ]);

  await page.goto(paths.createClient);
  await shoot(page, 'create-client-filled', () =>
    fillTokenRequest(page, {
      label: 'Scores widget',
      timings: ['Live Feed', 'Pre Game'],
      sports: ['Football', 'Hockey', 'Golf'],
    }),
  );
  // The failure dialog needs a failing server; only this picture fakes one.
  await page.route(`**${tokens.createClient.path}`, (route) =>
    route.fulfill({ status: 503, json: { error: 'internal_error', message: 'Down for a moment.' } }),
  );
  await shoot(page, 'dialog-create-client-failed', async () => {
    await fillTokenRequest(page, { label: 'Scores widget', timings: ['Post Game'], sports: ['Baseball'] });
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByRole('dialog', { name: 'Failed to create Client' })).toBeVisible();
  });
  await page.unroute(`**${tokens.createClient.path}`);
  await page.reload();
  await fillTokenRequest(page, {
    label: 'Scores widget',
    timings: ['Live Feed', 'Pre Game'],
    sports: ['Football', 'Hockey', 'Golf'],
  });
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('heading', { name: 'Your new API token' })).toBeVisible();
  // The result view is shown once: no reload, so the display mode follows the emulated preference live.
  for (const mode of MODES) {
    await page.emulateMedia({ colorScheme: mode });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `screenshots/create-client-result-${width}-${mode}.png`,
        fullPage: true,
      });
    }
  }

  await page.goto(paths.dashboard);
  await shoot(page, 'dashboard-tokens');
  await shoot(page, 'dialog-delete', () => page.getByRole('button', { name: 'Delete Injuries' }).click());
  await shoot(page, 'dialog-rotate', () =>
    page.getByRole('button', { name: 'Rotate Scores widget' }).click(),
  );
  await shoot(page, 'dialog-upgrade', () =>
    page.getByRole('button', { name: 'Upgrade To Paid Account' }).click(),
  );

  // A rotated token keeps its nickname, so each reload can rotate 'Schedules' again.
  await shoot(page, 'dialog-rotate-result', async () => {
    await page.getByRole('button', { name: 'Rotate Schedules' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate' }).click();
    await expect(page.getByText('Token rotated successfully. New token details are below')).toBeVisible();
  });

  await page.goto(paths.client(firstId));
  await shoot(page, 'client-details');
});

test('rotation with a grace period: the result, and rotating again while the old secret works', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { bearer } = await signUp(page, newUser({ companyName: 'Grace Screens Inc.' }));
  const [oddsId = ''] = await createTokensThroughApi(request, bearer, ['Odds feed', 'Live scores']);
  const rotated = await request.post(tokens.rotateClient.path, {
    headers: { authorization: `Bearer ${bearer}` },
    data: { clientId: oddsId, gracePeriod: '24h' },
  });
  const { clientId } = (await rotated.json()) as { clientId: string };
  await page.goto(paths.dashboard);
  // Each reload rotates 'Live scores' again, with a grace period: the result says until when.
  await shoot(page, 'dialog-rotate-result-grace', async () => {
    await page.getByRole('button', { name: 'Rotate Live scores' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'In 7 days' }).check();
    // From the second time on, the last rotation's old secret still works: cutting it is confirmed.
    const cut = dialog.getByRole('checkbox', { name: 'Stop that old secret now and rotate' });
    if ((await cut.count()) > 0) await cut.check();
    await dialog.getByRole('button', { name: 'Rotate' }).click();
    await expect(page.getByText('Token rotated successfully. New token details are below')).toBeVisible();
  });
  await page.goto(paths.client(clientId));
  await shoot(page, 'dialog-rotate-cutting-old-secret', () =>
    page.getByRole('button', { name: /^Rotate/ }).click(),
  );
});

test('long names, a very long email and a hundred tokens', async ({ page, request }) => {
  test.setTimeout(300_000);
  const id = Math.random().toString(36).slice(2, 10);
  const user = newUser({
    firstName: 'maximiliana-alexandrina',
    companyName: 'The Extraordinarily Long-Named International Sports Data Consumers Cooperative, Limited',
    email: `maximiliana.alexandrina.worthington-smythe.${id}@analytics.department.example-enterprise.com`,
  });
  const { bearer } = await signUp(page, user);
  // Nicknames at their 64-character limit, with spaces and without.
  const labels = Array.from({ length: 100 }, (_, index) => {
    const name = `Token ${index + 1}`;
    if (index % 10 === 0) return `${name}: a deliberately long nickname to test wrapping`.padEnd(64, '.');
    if (index % 10 === 5) return `${name}:${'X'.repeat(64)}`.slice(0, 64);
    return name;
  });
  await createTokensThroughApi(request, bearer, labels);
  await page.goto(paths.dashboard);
  await shoot(page, 'many-tokens');
  await shoot(page, 'many-tokens-show-all', () => page.getByLabel('Show all').check());
  await page.goto(paths.profile);
  await shoot(page, 'long-profile');
});

test('console screens', async ({ page, request }) => {
  test.setTimeout(300_000);
  const customer = newUser({ companyName: 'Console Pictures Inc.' });
  const bearer = await registerThroughApi(request, customer, { verified: true });
  await createTokensThroughApi(request, bearer, ['Odds feed', 'Scores']);
  await request.post(account.upgradeAccount.path, {
    headers: { authorization: `Bearer ${bearer}` },
    data: {},
  });
  const staff = await setUpStaffAccount(page, request, 'admin');
  await shoot(page, 'console-login');
  await signInToConsole(page, staff);
  for (const [name, path] of [
    ['console-overview', '/console'],
    ['console-companies', '/console/companies'],
    ['console-queues', '/console/queues'],
    ['console-verifier-keys', '/console/verifier-keys'],
    ['console-outbox', '/console/outbox'],
    ['console-plans', '/console/plans'],
    ['console-staff', '/console/staff'],
    ['console-trail', '/console/trail'],
  ] as const) {
    await page.goto(path);
    await shoot(page, name);
  }
  await page.goto('/console/companies');
  await page.getByRole('link', { name: customer.companyName }).click();
  await expect(page.getByRole('heading', { level: 1, name: customer.companyName })).toBeVisible();
  await shoot(page, 'console-company');
  await shoot(page, 'console-dialog-approve', () =>
    page.getByRole('button', { name: 'Approve upgrade' }).click(),
  );
});
