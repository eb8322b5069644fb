// The heart of the product, end to end: request a token, see it, inspect it, rotate it, delete it, ask
// for the upgrade and see the provider team's approval take effect.
import { expect, test, type Page } from '@playwright/test';
import { atPath, paths } from '../support/app.ts';
import { operator } from '../support/operator.ts';
import { signUp } from '../support/session.ts';
import { closeWithoutCopying, createTokensThroughApi, fillTokenRequest } from '../support/tokens.ts';
import { newUser } from '../support/users.ts';

const shortId = (id: string) => id.slice(-5);

function tokensTable(page: Page) {
  return page.getByRole('table');
}

async function columnHeaders(page: Page): Promise<string[]> {
  return (await tokensTable(page).getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
}

test('request, inspect, rotate and delete a token; upgrade and see the approval', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const user = await signUp(page, newUser(), { verified: true });

  await test.step('the empty dashboard invites a first request', async () => {
    await expect(page.getByRole('heading', { name: 'No API Tokens Found' })).toBeVisible();
    await expect(
      page.getByText("Looks like you don't have any API Tokens yet. Ready to create a new request?"),
    ).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'New API Client' }).click();
    await expect(page).toHaveURL(atPath(paths.createClient));
  });

  let clientId = '';
  let clientSecret = '';
  await test.step('request a live token for football and hockey and check the estimate', async () => {
    await expect(page.getByRole('heading', { name: 'New Token Request' })).toBeVisible();
    await fillTokenRequest(page, {
      label: 'Scores widget',
      timings: ['Live Feed'],
      sports: ['Football', 'Hockey'],
    });
    const estimate = page.getByRole('region', { name: 'Price estimate' });
    await expect(estimate.getByText('$7,200.00').first()).toBeVisible();
    await expect(estimate.getByText('$4,800.00').first()).toBeVisible();
    await expect(estimate.getByText('$12,000.00')).toBeVisible();
    await expect(estimate.getByText('$1,000.00')).toBeVisible();
    await expect(estimate.getByText('Real Time & Post Game').first()).toBeVisible();
    await page.getByRole('button', { name: 'Submit Request' }).click();

    await expect(page.getByRole('heading', { name: 'Your new API token' })).toBeVisible();
    clientId = await page.getByRole('textbox', { name: 'Client ID' }).inputValue();
    clientSecret = await page.getByRole('textbox', { name: 'Client Secret' }).inputValue();
    expect(clientId).toMatch(/^dfc_/);
    expect(clientSecret).toMatch(/^dfsk_[0-9A-Za-z]{49}$/);
    await page.getByRole('button', { name: 'Copy Client Secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clientSecret);
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  });

  await test.step('the dashboard lists it, without its secret', async () => {
    await expect(page.getByRole('heading', { name: 'API Tokens' })).toBeVisible();
    await expect(page.getByText('View the status of your DataFeeds API Tokens below')).toBeVisible();
    expect(await columnHeaders(page)).toEqual(
      expect.arrayContaining([
        'Created Date',
        'Client ID',
        'Description',
        'Nickname',
        'Status',
        'Action',
        'Expiry Date',
      ]),
    );
    const row = tokensTable(page).getByRole('row', { name: /Scores widget/ });
    await expect(row).toContainText(shortId(clientId));
    await expect(row).toContainText('Real Time');
    await expect(row).toContainText('Post-Game');
    await expect(row).toContainText('NFL, NHL');
    await expect(row).toContainText('Active');
    expect(await page.content()).not.toContain(clientSecret);
  });

  let rotatedId = '';
  await test.step('open its details and rotate it', async () => {
    await tokensTable(page).getByRole('cell', { name: 'Scores widget', exact: true }).click();
    await expect(page).toHaveURL(atPath(paths.client(clientId)));
    await expect(page.getByRole('heading', { name: 'API Token Details' })).toBeVisible();
    await expect(page.getByText(clientId)).toBeVisible();
    await page.getByRole('button', { name: /^Rotate/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate Token' });
    await expect(dialog.getByText('Warning - Irreversible Action')).toBeVisible();
    await dialog.getByRole('button', { name: 'Rotate' }).click();
    await expect(dialog.getByText('Token rotated successfully. New token details are below')).toBeVisible();
    rotatedId = await dialog.getByRole('textbox', { name: 'Client ID' }).inputValue();
    expect(rotatedId).not.toBe(clientId);
    await expect(page.getByText('Scores widget Client Credential rotate request successful')).toBeVisible();
    await closeWithoutCopying(page, dialog);
    await expect(page).toHaveURL(atPath(paths.home, paths.dashboard));
    const row = tokensTable(page).getByRole('row', { name: /Scores widget/ });
    await expect(row).toContainText(shortId(rotatedId));
    await expect(tokensTable(page)).not.toContainText(shortId(clientId));
  });

  await test.step('delete it from the dashboard', async () => {
    await page.getByRole('button', { name: 'Delete Scores widget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Token' });
    await expect(dialog.getByText('Warning - Irreversible Action')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Scores widget Client Credential deleted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No API Tokens Found' })).toBeVisible();
  });

  await test.step('ask for the upgrade; the approval removes the button and the Expiry Date', async () => {
    await createTokensThroughApi(request, user.bearer, ['Odds feed']);
    await page.reload();
    await expect(tokensTable(page).getByRole('row', { name: /Odds feed/ })).toBeVisible();
    await page.getByRole('button', { name: 'Upgrade To Paid Account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText('Successfully submitted your upgrade request')).toBeVisible();

    expect(await operator('approve-upgrade', user.email)).toMatch(
      /now has a paid account on the standard plan \(was trial\); 1 open upgrade/,
    );
    await page.reload();
    await expect(tokensTable(page).getByRole('row', { name: /Odds feed/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade To Paid Account' })).toHaveCount(0);
    expect(await columnHeaders(page)).not.toContain('Expiry Date');
  });
});

test('a company with 12 tokens pages through them 5, 10 and 15 at a time', async ({ page, request }) => {
  const user = await signUp(page);
  const labels = Array.from({ length: 12 }, (_, index) => `Token ${String(index + 1).padStart(2, '0')}`);
  await createTokensThroughApi(request, user.bearer, labels);
  await page.reload();

  const bodyRows = tokensTable(page).locator('tbody tr');
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await expect(bodyRows).toHaveCount(5);
  // Newest first.
  await expect(bodyRows.first()).toContainText('Token 12');

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  await expect(bodyRows.first()).toContainText('Token 07');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 3 of 3')).toBeVisible();
  await expect(bodyRows).toHaveCount(2);

  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(bodyRows).toHaveCount(10);
  await page.getByLabel('Rows per page').selectOption('15');
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(bodyRows).toHaveCount(12);
});
