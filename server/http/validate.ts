import type { z } from 'zod';
import { AppError, fieldErrorsFromZod } from '../errors.ts';

/** Parses input at the edge; a failure is a 400 whose `detail` is the first message, with every field's errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, detail?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrorsFromZod(result.error);
  const first = result.error.issues[0]?.message ?? 'Invalid input.';
  throw new AppError('bad_request', detail ?? first, errors);
}
