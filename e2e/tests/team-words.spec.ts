// What a person is told before they act (design §9): someone already in another company who opens an
// invitation reads why they cannot join before any click, and a member removed from a company who signs
// in again reads who removed them on /welcome. A member's dashboard says why its Action column is empty,
// and its profile says which emails reach them. axe checks each new screen at phone and desktop widths,
// light and dark.
import { expect, test } from '@playwright/test';
import { ROLE_REFUSALS, TEAM_MESSAGES, personName } from '@datafeeds/domain';
import { expectAccessibleAtWidths, expectAccessibleInBothModes } from '../support/accessibility.ts';
import { team } from '@datafeeds/domain/calls';
import { atPath, paths } from '../support/app.ts';
import { linkFromEmail } from '../support/mailbox.ts';
import { logIn } from '../support/pages.ts';
import { signUp } from '../support/session.ts';
import { createTokensThroughApi } from '../support/tokens.ts';
import { newUser } from '../support/users.ts';

const authorization = (bearer: string) => ({ authorization: `Bearer ${bearer}` });

test('a person of another company opening an invitation reads why before any click', async ({
  page,
  browser,
}) => {
  const owner = await signUp(page, newUser({ companyName: `Inviting Co ${Date.now()}` }), { verified: true });
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  const other = await signUp(otherPage, newUser({ companyName: `Other Co ${Date.now()}` }));
  const invited = await page.request.post(team.inviteMember.path, {
    headers: authorization(owner.bearer),
    data: { email: other.email, role: 'member' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await linkFromEmail(page.request, other.email, paths.acceptInvitation);

  await otherPage.goto(link.pathname + link.search);
  await expect(otherPage.getByRole('alert')).toHaveText(TEAM_MESSAGES.otherCompany);
  await expect(otherPage.getByRole('button', { name: /^Join / })).toHaveCount(0);
  await expect(otherPage.getByRole('button', { name: 'Use another account' })).toBeVisible();
  await expectAccessibleAtWidths(otherPage, 'the accept page refusing another company’s account');
  await otherContext.close();
});

test('a member reads why the Action column is empty and which emails reach them; removed, they are told by whom', async ({
  page,
  browser,
}) => {
  const owner = await signUp(page, newUser({ companyName: `Removing Co ${Date.now()}` }), { verified: true });
  await createTokensThroughApi(page.request, owner.bearer, ['Shared scores']);
  const colleague = newUser({ firstName: 'mia', lastName: 'member' });
  const invited = await page.request.post(team.inviteMember.path, {
    headers: authorization(owner.bearer),
    data: { email: colleague.email, role: 'member' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const link = await linkFromEmail(page.request, colleague.email, paths.acceptInvitation);

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const registered = await memberPage.request.post(team.registerWithInvitation.path, {
    data: {
      token: link.searchParams.get('token'),
      firstName: colleague.firstName,
      lastName: colleague.lastName,
      username: colleague.username,
      password: colleague.password,
      userHasAgreedToTermsOfService: true,
      userHasReadPrivacyPolicy: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await test.step('the member signs in: the empty Action column and the profile say why', async () => {
    await logIn(memberPage, colleague.email, colleague.password);
    await memberPage.setViewportSize({ width: 1440, height: 900 });
    const action = memberPage.getByRole('columnheader', { name: /^Action/ });
    const why = action.getByRole('button', { name: 'Why there are no actions' });
    await why.hover();
    await expect(memberPage.getByRole('tooltip')).toContainText(ROLE_REFUSALS.rotateToken);
    await expect(memberPage.getByRole('tooltip')).toContainText(ROLE_REFUSALS.deleteToken);
    // axe checks the page itself: the tooltip is a popup outside its landmarks.
    await memberPage.mouse.move(0, 0);
    await expect(memberPage.getByRole('tooltip')).toBeHidden();
    await expectAccessibleInBothModes(memberPage, 'a member’s dashboard with the Action column’s reason');

    await memberPage.goto(paths.profile);
    const notifications = memberPage.getByRole('region', { name: 'Email notifications' });
    await expect(notifications).toContainText("Trial reminders go to the account's owner and admins only.");
    await expect(notifications.getByRole('switch')).toHaveCount(0);
    await expectAccessibleAtWidths(memberPage, 'a member’s Email notifications');
  });

  await test.step('removed by the owner, the member signs in again and reads who removed them', async () => {
    const teamAnswer = await page.request.get(team.getTeam.path, { headers: authorization(owner.bearer) });
    const { members } = (await teamAnswer.json()) as { members: { id: string; email: string }[] };
    const memberId = members.find((person) => person.email === colleague.email)?.id;
    const removed = await page.request.post(team.removeMember.path, {
      headers: authorization(owner.bearer),
      data: { memberId },
    });
    expect(removed.status(), await removed.text()).toBe(204);

    // Their sessions ended with the removal: they sign in afresh, as they would the next day.
    await memberContext.clearCookies();
    await memberPage.evaluate(() => localStorage.clear());
    await logIn(memberPage, colleague.email, colleague.password);
    await expect(memberPage).toHaveURL(atPath(paths.welcome));
    await expect(memberPage.getByRole('status')).toContainText(
      `${personName(owner)} removed you from ${owner.companyName} on`,
    );
    await expectAccessibleAtWidths(memberPage, 'the welcome page after a removal');
  });
  await memberContext.close();
});
