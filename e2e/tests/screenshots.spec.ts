// Every page at phone, tablet and desktop widths in both display modes, saved under e2e/screenshots/
// for people to look at (`npm run screenshots`). Not part of `npm test`: it asserts nothing a user
// story does not, it exists to be looked at.
import { expect, test, type Page } from '@playwright/test';
import { linkFromEmail } from '../support/mailbox.ts';
import { dashboardTitle, logIn, register, resetPasswordThroughLink } from '../support/pages.ts';
import { SISTER_IDENTITY } from '../support/sister-identities.ts';
import { newUser } from '../support/users.ts';

const WIDTHS = [360, 900, 1440];
const MODES = ['light', 'dark'] as const;

async function shoot(page: Page, name: string) {
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
      await page.screenshot({ path: `screenshots/${name}-${width}-${mode}.png`, fullPage: true });
    }
  }
}

test('public pages', async ({ page }) => {
  for (const [name, path] of [
    ['login', '/login'],
    ['register', '/register'],
    ['forgot-password', '/forgot-password'],
    ['reset-password', '/reset-password?resetToken=example'],
    ['verify-email', '/verify-email?token=example'],
  ] as const) {
    await page.goto(path);
    await shoot(page, name);
  }
});

test('welcome page', async ({ page, request }) => {
  const link = await linkFromEmail(request, SISTER_IDENTITY.email, '/reset-password');
  await resetPasswordThroughLink(page, link, 'sister-password-1');
  await logIn(page, SISTER_IDENTITY.email, 'sister-password-1');
  await expect(page).toHaveURL(/\/welcome$/);
  await shoot(page, 'welcome');
});

test('signed-in pages', async ({ page }) => {
  const user = newUser({ companyName: 'A company with a rather long name, Incorporated' });
  await register(page, user);
  await expect(dashboardTitle(page, user.firstName)).toBeVisible({ timeout: 6_000 });
  for (const [name, path] of [
    ['dashboard', '/dashboard'],
    ['profile', '/profile'],
    ['create-client', '/create-client'],
    ['client-details', '/client/example'],
  ] as const) {
    await page.goto(path);
    await shoot(page, name);
  }
});
