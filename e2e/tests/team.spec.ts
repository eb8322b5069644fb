// Companies as teams (design §9): an owner invites a colleague by email, the colleague registers through
// the link (no company fields) and lands in the owner's company — seeing its token, but not allowed to
// delete it, by the UI nor by the API — and sees the owner's upgrade request. axe checks the new page,
// its dialogs and the accept page at phone and desktop widths in both display modes.
import { expect, test } from '@playwright/test';
import { INVITATION_PROBLEM_MESSAGES, ROLE_REFUSALS } from '@datafeeds/domain';
import { expectAccessibleAtWidths } from '../support/accessibility.ts';
import { team, tokens } from '@datafeeds/domain/calls';
import { atPath, paths } from '../support/app.ts';
import { linkFromEmail } from '../support/mailbox.ts';
import { dashboardTitle, signInFirstTime } from '../support/pages.ts';
import { signUp } from '../support/session.ts';
import { createTokensThroughApi, sessionToken } from '../support/tokens.ts';
import { SISTER_IDENTITY_INVITED } from '../support/sister-identities.ts';
import { newUser } from '../support/users.ts';

test('an owner invites a member, who registers through the link and may not delete tokens', async ({
  page,
  browser,
}) => {
  const owner = await signUp(page, newUser({ companyName: `Team Spirit ${Date.now()}` }), { verified: true });
  const colleague = newUser({ firstName: 'grace', lastName: 'Hopper' });
  const [tokenId = ''] = await createTokensThroughApi(page.request, owner.bearer, ['Shared scores']);

  await test.step('the owner invites a colleague from the Team page', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
    await expect(page).toHaveURL(atPath(paths.team));
    await expect(page.getByRole('listitem', { name: `${owner.firstName} ${owner.lastName}` })).toContainText(
      'Owner',
    );
    await expectAccessibleAtWidths(page, 'the Team page');

    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite member' });
    await dialog.getByLabel('Email').fill(colleague.email);
    await expectAccessibleAtWidths(page, 'the invite dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${colleague.email}.`)).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'Pending invitations' })
        .getByRole('listitem', { name: colleague.email }),
    ).toContainText('Member');
  });

  const link = await linkFromEmail(page.request, colleague.email, paths.acceptInvitation);
  const colleagueContext = await browser.newContext();
  const colleaguePage = await colleagueContext.newPage();

  await test.step('the colleague registers through the link, without company fields', async () => {
    await colleaguePage.goto(link.pathname + link.search);
    await expect(colleaguePage.getByRole('heading', { level: 1, name: /^Join Team Spirit/ })).toBeVisible();
    const form = colleaguePage.getByRole('form', { name: 'Create your account' });
    await expect(form.getByLabel('Company Name')).toHaveCount(0);
    await expect(form.getByLabel('Email')).toHaveValue(colleague.email);
    await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expectAccessibleAtWidths(colleaguePage, 'the accept-invitation page');

    await form.getByLabel('First Name').fill(colleague.firstName);
    await form.getByLabel('Last Name').fill(colleague.lastName);
    await form.getByLabel('Username').fill(colleague.username);
    await form.getByLabel('Password', { exact: true }).fill(colleague.password);
    await form.getByRole('checkbox', { name: /terms of service/i }).check();
    await form.getByRole('checkbox', { name: /privacy policy/i }).check();
    await form.getByRole('button', { name: 'Create account and join' }).click();
    await expect(dashboardTitle(colleaguePage, colleague.firstName)).toBeVisible();
  });

  await test.step("the colleague sees the company's token but cannot delete it", async () => {
    await expect(colleaguePage.getByRole('table', { name: 'API Tokens' })).toContainText('Shared scores');
    await expect(colleaguePage.getByRole('button', { name: 'Delete Shared scores' })).toHaveCount(0);
    await colleaguePage.goto(paths.client(tokenId));
    await expect(colleaguePage.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await expect(colleaguePage.getByText(ROLE_REFUSALS.deleteToken)).toBeVisible();

    const forced = await colleaguePage.request.delete(tokens.deleteClient.path, {
      headers: { authorization: `Bearer ${await sessionToken(colleaguePage)}` },
      data: { clientId: tokenId },
    });
    expect(forced.status()).toBe(403);
    expect(await forced.json()).toMatchObject({ error: 'forbidden', message: ROLE_REFUSALS.deleteToken });
  });

  await test.step('the owner asks for the upgrade; the colleague sees that it was requested', async () => {
    await colleaguePage.goto(paths.dashboard);
    await expect(colleaguePage.getByText(ROLE_REFUSALS.requestUpgrade)).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(paths.dashboard);
    await page.getByRole('button', { name: 'Upgrade To Paid Account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.getByText(/^Upgrade requested on /)).toBeVisible();
    await colleaguePage.reload();
    await expect(colleaguePage.getByText(/^Upgrade requested on /)).toBeVisible();
  });

  await test.step('the owner sees the new member, and the remove dialog explains what follows', async () => {
    await page.goto(paths.team);
    const name = `${colleague.firstName} ${colleague.lastName}`;
    await expect(page.getByRole('listitem', { name })).toContainText('Member');
    await expect(page.getByRole('list', { name: 'Pending invitations' })).toHaveCount(0);
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Remove from team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove member' });
    await expect(dialog).toContainText('signed out everywhere at once');
    await expectAccessibleAtWidths(page, 'the remove dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await colleagueContext.close();
});

test('a sister-product identity without a profile joins through an invitation instead of /welcome', async ({
  page,
  browser,
}) => {
  const owner = await signUp(page, newUser({ companyName: `Sister Welcome ${Date.now()}` }), {
    verified: true,
  });
  const invited = await page.request.post(team.inviteMember.path, {
    headers: { authorization: `Bearer ${owner.bearer}` },
    data: { email: SISTER_IDENTITY_INVITED.email, role: 'admin' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await linkFromEmail(page.request, SISTER_IDENTITY_INVITED.email, paths.acceptInvitation);

  const sisterContext = await browser.newContext();
  const sister = await sisterContext.newPage();
  await signInFirstTime(sister, SISTER_IDENTITY_INVITED, 'sister-password-team');
  await sister.goto(link.pathname + link.search);
  const form = sister.getByRole('form', { name: /^Join Sister Welcome/ });
  await form.getByLabel('First Name').fill('sister');
  await form.getByLabel('Last Name').fill('Analyst');
  await form.getByRole('button', { name: /^Join Sister Welcome/ }).click();
  await expect(dashboardTitle(sister, 'sister')).toBeVisible();
  await sister.goto(paths.team);
  await expect(sister.getByRole('listitem', { name: 'sister Analyst' })).toContainText('You');

  await page.goto(paths.team);
  await expect(page.getByRole('listitem', { name: 'sister Analyst' })).toContainText('Admin');
  await page.getByRole('button', { name: 'Actions for sister Analyst' }).click();
  await page.getByRole('menuitem', { name: 'Make owner' }).click();
  const handOver = page.getByRole('dialog', { name: 'Make owner' });
  await expect(handOver).toContainText('you become an admin');
  await expectAccessibleAtWidths(page, 'the make-owner dialog');
  await handOver.getByRole('button', { name: 'Cancel' }).click();
  await expect(handOver).toBeHidden();

  // The link is used up now: it says so, in words, on an accessible page.
  await sister.goto(link.pathname + link.search);
  await expect(sister.getByRole('alert')).toContainText(INVITATION_PROBLEM_MESSAGES.invitation_used);
  await expectAccessibleAtWidths(sister, 'the accept page of a used link');
  await sisterContext.close();
});
