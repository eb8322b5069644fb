import { describe, expect, it } from 'vitest';
import { roleWithArticle } from './team.ts';

describe('roleWithArticle', () => {
  it('names a role as a sentence does, with its article', () => {
    expect(roleWithArticle('owner')).toBe('an owner');
    expect(roleWithArticle('admin')).toBe('an admin');
    expect(roleWithArticle('member')).toBe('a member');
  });
});
