// The provider console as a staff member meets it (design §11): an account created by the operator
// command, set up through the emailed link with an authenticator whose codes the test computes (RFC 6238,
// as a phone app would), then signed in at /console/login.
import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectAccessibleInBothModes } from './accessibility.ts';
import { expectNoSidewaysScroll, resizeTo } from './layout.ts';
import { linkFromEmail } from './mailbox.ts';
import { operator } from './operator.ts';

export interface StaffAccount {
  email: string;
  password: string;
  /** The authenticator secret (base32) the setup page showed. */
  secret: string;
}

const TOTP_STEP_SECONDS = 30;

/** The code an authenticator shows `stepsAhead` steps from now (the server takes ±1 step). */
function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * TOTP_STEP_SECONDS });
}

/** `staff create` by the operator command, then the setup page: password, authenticator, recovery codes. */
export async function setUpStaffAccount(
  page: Page,
  request: APIRequestContext,
  role: 'admin' | 'support',
): Promise<StaffAccount> {
  const id = randomBytes(4).toString('hex');
  const account = { email: `staff.${id}@datafeeds.test`, password: `console-horse-${id}`, secret: '' };
  expect(await operator('staff', 'create', account.email, '--role', role)).toContain(account.email);
  const link = await linkFromEmail(request, account.email, '/console/setup');
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel(/^Confirm Password/).fill(account.password);
  account.secret = (await page.getByLabel('Authenticator secret').textContent()) ?? '';
  expect(account.secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByRole('textbox', { name: '6-digit code' }).fill(await totpCode(account.secret));
  await page.getByRole('button', { name: 'Set up account' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('checkbox', { name: 'I have saved them' }).check();
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await expect(page).toHaveURL(/\/console\/login$/);
  return account;
}

/**
 * Signs in at /console/login. The setup spent the current step's code (a code is accepted once), so
 * sign-in gives the next step's, which the server's ±1 step window accepts now.
 */
export async function signInToConsole(page: Page, account: StaffAccount): Promise<void> {
  if (!page.url().endsWith('/console/login')) await page.goto('/console/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('textbox', { name: '6-digit code' }).fill(await totpCode(account.secret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/console\/?$/);
}

/** Searches the companies list and opens the one row found. */
export async function openCompanyFound(page: Page, search: string, companyName: string) {
  await page.getByRole('navigation').getByRole('link', { name: 'Companies' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(search);
  const grid = page.getByRole('grid', { name: 'Companies' });
  // The one company found: its name is the only link of the grid.
  await expect(grid.getByRole('link')).toHaveText([companyName]);
  await grid.getByRole('link', { name: companyName }).click();
  await expect(page.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
}

/** The console's widths the accessibility check covers (design §11: a desktop tool, usable on a tablet). */
const CONSOLE_WIDTHS = [1440, 900] as const;

export async function expectScreenAccessible(page: Page, screen: string): Promise<void> {
  for (const width of CONSOLE_WIDTHS) {
    await resizeTo(page, width);
    await expectNoSidewaysScroll(page, `${screen} (${width} px)`);
    await expectAccessibleInBothModes(page, `${screen} (${width} px)`);
  }
  await resizeTo(page, CONSOLE_WIDTHS[0]);
}

/** Opens the dialog `opener` opens, checks it at each width in both modes, and closes it unchanged. */
export async function expectDialogAccessible(page: Page, opener: Locator, dialogName: string): Promise<void> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  for (const width of CONSOLE_WIDTHS) {
    await resizeTo(page, width);
    await expectAccessibleInBothModes(page, `${dialogName} dialog (${width} px)`);
  }
  await resizeTo(page, CONSOLE_WIDTHS[0]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
