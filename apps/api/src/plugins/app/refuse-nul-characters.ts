// A NUL character cannot be stored in a PostgreSQL text column: unrefused, it would reach the database
// and come back as a 500. Refused here for every field of every call — the portal's and the data feed's (design
// §8), body, query and path — with a 400 that names the field, before any schema or service sees it.
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@datafeeds/domain';
import { AppError } from '../../lib/errors.ts';

const MAX_DEPTH = 8;

/** The dotted path of the first string holding a NUL character, or undefined. */
function fieldWithNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
    const found = fieldWithNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export default fp(
  async (app) => {
    // A callback, not an async function: it runs on every call, the data feed's thousands a second.
    app.addHook('preValidation', (request, _reply, done) => {
      const field =
        fieldWithNul(request.body, '') ?? fieldWithNul(request.query, '') ?? fieldWithNul(request.params, '');
      if (field === undefined) {
        done();
        return;
      }
      const name = field || 'The request body';
      const message = `${name} must not contain a NUL character.`;
      done(new AppError(400, ERROR_CODES.validation, message, [{ field: name, message }]));
    });
  },
  { name: 'refuse-nul-characters' },
);
