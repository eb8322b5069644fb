// The call contracts are complete and consistent: each area file exports calls only (ALL_CALLS is every
// export), each call is named once, and what it declares can be served.
import { describe, expect, it } from 'vitest';
import { CONSOLE_POLICY, ROLE_POLICY } from '../policy.ts';
import * as calls from './index.ts';
import { ALL_CALLS, callName, successStatusOf, type CallDefinition } from './index.ts';

const AREAS = [
  'account',
  'activity',
  'auth',
  'staffConsole',
  'consoleCompanies',
  'consoleTools',
  'dev',
  'system',
  'team',
  'tokens',
  'users',
  'verification',
] as const;

const isCall = (value: unknown): value is CallDefinition =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'operationId' in value &&
  'responses' in value &&
  'errors' in value;

describe('the call contracts', () => {
  it('are every export of every area, and nothing else is exported by an area', () => {
    const exported = AREAS.flatMap((area) => Object.entries(calls[area]));
    for (const [name, value] of exported) expect(isCall(value), `${name} is not a call`).toBe(true);
    expect(ALL_CALLS).toHaveLength(exported.length);
  });

  it('name each call once, by method and path and by operation id', () => {
    const names = ALL_CALLS.map(callName);
    const operations = ALL_CALLS.map((call) => call.operationId);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(operations).size).toBe(operations.length);
  });

  it('declare one success answer each, JSON or a file, and no error status twice', () => {
    for (const call of ALL_CALLS) {
      const successes = Object.keys(call.responses).filter((status) => Number(status) < 300);
      expect(successes.length + (call.file ? 1 : 0), callName(call)).toBe(1);
      expect(
        call.errors.filter((status) => status in call.responses),
        callName(call),
      ).toEqual([]);
      expect(new Set(call.errors).size, callName(call)).toBe(call.errors.length);
      expect(successStatusOf(call), callName(call)).toBeLessThan(300);
    }
  });

  it('guard with actions of the policy table, and refuse callers only where someone may be refused', () => {
    for (const call of ALL_CALLS) {
      if (call.access.kind === 'member' && call.access.action)
        expect(ROLE_POLICY[call.access.action], callName(call)).toBeDefined();
      if (call.access.kind === 'staff' && call.access.action)
        expect(CONSOLE_POLICY[call.access.action], callName(call)).toBeDefined();
      const signedIn = ['signedIn', 'member', 'verifier', 'staff'].includes(call.access.kind);
      if (signedIn) expect(call.errors, `${callName(call)} refuses with 401`).toContain(401);
      if ((call.access.kind === 'member' || call.access.kind === 'staff') && call.access.action)
        expect(call.errors, `${callName(call)} refuses with 403`).toContain(403);
    }
  });
});
