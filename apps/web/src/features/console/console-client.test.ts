import { ERROR_CODES } from '@datafeeds/domain';
import * as staffConsole from '@datafeeds/domain/calls/console';
import { describe, expect, it } from 'vitest';
import { setToken } from '@/lib/auth/session-store';
import { answer, mockCalls } from '@/testing/call-doubles';
import { consoleCall, getStaffToken, setStaffToken } from './console-client';

const staff = { id: 'staff-1', email: 'ada@datafeeds.example', role: 'admin' } as const;
const expired = { error: ERROR_CODES.unauthorized, message: 'Sign in again.' };

describe('console client', () => {
  it('sends the staff token, never the customer’s', async () => {
    setToken('customer-token');
    setStaffToken('staff-token');
    const { callsTo } = mockCalls(answer(staffConsole.getStaffMe, { body: staff }));
    await expect(consoleCall(staffConsole.getStaffMe)).resolves.toEqual(staff);
    expect(callsTo(staffConsole.getStaffMe)[0]?.headers.get('Authorization')).toBe('Bearer staff-token');
  });

  it('renews an expired staff token from the refresh cookie once and tries again', async () => {
    setStaffToken('old-token');
    const { callsTo } = mockCalls(
      answer(staffConsole.getStaffMe, (request) =>
        request.headers.get('Authorization') === 'Bearer new-token'
          ? { body: staff }
          : { status: 401, body: expired },
      ),
      answer(staffConsole.consoleRefresh, { body: { token: 'new-token' } }),
    );
    await expect(consoleCall(staffConsole.getStaffMe)).resolves.toEqual(staff);
    expect(callsTo(staffConsole.consoleRefresh)).toHaveLength(1);
    expect(getStaffToken()).toBe('new-token');
  });

  it('ends the staff session when the refresh cookie is refused', async () => {
    setStaffToken('old-token');
    mockCalls(
      answer(staffConsole.getStaffMe, { status: 401, body: expired }),
      answer(staffConsole.consoleRefresh, { status: 401, body: expired }),
    );
    await expect(consoleCall(staffConsole.getStaffMe)).rejects.toMatchObject({ status: 401 });
    expect(getStaffToken()).toBeNull();
  });
});
