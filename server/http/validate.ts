import type { z } from 'zod';
import { AppError, fieldErrorsFromZod, firstZodMessage } from '../errors.ts';

export const NUL_REFUSED = 'Text may not contain NUL characters.';

/** A U+0000 anywhere in a string, a key, or a value nested in arrays and objects. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(inner, depth + 1)) return true;
  }
  return false;
}

/**
 * Parses input at the edge; a failure is a 400 whose `detail` is the first message (or the one given), with
 * every field's errors. Text with U+0000 is refused whatever the schema: PostgreSQL cannot store it, and no
 * form or link can type one.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, detail?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = fieldErrorsFromZod(result.error);
    throw new AppError('bad_request', detail ?? firstZodMessage(result.error), errors);
  }
  if (containsNul(result.data)) {
    const fields = result.data && typeof result.data === 'object' ? Object.entries(result.data) : [];
    const errors = Object.fromEntries(
      fields
        .filter(([key, value]) => containsNul(key) || containsNul(value))
        .map(([key]) => [key, [NUL_REFUSED]]),
    );
    throw new AppError('bad_request', detail ?? NUL_REFUSED, errors);
  }
  return result.data;
}
