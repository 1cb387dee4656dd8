import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { CARD_PAYMENT_MESSAGES as M } from '../../../common/messages/card-payments.ts';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { AppError } from '../../errors.ts';
import { apiRoutes } from '../../http/api-scope.ts';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import type { Services } from '../../services.ts';
import { requireUser } from '../accounts/auth.ts';
import { startCheckout } from './checkout.ts';
import { cardCheckoutSchema, webhookReceivedSchema } from './responses.ts';
import { handleStripeEvent } from './webhook.ts';

/** Stripe's events are a few KB; a checkout.session.completed with every field is under 10 KB. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

type CardRoutesOptions = Pick<Services, 'db' | 'cardPayments' | 'publicUrl' | 'orderLimits' | 'mailer'>;

/**
 * "Pay now" and Stripe's webhook; registered only when card payments are configured, so without Stripe keys
 * both paths are the API's plain 404.
 */
const cardPaymentsApi: FastifyPluginAsync<CardRoutesOptions> = async (app, options) => {
  const { db, cardPayments } = options;
  if (!cardPayments) return;

  app.post<{ Params: { id: string } }>(
    '/orders/:id/pay/',
    doc({
      summary: 'Pay what one of their orders owes by card: a Stripe Checkout page to send the browser to',
      auth: 'user',
      params: { id: idParam },
      responses: {
        200: { description: 'The hosted payment page.', schema: cardCheckoutSchema },
        404: 'Not one of their orders, or card payments are not offered.',
        409: 'Nothing is owed, or the order was cancelled.',
        429: 'Too many card payments started in a short time.',
        503: 'Stripe cannot be reached just now.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const id = idParam.safeParse(request.params.id);
      if (!id.success) throw new AppError('not_found', ORDER_MESSAGES.notFound);
      const answer = await startCheckout(
        {
          db,
          cardPayments,
          publicUrl: options.publicUrl,
          limit: options.orderLimits.perUser,
          warn: (error) => request.log.warn({ err: error }, 'Stripe Checkout session not created'),
        },
        user.id,
        id.data,
      );
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  // Stripe signs the body's exact bytes: this scope alone reads JSON as raw text and leaves parsing to the
  // library, after the signature holds.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/payments/stripe/webhook/',
      doc({
        summary:
          'Stripe’s signed events (checkout.session.completed, checkout.session.async_payment_succeeded, refund.created, refund.updated, refund.failed, charge.refund.updated, charge.refunded)',
        bodyLimit: WEBHOOK_BODY_LIMIT,
        responses: {
          200: { description: 'Handled, or already handled before.', schema: webhookReceivedSchema },
          400: 'The Stripe-Signature header is missing, wrong or too old.',
          503: 'The payment a refund is about is not recorded yet: Stripe sends it again later.',
        },
      }),
      async (request) => {
        const signature = request.headers['stripe-signature'];
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string')
          throw new AppError('bad_request', M.badSignature);
        let event: Stripe.Event;
        try {
          event = cardPayments.stripe.webhooks.constructEvent(
            request.body,
            signature,
            cardPayments.webhookSecret,
          );
        } catch {
          throw new AppError('bad_request', M.badSignature);
        }
        const outcome = await handleStripeEvent(
          db,
          event,
          (why, objectId) =>
            request.log.info({ event: event.id, object: objectId }, `Stripe event ignored: ${why}`),
          { mailer: options.mailer, publicUrl: options.publicUrl },
        );
        request.log.info({ event: event.id, type: event.type, outcome }, 'Stripe event');
        return { received: true as const };
      },
    );
  });
};

export const cardPaymentsRoutes = apiRoutes(cardPaymentsApi);
