import { z } from 'zod';

/** `POST /api/orders/{id}/pay/`. */
export const cardCheckoutSchema = z
  .strictObject({ url: z.url().describe('Stripe’s hosted payment page: send the browser there.') })
  .meta({ id: 'CardCheckout' });
export type CardCheckout = z.output<typeof cardCheckoutSchema>;

/** `POST /api/payments/stripe/webhook/`. */
export const webhookReceivedSchema = z
  .strictObject({ received: z.literal(true) })
  .meta({ id: 'WebhookReceived' });

/** `POST /api/admin/orders/{id}/refunds/`. */
export const cardRefundsSchema = z
  .strictObject({
    refunds: z.array(
      z.strictObject({
        id: z.string().describe('Stripe’s Refund id (re_…).'),
        amount_cents: z.number().int(),
        status: z
          .string()
          .describe(
            'Stripe’s status: succeeded (counted at once), or pending until the webhook says how it ended.',
          ),
        payment_intent: z.string(),
      }),
    ),
    unrefunded_cents: z
      .number()
      .int()
      .describe('What was asked and not refunded because a later part failed.'),
    message: z
      .string()
      .nullable()
      .describe('When a part failed: what was and was not refunded, in words to show.'),
  })
  .meta({ id: 'CardRefunds' });
export type CardRefunds = z.output<typeof cardRefundsSchema>;
