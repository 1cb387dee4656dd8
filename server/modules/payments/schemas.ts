import { z } from 'zod';
import { priceToCents } from '../../../common/money.ts';

const PAYMENT_FORM_MESSAGES = {
  kind: 'Choose a payment received or a refund.',
  method: 'Choose bank transfer or other: card money moves only through the card provider.',
  amount: 'Enter an amount, such as 20 or 20.50.',
  date: 'Enter the date as YYYY-MM-DD.',
  future: 'The date cannot be in the future.',
  note: 'The note is at most 500 characters.',
  reason: 'Say in a few words why the order may ship before it is paid.',
  reasonLong: 'The reason is at most 500 characters.',
} as const;
const M = PAYMENT_FORM_MESSAGES;

/** A payment received or a refund made by hand, of money that did not move by card. */
export const manualEntryBody = z.strictObject({
  kind: z.enum(['payment', 'refund'], { error: M.kind }),
  method: z.enum(['bank_transfer', 'other'], { error: M.method }),
  amount: z
    .string({ error: M.amount })
    .trim()
    .max(20, M.amount)
    .transform((value, context) => {
      const cents = priceToCents(value.replace(/^\$/, ''));
      if (cents === undefined || cents <= 0 || cents > 100_000_000) {
        context.addIssue({ code: 'custom', message: M.amount });
        return z.NEVER;
      }
      return cents;
    }),
  /** When the money moved (a UTC day); today when not given. */
  received_on: z
    .string({ error: M.date })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.date)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), M.date)
    .refine((value) => Date.parse(`${value}T00:00:00Z`) <= Date.now(), M.future)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  note: z.string({ error: M.note }).trim().max(500, M.note).optional().default(''),
});

export const shipUnpaidBody = z.strictObject({
  reason: z.string({ error: M.reason }).trim().min(3, M.reason).max(500, M.reasonLong),
});
