import { ERROR_CODES } from '@datafeeds/domain';
import { auth, system } from '@datafeeds/domain/calls';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { appConfig, makeLinkToken } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { VERIFY_FAILURE_MESSAGE, VERIFY_SUCCESS_MESSAGE } from './verify-email-result';

/** The app asks for the deployment's settings on every page (app/provider.tsx). */
const config = answer(system.config, { body: appConfig });

const token = makeLinkToken('verify');

describe('email verification page', () => {
  it('verifies the token from the link once and says so', async () => {
    const { callsTo } = mockCalls(
      config,
      answer(auth.verifyEmail, { body: { message: 'Your email address is verified.' } }),
    );
    renderApp(`/verify-email?token=${token}`);
    expect(await screen.findByText(VERIFY_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(callsTo(auth.verifyEmail).map((call) => call.body)).toEqual([{ token }]);
  });

  it('explains a failed verification and offers a way on', async () => {
    mockCalls(
      config,
      answer(auth.verifyEmail, {
        status: 400,
        body: {
          error: ERROR_CODES.invalidToken,
          message: 'This verification link is invalid, expired or already used. Request a new one.',
        },
      }),
    );
    renderApp(`/verify-email?token=${token}`);
    expect(await screen.findByText(new RegExp(VERIFY_FAILURE_MESSAGE))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
