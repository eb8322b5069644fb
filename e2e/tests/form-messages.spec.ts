// Every spec message of the account screens, as the user sees it in the browser.
import { expect, test } from '@playwright/test';
import { users } from '@datafeeds/domain/calls';
import { paths, searchParams, withQuery } from '../support/app.ts';
import { logIn } from '../support/pages.ts';
import { registerThroughApi, signUp } from '../support/session.ts';
import { newUser } from '../support/users.ts';

test.describe('login', () => {
  test('validates on blur and tells a failed login', async ({ page }) => {
    await page.goto(paths.login);
    // Leaving a field the user never typed in says nothing (checked once another field's message shows,
    // so the check has had its time); one typed in and emptied says why.
    const password = page.getByLabel('Password', { exact: true });
    await password.focus();
    await password.blur();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Email must be a valid email')).toBeVisible();
    await expect(page.getByText('Password is not allowed to be empty')).toBeHidden();
    await password.fill('x');
    await password.fill('');
    await password.blur();
    await expect(page.getByText('Password is not allowed to be empty')).toBeVisible();

    await logIn(page, 'nobody@example.com', 'wrong-password');
    await expect(page.getByText('Login Failed. Please check your credentials and try again.')).toBeVisible();
  });

  test('shows the password on request and links to recovery and sign-up', async ({ page }) => {
    await page.goto(paths.login);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('visible-now');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password/i }).click();
    await expect(password).toHaveAttribute('type', 'text');
    // The addresses spec §1 gives these links, spelled as it spells them.
    await expect(page.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });
});

test.describe('registration', () => {
  test('checks availability on blur and validates every field', async ({ page, request }) => {
    const taken = newUser();
    await registerThroughApi(request, taken);

    await page.goto(paths.register);
    await page.getByLabel('Username').fill(taken.username.toUpperCase());
    await page.getByLabel('Username').blur();
    await expect(page.getByText('Username is already taken. Please try another.')).toBeVisible();
    await page.getByLabel('Email').fill(taken.email.toUpperCase());
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Email is already taken. Please try another.')).toBeVisible();

    await page.getByLabel('First Name').fill('A');
    await page.getByLabel('First Name').blur();
    await expect(page.getByText('First Name length must be at least 2 characters long')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Password', { exact: true }).blur();
    await expect(page.getByText('Password length must be at least 6 characters long')).toBeVisible();
    await page.getByLabel('Phone').fill('123');
    await page.getByLabel('Phone').blur();
    await expect(page.getByText('Phone length must be at least 10 characters long')).toBeVisible();
    await expect(page.getByRole('link', { name: /sign in/i })).toBeVisible();
  });
});

test.describe('password recovery', () => {
  test('forgot password answers alike for unknown emails and offers the way back', async ({ page }) => {
    await page.goto(paths.forgotPassword);
    await expect(page.getByRole('link', { name: /return to sign in/i })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await page.getByLabel('Email').fill('bad');
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Email must be a valid email')).toBeVisible();
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: /send|reset|submit/i }).click();
    await expect(page.getByRole('button', { name: 'Return to Login' })).toBeVisible();
  });

  test("reset says 'Passwords do not match' and rejects an unknown token", async ({ page }) => {
    await page.goto(withQuery(paths.resetPassword, { [searchParams.resetToken]: 'not-a-real-token' }));
    await page.getByLabel('New Password', { exact: true }).fill('secret-one');
    await page.getByLabel('Confirm Password').fill('secret-two');
    await page.getByLabel('Confirm Password').blur();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('secret-one');
    await page.getByRole('button', { name: /reset|save|submit/i }).click();
    await expect(
      page.getByText(
        'Request Failed. Please try again. If the issue persists, try requesting for a new reset password or contact us for further support.',
      ),
    ).toBeVisible();
  });
});

test.describe('profile', () => {
  test('asks for both passwords and sends nothing when nothing changed', async ({ page }) => {
    const user = await signUp(page);
    await page.goto(paths.profile);

    await page.getByLabel('New Password', { exact: true }).fill('brand-new-1');
    await page.getByLabel('Confirm Password').fill('brand-new-1');
    await page.getByRole('button', { name: /save|update/i }).click();
    await expect(page.getByText('Current password is required')).toBeVisible();

    await page.getByLabel('New Password', { exact: true }).fill('');
    await page.getByLabel('Confirm Password').fill('');
    await page.getByLabel('Current Password').fill(user.password);
    await page.getByRole('button', { name: /save|update/i }).click();
    await expect(page.getByText('New password is required in order to change passwords')).toBeVisible();

    await page.getByLabel('New Password', { exact: true }).fill('brand-new-1');
    await page.getByLabel('Confirm Password').fill('brand-new-2');
    await page.getByLabel('Confirm Password').blur();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.goto(paths.profile);
    const updates: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === users.updateUser.path) updates.push(req.postData() ?? '');
    });
    await page.getByRole('button', { name: /save|update/i }).click();
    await expect(page.getByText(/nothing (has )?changed|no changes/i)).toBeVisible();
    expect(updates).toEqual([]);

    await page.getByLabel('Last Name').fill('Byron');
    await page.getByRole('button', { name: /save|update/i }).click();
    await expect(page.getByText('Successfully updated your profile')).toBeVisible();
    expect(updates.map((body) => JSON.parse(body))).toEqual([{ lastName: 'Byron' }]);
  });

  test('a wrong current password is refused and the password stays', async ({ page }) => {
    await signUp(page);
    await page.goto(paths.profile);
    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-1');
    await page.getByLabel('Confirm Password').fill('brand-new-1');
    await page.getByRole('button', { name: /save|update/i }).click();
    await expect(page.getByText(/current password is (wrong|incorrect)/i)).toBeVisible();
  });
});
