// The authenticated shell's rules (spec §2) and the display mode.
import { expect, test } from '@playwright/test';
import { auth } from '@datafeeds/domain/calls';
import { atPath, paths } from '../support/app.ts';
import { dashboardTitle, logIn } from '../support/pages.ts';
import { signUp } from '../support/session.ts';
import { sessionToken } from '../support/tokens.ts';

test('anonymous visitors are sent to /login', async ({ page }) => {
  // The routes as spec §1 names them, spelled out: here the addresses themselves are under test.
  for (const path of ['/dashboard', '/profile', '/welcome', '/create-client', '/']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a signed-in user skips /login, unknown paths fall back to the dashboard, the sidebar works', async ({
  page,
}) => {
  const user = await signUp(page);

  await page.goto(paths.login);
  await expect(page).toHaveURL(atPath(paths.dashboard));
  await page.goto('/no/such/page');
  await expect(dashboardTitle(page, user.firstName)).toBeVisible();

  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Roadmap' })).toHaveAttribute('target', '_blank');
  await expect(nav.getByRole('link', { name: 'Documentation' })).toHaveAttribute('target', '_blank');
  await expect(nav.getByRole('link', { name: 'Support' })).toHaveAttribute('target', '_blank');
  await nav.getByRole('link', { name: 'New API Token' }).click();
  await expect(page).toHaveURL(atPath(paths.createClient));

  await page.getByRole('button', { name: /collapse/i }).click();
  await expect(page.getByRole('button', { name: /expand/i })).toBeVisible();
});

test('the sidebar slides under full motion and moves at once under the system’s reduced motion', async ({
  page,
}) => {
  // The suite runs with reduced motion (playwright.config.ts); this story sets each preference itself.
  // It reads the transition the sidebar declares, not one caught running: a 200 ms slide may be over by
  // the time a loaded machine answers.
  await signUp(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const widthTransition = () =>
    nav.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.transitionProperty} ${style.transitionDuration}`;
    });
  const running = () => page.evaluate(() => document.getAnimations().length);

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(widthTransition).toBe('width 0.2s');
  await nav.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(nav.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(widthTransition).toBe('none 0s');
  await nav.getByRole('button', { name: 'Expand sidebar' }).click();
  expect(await running(), 'nothing animates').toBe(0);
  await expect(nav.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
});

test('the session survives a reload and a 401 logs out', async ({ page, context }) => {
  const user = await signUp(page);
  await page.reload();
  await expect(dashboardTitle(page, user.firstName)).toBeVisible();

  // Revoke the session behind the app's back: its next request gets 401 and the app logs out.
  const token = await sessionToken(page);
  const logout = await context.request.post(auth.logout.path, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(logout.ok()).toBe(true);
  await page.getByRole('link', { name: 'Profile' }).click();
  await page.reload();
  await expect(page).toHaveURL(atPath(paths.login));
});

test('dark mode is chosen by the user and remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(paths.login);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByRole('button', { name: /dark mode/i }).click();
  const dark = await background();
  expect(dark).not.toBe(light);
  await page.reload();
  expect(await background()).toBe(dark);
});

test('the system preference is the default display mode', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto(paths.login);
  const [r, g, b] = (await page.evaluate(() => getComputedStyle(document.body).backgroundColor))
    .match(/\d+/g)!
    .map(Number);
  expect((r! + g! + b!) / 3).toBeLessThan(80);
  await context.close();
});

test('logging in as the wrong user shows the failure and keeps the form', async ({ page }) => {
  await logIn(page, 'nobody@example.com', 'whatever-1');
  await expect(page.getByText('Login Failed. Please check your credentials and try again.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('nobody@example.com');
});
