import { describe, expect, it } from 'vitest';
import { changedProfileFields, type ProfileFormValues } from './changed-fields';

const user = { firstName: 'Ada', lastName: 'Lovelace', companyName: 'Engines Ltd' };
const unchanged: ProfileFormValues = { ...user, currentPassword: '', newPassword: '', confirmPassword: '' };

describe('changedProfileFields', () => {
  it('returns null when nothing changed', () => {
    expect(changedProfileFields(user, unchanged)).toBeNull();
  });

  it('treats surrounding spaces as no change', () => {
    expect(changedProfileFields(user, { ...unchanged, firstName: ' Ada ' })).toBeNull();
  });

  it('keeps only the fields that changed', () => {
    expect(changedProfileFields(user, { ...unchanged, companyName: 'Analytical Engines' })).toEqual({
      companyName: 'Analytical Engines',
    });
  });

  it('sends the password pair only when a new password is given', () => {
    expect(
      changedProfileFields(user, {
        ...unchanged,
        currentPassword: 'old-secret',
        newPassword: 'new-secret',
        confirmPassword: 'new-secret',
      }),
    ).toEqual({ currentPassword: 'old-secret', newPassword: 'new-secret' });
  });
});
