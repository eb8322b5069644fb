// The signed-in user's call, which every signed-in screen waits for: the entry asks for it when the
// first address is one (../early-call.ts), and the user query (./user.ts) takes that answer.
import type { User } from '@datafeeds/domain';
import { users } from '@datafeeds/domain/calls';
import { call } from '../api-client';
import { isHttpError } from '../api-errors';
import { earlyCall } from '../early-call';

/**
 * The signed-in user; `null` for an identity imported from the sister product without a portal profile
 * (GetUser's 404).
 */
async function fetchUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await call(users.getUser, {}, { signal });
  } catch (error) {
    if (isHttpError(error, 404)) return null;
    throw error;
  }
}

export const earlyUser = earlyCall(fetchUser);
