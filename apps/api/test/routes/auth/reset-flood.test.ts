// One inbox cannot be flooded with reset emails from many addresses: at most RESET_EMAILS_PER_ADDRESS
// reach it per window, and the answer never changes, so nothing tells whether an address is known.
import { describe, expect, it } from 'vitest';
import { auth } from '@datafeeds/domain/calls';
import { RESET_EMAILS_PER_ADDRESS } from '../../../src/plugins/app/users/recovery-service.ts';
import { buildTestApp } from '../../helpers/build-test-app.ts';
import { callTo, mailbox, registerUser } from '../../helpers/factories.ts';

const app = await buildTestApp();
const forgot = (email: string, from: string) =>
  app.inject({ ...callTo(auth.forgotPassword), payload: { email }, remoteAddress: from });

const resetEmailsTo = async (email: string) =>
  (await mailbox(app)).filter((message) => message.to === email && /reset/i.test(message.subject)).length;

describe('reset requests per email address', () => {
  it('send at most the limit per window, whoever asks, with the same answer every time', async () => {
    const { registration } = await registerUser(app);
    const other = await registerUser(app);
    const answers = [];
    for (let call = 0; call < RESET_EMAILS_PER_ADDRESS.max + 3; call += 1) {
      answers.push(await forgot(registration.email.toUpperCase(), `203.0.113.${call + 1}`));
    }
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
    expect(answers[0]?.statusCode).toBe(200);
    await forgot(other.registration.email, '203.0.113.99');
    await app.recovery.drain();
    expect(await resetEmailsTo(registration.email)).toBe(RESET_EMAILS_PER_ADDRESS.max);
    expect(await resetEmailsTo(other.registration.email)).toBe(1);
  });
});
