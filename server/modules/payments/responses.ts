import { z } from 'zod';
import { PAYMENT_STATES } from '../../../common/payment-state.ts';
import { PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../db/schema/index.ts';

const price = z.string().describe('In the shop’s currency, two decimals.');

/** What an order's money comes to, for the buyer and the firm alike. */
export const orderPaymentSchema = z
  .strictObject({
    state: z.enum(PAYMENT_STATES),
    words: z.string().describe('The state in a word or two: "Unpaid", "Overdue 3 days", "Paid".'),
    sentence: z
      .string()
      .describe(
        'The state in a sentence: "Partly paid: $20.00 of $50.00", "Overpaid by $1.00: we will refund it".',
      ),
    charged: price.describe('The total less what credit notes took back; 0.00 for a cancelled order.'),
    paid: price.describe('Every payment received.'),
    refunded: price.describe('Every refund made.'),
    owed: price.describe('Still to pay; 0.00 when paid or overpaid.'),
    owed_back: price.describe('What the firm owes back (an overpayment); 0.00 otherwise.'),
    due_at: z.iso
      .datetime()
      .nullable()
      .describe('When the invoice is due; null until the order is invoiced.'),
    overdue_days: z
      .number()
      .int()
      .describe('Whole days past the due date while something is owed; 0 otherwise.'),
    rf_reference: z
      .string()
      .describe('The reference a bank transfer quotes, printed form: "RF18 NX7K 3M9Q 2P".'),
  })
  .meta({ id: 'OrderPayment' });
export type OrderPayment = z.output<typeof orderPaymentSchema>;

/** A payment or refund on an order, as the admin's money panel lists it. */
export const paymentEntrySchema = z
  .strictObject({
    id: z.number().int(),
    kind: z.enum(PAYMENT_KINDS),
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES),
    amount: price,
    received_at: z.iso.datetime(),
    note: z.string().nullable(),
    by: z
      .string()
      .nullable()
      .describe("The admin's e-mail; null for Stripe, a statement import, or an account gone."),
  })
  .meta({ id: 'PaymentEntry' });
export type PaymentEntry = z.output<typeof paymentEntrySchema>;

/** What invoiced orders still owe, by the age of the debt: the dashboard's block. */
const owedBucketSchema = z
  .strictObject({
    label: z.string().describe('"0–30 days", "31–60 days", "Over 60 days".'),
    from: z.number().int().describe('Days since the invoice, from.'),
    to: z.number().int().nullable().describe('Days since the invoice, to (inclusive); null: no end.'),
    count: z.number().int(),
    amount: z.string().describe('In the shop’s currency, two decimals.'),
  })
  .meta({ id: 'OwedBucket' });

export const owedByAgeSchema = z
  .strictObject({
    count: z.number().int().describe('Invoiced orders that still owe money.'),
    total: z.string().describe('What they owe in all, in the shop’s currency with two decimals.'),
    buckets: z.array(owedBucketSchema).describe('By the age of the debt since its invoice’s date.'),
  })
  .meta({ id: 'OwedByAge' });
export type OwedByAge = z.output<typeof owedByAgeSchema>;
