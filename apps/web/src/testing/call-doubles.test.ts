// The API doubles' own guarantees: a call that no double answers is noted — in a test that installed
// doubles for other calls and in one that installed none — so setup-tests.ts fails the test, rather than
// the call reaching the real `fetch` (a refused connection, or whatever listens there) unseen.
import { users } from '@datafeeds/domain/calls';
import { describe, expect, it } from 'vitest';
import { answer, mockCalls, takeUnansweredCalls } from './call-doubles';

describe('a call no double answers', () => {
  it('is noted when the test installed no doubles at all, and never reaches a server', async () => {
    const response = await fetch('/api/GetUser?x=1', { method: 'get' });
    expect(response.status).toBe(404);
    // Taken here, so this test's own after-each check finds none left: the check is what fails a test.
    expect(takeUnansweredCalls()).toEqual(['GET /api/GetUser']);
  });

  it('is noted beside the calls the installed doubles answer', async () => {
    mockCalls(answer(users.checkEmailRegistered, { body: { emailRegistered: false } }));
    const answered = await fetch(`${users.checkEmailRegistered.path}?email=a%40b.example`);
    expect(answered.status).toBe(200);
    await fetch('/api/GetQuota');
    expect(takeUnansweredCalls()).toEqual(['GET /api/GetQuota']);
  });
});
