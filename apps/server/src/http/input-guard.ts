import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

const NUL_MESSAGE = 'Text must not contain NUL (\\u0000) characters';
const MAX_DEPTH = 64;

/** The path of the first string (value or object key) holding U+0000, or null. */
function findNul(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key];
    if (key.includes('\u0000')) return at;
    const found = findNul(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so such input would fail in the database (a 5xx).
 * It is refused up front as a validation error (DESIGN §4: bad input never produces a 5xx).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const at = findNul(value, []);
      if (at) {
        const field = at.length > 0 ? at.join('.') : part;
        throw new HttpError(422, `${field}: ${NUL_MESSAGE}`, [{ field, message: NUL_MESSAGE }]);
      }
    }
  });
}
