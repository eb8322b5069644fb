import { auth, users } from '@datafeeds/domain/calls';
import { describe, expect, it, vi } from 'vitest';
import { answer, mockCalls } from '@/testing/call-doubles';
import { makeUser } from '@/testing/fixtures';
import { internalError, unauthorized } from '@/testing/server-errors';
import type { SessionSource } from './session-source';
import { createTransport } from './transport';

/** A session source holding `token`, whose refresh answers `renewed`. */
function sessionOf(token: string | null, renewed: string | null = null, lends = false) {
  return {
    owns: vi.fn<SessionSource['owns']>((access) => access.kind !== 'public'),
    lends: () => lends,
    token: vi.fn(async () => token),
    refresh: vi.fn(async (_refused: string) => renewed),
    end: vi.fn(),
  } satisfies SessionSource;
}

const user = makeUser();

describe('transport', () => {
  it('tries a refused call once more with the token the source renewed', async () => {
    const session = sessionOf('old', 'new');
    const { callsTo } = mockCalls(
      answer(users.getUser, (request) =>
        request.headers.get('Authorization') === 'Bearer new' ? { body: user } : unauthorized(),
      ),
    );
    await expect(createTransport(session)(users.getUser)).resolves.toEqual(user);
    expect(session.refresh).toHaveBeenCalledWith('old');
    expect(callsTo(users.getUser)).toHaveLength(2);
    expect(session.end).not.toHaveBeenCalled();
  });

  it.each([
    ['cannot renew it', null],
    ['gives the refused token back', 'old'],
  ])('ends the session without trying again when the source %s', async (_case, renewed) => {
    const session = sessionOf('old', renewed);
    const { callsTo } = mockCalls(answer(users.getUser, unauthorized()));
    await expect(createTransport(session)(users.getUser)).rejects.toMatchObject({ status: 401 });
    expect(callsTo(users.getUser)).toHaveLength(1);
    expect(session.end).toHaveBeenCalledTimes(1);
  });

  it('renews nothing for a call sent without a token', async () => {
    const session = sessionOf(null, 'new');
    mockCalls(answer(users.getUser, unauthorized()));
    await expect(createTransport(session)(users.getUser)).rejects.toMatchObject({ status: 401 });
    expect(session.refresh).not.toHaveBeenCalled();
    expect(session.end).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a failure that is not a 401', async () => {
    const session = sessionOf('old', 'new');
    mockCalls(answer(users.getUser, internalError()));
    await expect(createTransport(session)(users.getUser)).rejects.toMatchObject({ status: 500 });
    expect(session.refresh).not.toHaveBeenCalled();
    expect(session.end).not.toHaveBeenCalled();
  });

  it('sends no token on a call the session does not own, and its 401 leaves the session alone', async () => {
    const session = sessionOf('old', 'new');
    const { calls } = mockCalls(answer(auth.login, unauthorized()));
    const credentials = { email: 'ada@example.com', password: 'secret-password' };
    await expect(createTransport(session)(auth.login, { body: credentials })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(session.token).not.toHaveBeenCalled();
    expect(session.end).not.toHaveBeenCalled();
  });

  it('lends the token to a call it does not own when the source says so, and still leaves its 401 alone', async () => {
    const session = sessionOf('old', 'new', true);
    const { calls } = mockCalls(answer(auth.login, unauthorized()));
    const credentials = { email: 'ada@example.com', password: 'secret-password' };
    await expect(createTransport(session)(auth.login, { body: credentials })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer old');
    expect(session.refresh).not.toHaveBeenCalled();
    expect(session.end).not.toHaveBeenCalled();
  });
});
