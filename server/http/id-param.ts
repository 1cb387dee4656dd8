import { z } from 'zod';

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/** A numeric id in a URL; anything else (zero, signs, decimals, beyond the column) is "not found". */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .refine((id) => id <= MAX_ID);

/** An id as a JSON number, or as a string of digits (forms send strings). */
export const formId = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message),
  );
