import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render';
import { VERIFY_FAILURE_MESSAGE, VERIFY_SUCCESS_MESSAGE } from './verify-email-result';

describe('email verification page', () => {
  it('verifies the token from the link once and says so', async () => {
    const { callsTo } = mockFetch({ 'POST /api/verifyEmail': { body: { message: 'ok' } } });
    renderApp('/verify-email?token=verify-123');
    expect(await screen.findByText(VERIFY_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(callsTo('POST', '/api/verifyEmail').map((call) => call.body)).toEqual([{ token: 'verify-123' }]);
  });

  it('explains a failed verification and offers a way on', async () => {
    mockFetch({
      'POST /api/verifyEmail': { status: 400, body: { error: 'invalid_token', message: 'Expired' } },
    });
    renderApp('/verify-email?token=verify-123');
    expect(await screen.findByText(new RegExp(VERIFY_FAILURE_MESSAGE))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
