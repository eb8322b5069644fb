import { CONSOLE_ACTIONS, CONSOLE_REFUSALS } from '@datafeeds/domain';
import { describe, expect, it } from 'vitest';
import { staffPermission } from './use-staff-me';

describe('staffPermission', () => {
  it('lets an admin do every console action', () => {
    for (const action of CONSOLE_ACTIONS)
      expect(staffPermission('admin', action)).toEqual({ allowed: true, reason: undefined });
  });

  it("gives support the policy's sentence for what only an admin may do", () => {
    expect(staffPermission('support', 'extendTrial')).toEqual({ allowed: true, reason: undefined });
    expect(staffPermission('support', 'retryEmail')).toEqual({ allowed: true, reason: undefined });
    expect(staffPermission('support', 'suspendCompany')).toEqual({
      allowed: false,
      reason: CONSOLE_REFUSALS.suspendCompany,
    });
  });

  it('allows nothing, without a reason, while the role is not known', () => {
    expect(staffPermission(undefined, 'extendTrial')).toEqual({ allowed: false, reason: undefined });
  });
});
