// One user, two instances of the portal on one PostgreSQL database and one Redis (production mode, the
// compiled server) behind a load balancer: signed in on A, they act on B, sign out on B, and A refuses
// the session at once.
import { expect, test } from '@playwright/test';
import { users } from '@datafeeds/domain/calls';
import { atPath, paths } from '../support/app.ts';
import { startInstances, type InstanceName, type Instances } from '../support/instances.ts';
import { dashboardTitle } from '../support/pages.ts';
import { signUp } from '../support/session.ts';
import { fillTokenRequest } from '../support/tokens.ts';
import { newUser } from '../support/users.ts';

// Its own servers on fixed ports for the file: its tests stay in one worker, in order.
test.describe.configure({ mode: 'default' });

let instances: Instances | undefined;
test.beforeAll(async () => {
  instances = await startInstances();
});
test.afterAll(async () => instances?.stop());

/** Routes what follows to one instance, and checks afterwards that it alone answered. */
async function on<T>(instance: InstanceName, work: () => Promise<T>): Promise<T> {
  const balancer = instances as Instances;
  balancer.routeTo(instance);
  const other: InstanceName = instance === 'A' ? 'B' : 'A';
  const before = { ...balancer.served };
  const result = await work();
  expect(balancer.served[instance]).toBeGreaterThan(before[instance]);
  expect(balancer.served[other]).toBe(before[other]);
  return result;
}

test('sign in on instance A, act on B, sign out on B: A refuses the session', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: instances?.url });
  const page = await context.newPage();
  const user = newUser();

  const { bearer } = await test.step('sign up and in on A', () => on('A', () => signUp(page, user)));

  await test.step('B knows the session, and requests a token', () =>
    on('B', async () => {
      await page.goto(paths.dashboard);
      await expect(dashboardTitle(page, user.firstName)).toBeVisible();
      await page.goto(paths.createClient);
      await fillTokenRequest(page, { label: 'Made on B', timings: ['Post Game'], sports: ['Basketball'] });
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await expect(page.getByRole('heading', { name: 'Your new API token' })).toBeVisible();
    }));

  await test.step('A lists the token made on B', () =>
    on('A', async () => {
      await page.goto(paths.dashboard);
      await expect(page.getByRole('cell', { name: 'Made on B', exact: true })).toBeVisible();
    }));

  await test.step('sign out on B', () =>
    on('B', async () => {
      await page.getByRole('button', { name: 'Log Out' }).click();
      await expect(page).toHaveURL(atPath(paths.login));
    }));

  await test.step('A refuses the session: its token gets 401, and the app asks to sign in', () =>
    on('A', async () => {
      const refused = await context.request.get(users.getUser.path, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(refused.status()).toBe(401);
      await page.goto(paths.dashboard);
      await expect(page).toHaveURL(atPath(paths.login));
    }));
  await context.close();
});
