// Every console screen and dialog (design §11) passes axe and fits without scrolling sideways at 1440
// and 900 px, in light and dark mode. Three tests, each with a staff admin of its own, so the
// workers share them.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { account } from '@datafeeds/domain/calls';
import {
  expectDialogAccessible,
  expectScreenAccessible,
  openCompanyFound,
  setUpStaffAccount,
  signInToConsole,
} from '../support/console.ts';
import { operator } from '../support/operator.ts';
import { registerThroughApi } from '../support/session.ts';
import { companyWithLiveToken, liveFootballToken } from '../support/tokens.ts';
import { newUser } from '../support/users.ts';

const TOKEN_LABEL = 'Axe token';

async function signedInAdmin(page: Page, request: APIRequestContext): Promise<void> {
  await signInToConsole(page, await setUpStaffAccount(page, request, 'admin'));
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('link', { name, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name });

test('sign-in, overview, companies and queues', async ({ page, request }) => {
  const staff = await setUpStaffAccount(page, request, 'admin');
  await expectScreenAccessible(page, 'Console sign-in');
  await signInToConsole(page, staff);
  await expectScreenAccessible(page, 'Console overview');
  await nav(page, 'Companies').click();
  await expect(page.getByRole('grid', { name: 'Companies' })).toBeVisible();
  await expectScreenAccessible(page, 'Companies');
  await nav(page, 'Queues').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Queues' })).toBeVisible();
  await expectScreenAccessible(page, 'Queues');
});

test('a company’s page and its action dialogs: trial, paid with a token under review, suspended', async ({
  page,
  request,
}) => {
  const asking = await companyWithLiveToken(request, 'Axe Trial', TOKEN_LABEL);
  const upgrade = await request.post(account.upgradeAccount.path, {
    headers: { authorization: `Bearer ${asking.bearer}` },
    data: {},
  });
  expect(upgrade.status()).toBe(200);
  // A paid company's new tokens are under review.
  const paid = newUser({ companyName: `Axe Paid ${Date.now()}` });
  const paidBearer = await registerThroughApi(request, paid, { verified: true });
  await operator('approve-upgrade', paid.email);
  await liveFootballToken(request, paidBearer, TOKEN_LABEL);
  const suspended = await companyWithLiveToken(request, 'Axe Suspended', TOKEN_LABEL);
  await operator('suspend-company', suspended.user.email);
  await signedInAdmin(page, request);

  await openCompanyFound(page, asking.user.email, asking.user.companyName);
  await expectScreenAccessible(page, 'Company page (trial)');
  await expectDialogAccessible(page, button(page, 'Approve upgrade'), 'Approve the upgrade');
  await expectDialogAccessible(page, button(page, 'Extend trial'), 'Extend the trial');
  await expectDialogAccessible(page, button(page, 'Suspend'), 'Suspend the company');

  await openCompanyFound(page, paid.email, paid.companyName);
  await expectScreenAccessible(page, 'Company page (paid)');
  await expectDialogAccessible(page, button(page, 'Change plan'), 'Change the plan');
  await expectDialogAccessible(page, button(page, `End review of ${TOKEN_LABEL}`), 'End the review');

  await openCompanyFound(page, suspended.user.email, suspended.user.companyName);
  await expectDialogAccessible(page, button(page, 'Reinstate'), 'Reinstate the company');
});

test('verifier keys, outbox, plans, staff and the staff trail, with their dialogs', async ({
  page,
  request,
}) => {
  const colleague = `support.${Date.now().toString(36)}@datafeeds.test`;
  await operator('staff', 'create', colleague, '--role', 'support');
  await signedInAdmin(page, request);

  await nav(page, 'Verifier keys').click();
  await expectScreenAccessible(page, 'Verifier keys');
  await expectDialogAccessible(page, button(page, 'Create key'), 'Create verifier key');
  await button(page, 'Create key').click();
  const dialog = page.getByRole('dialog', { name: 'Create verifier key' });
  const keyName = `axe feed ${Date.now().toString(36)}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(keyName);
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByRole('dialog', { name: 'Verifier key created' })).toBeVisible();
  await expectScreenAccessible(page, 'Verifier key created dialog');
  await page
    .getByRole('dialog', { name: 'Verifier key created' })
    .getByRole('button', { name: 'Done' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Leave without copying the key?' })).toBeVisible();
  await expectScreenAccessible(page, 'Leave without copying the key dialog');
  await page
    .getByRole('dialog', { name: 'Leave without copying the key?' })
    .getByRole('button', { name: 'Leave anyway' })
    .click();
  await expectDialogAccessible(page, button(page, `Revoke ${keyName}`), 'Revoke verifier key');

  await nav(page, 'Email outbox').click();
  await expectScreenAccessible(page, 'Email outbox');
  await nav(page, 'Plans').click();
  await expectScreenAccessible(page, 'Plans');
  await expectDialogAccessible(page, button(page, 'Create plan'), 'Create plan');
  await expectDialogAccessible(page, button(page, 'Edit plan standard'), 'Edit plan standard');
  await nav(page, 'Staff').click();
  await expectScreenAccessible(page, 'Staff');
  await expectDialogAccessible(page, button(page, 'Invite staff member'), 'Invite staff member');
  await expectDialogAccessible(page, button(page, `Disable ${colleague}`), 'Disable staff member');
  await expectDialogAccessible(page, button(page, `Reset MFA for ${colleague}`), 'Reset authenticator');
  await nav(page, 'Staff trail').click();
  await expectScreenAccessible(page, 'Staff trail');
});
