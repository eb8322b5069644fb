import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_EMAIL_ROLES,
  TEAM_MESSAGES,
  handOverRefusal,
  receivesAccountEmails,
  removalRefusal,
  roleChangeRefusal,
  roleWithArticle,
} from './team.ts';
import type { CompanyRole } from './policy.ts';

describe('roleWithArticle', () => {
  it('names a role as a sentence does, with its article', () => {
    expect(roleWithArticle('owner')).toBe('an owner');
    expect(roleWithArticle('admin')).toBe('an admin');
    expect(roleWithArticle('member')).toBe('a member');
  });
});

describe('the rules about the member a change is for', () => {
  it.each<[CompanyRole, string | null]>([
    ['owner', TEAM_MESSAGES.cannotChangeOwner],
    ['admin', null],
    ['member', null],
  ])('changing the role of %s: %s', (role, refusal) => {
    expect(roleChangeRefusal({ role })).toBe(refusal);
  });

  it.each<[string, CompanyRole, string | null]>([
    ['someone else', 'owner', TEAM_MESSAGES.cannotRemoveOwner],
    ['someone else', 'admin', null],
    ['someone else', 'member', null],
    // The owner removing themselves reads as the owner rule: ownership has to be handed over first.
    ['the caller', 'owner', TEAM_MESSAGES.cannotRemoveOwner],
    ['the caller', 'admin', TEAM_MESSAGES.cannotRemoveSelf],
    ['the caller', 'member', TEAM_MESSAGES.cannotRemoveSelf],
  ])('removing %s, %s: %s', (who, role, refusal) => {
    const target = { id: who === 'the caller' ? 'caller-id' : 'other-id', role };
    expect(removalRefusal('caller-id', target)).toBe(refusal);
  });

  it.each<[CompanyRole, string | null]>([
    ['owner', TEAM_MESSAGES.transferToAdminOnly],
    ['admin', null],
    ['member', TEAM_MESSAGES.transferToAdminOnly],
  ])('handing ownership to %s: %s', (role, refusal) => {
    expect(handOverRefusal({ role })).toBe(refusal);
  });
});

describe('who receives the account emails', () => {
  it.each<[CompanyRole, boolean]>([
    ['owner', true],
    ['admin', true],
    ['member', false],
  ])('%s: %s', (role, receives) => {
    expect(receivesAccountEmails(role)).toBe(receives);
    expect(ACCOUNT_EMAIL_ROLES.includes(role)).toBe(receives);
  });
});
