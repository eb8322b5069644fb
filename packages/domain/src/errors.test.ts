import { describe, expect, it } from 'vitest';
import { errorResponseSchema } from './error-schemas.ts';
import { isErrorResponse } from './errors.ts';

const bodies: [string, unknown][] = [
  ['a minimal error', { error: 'not_found', message: 'No route.' }],
  [
    'an error with details',
    { error: 'validation_failed', message: 'Bad.', details: [{ field: 'email', message: 'x' }] },
  ],
  ['an error with empty details', { error: 'validation_failed', message: 'Bad.', details: [] }],
  ['extra keys', { error: 'conflict', message: 'Taken.', retryAfter: 3 }],
  ['a missing message', { error: 'conflict' }],
  ['a numeric error', { error: 404, message: 'x' }],
  ['details that are not a list', { error: 'e', message: 'm', details: { field: 'a', message: 'b' } }],
  ['a detail without a message', { error: 'e', message: 'm', details: [{ field: 'a' }] }],
  ['a detail that is not an object', { error: 'e', message: 'm', details: ['a'] }],
  ['null details', { error: 'e', message: 'm', details: null }],
  ['a replaced client ID', { error: 'not_found', message: 'm', replacedBy: 'dfc_new' }],
  ['a replacement that is not a string', { error: 'not_found', message: 'm', replacedBy: 5 }],
  ['null', null],
  ['a string', 'Internal Server Error'],
  ['an array', [{ error: 'e', message: 'm' }]],
  ['nothing', undefined],
];

describe('isErrorResponse', () => {
  it.each(bodies)('agrees with errorResponseSchema on %s', (_case, body) => {
    expect(isErrorResponse(body)).toBe(errorResponseSchema.safeParse(body).success);
  });

  it('accepts the error shape and refuses the rest', () => {
    expect(isErrorResponse({ error: 'not_found', message: 'No route.' })).toBe(true);
    expect(isErrorResponse({ error: 'not_found' })).toBe(false);
  });
});
