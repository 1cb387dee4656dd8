import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { CARD_PAYMENT_MESSAGES as M } from '../../../common/messages/card-payments.ts';
import type { Db } from '../../db/client.ts';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import { priceInCents } from '../catalog/schemas.ts';
import { LEDGER_MESSAGES } from '../payments/ledger.ts';
import { actorOf, idOf, type WithId } from '../staff/guard.ts';
import { refundToCard } from './refunds.ts';
import { cardRefundsSchema } from './responses.ts';
import type { CardPayments } from './stripe-client.ts';

/** The most one refund may be: far above any order, a typo's guard. */
const MAX_REFUND_CENTS = 100_000_000;

const cardRefundBody = z.strictObject({
  amount: z
    .string({ error: M.refundAmount })
    .trim()
    .max(20, M.refundAmount)
    .transform(priceInCents(M.refundAmount, MAX_REFUND_CENTS))
    .refine((cents) => cents > 0, M.refundAmount),
  reason: z.string({ error: M.refundReason }).trim().min(1, M.refundReason).max(500, M.refundReason),
  /** The form submission's own key (a UUID made by the form): the same submission is never refunded twice. */
  request_key: z.string({ error: M.refundKey }).regex(/^[A-Za-z0-9_-]{8,64}$/, M.refundKey),
});

/** The admin's refunds to the card; the admin scope mounts them behind its guard when Stripe is configured. */
export const cardRefundAdminRoutes: FastifyPluginAsync<{ db: Db; cardPayments: CardPayments }> = async (
  app,
  { db, cardPayments },
) => {
  app.post<WithId>(
    '/orders/:id/refunds/',
    doc({
      summary:
        'Give money back to the card through Stripe, newest card payment first; recorded pending until Stripe’s webhook says how it ended',
      auth: 'admin',
      params: { id: idParam },
      body: cardRefundBody,
      responses: {
        200: {
          description:
            'The refunds Stripe made; when a later part failed, what was not refunded and why, in words to show.',
          schema: cardRefundsSchema,
        },
        400: 'Not an amount above zero, or no reason.',
        404: 'No such order.',
        409: 'More than was paid by card and not given back, Stripe refused it, or this submission (request_key) was already sent.',
        503: 'Stripe cannot be reached just now.',
      },
    }),
    async (request) => {
      const id = idOf(request.params.id, LEDGER_MESSAGES.notFound);
      const { amount, reason, request_key } = parseInput(cardRefundBody, request.body);
      return refundToCard(
        {
          db,
          cardPayments,
          warn: (error) => request.log.warn({ err: error }, 'Stripe refund not made'),
        },
        await actorOf(request),
        id,
        amount,
        reason,
        request_key,
      );
    },
  );
};
