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
          .describe('Stripe’s status: pending until the webhook says it succeeded or failed.'),
        payment_intent: z.string(),
      }),
    ),
  })
  .meta({ id: 'CardRefunds' });
export type CardRefunds = z.output<typeof cardRefundsSchema>;
