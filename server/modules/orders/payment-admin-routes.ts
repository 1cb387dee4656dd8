import type { FastifyPluginAsync } from 'fastify';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { recordPayment, recordRefund } from '../payments/ledger.ts';
import { queueReceipt } from '../payments/receipt.ts';
import { manualEntryBody, shipUnpaidBody } from '../payments/schemas.ts';
import { actorOf, idOf, type WithId } from '../staff/guard.ts';
import { getAdminOrder } from './admin-queries.ts';
import { ORDER_ADMIN_MESSAGES } from './fulfilment.ts';
import { adminOrderSchema } from './responses.ts';
import { allowShipUnpaid } from './ship-unpaid.ts';

/** The admin's money panel: payments and refunds recorded by hand, and letting an order ship unpaid. */
export const paymentAdminRoutes: FastifyPluginAsync<Pick<Services, 'db' | 'mailer' | 'publicUrl'>> = async (
  app,
  deps,
) => {
  const { db } = deps;
  app.post<WithId>(
    '/orders/:id/payments/',
    doc({
      summary:
        'Record a payment received, or a refund made, by bank transfer or otherwise (never a card: those go through the card provider); a payment mails the customer a receipt',
      auth: 'admin',
      params: { id: idParam },
      body: manualEntryBody,
      responses: {
        200: { description: 'The order.', schema: adminOrderSchema },
        400: 'The amount, method or date is not right.',
        404: 'No such order.',
        409: 'A refund larger than what was paid and not yet refunded.',
      },
    }),
    async (request) => {
      const id = idOf(request.params.id, ORDER_ADMIN_MESSAGES.notFound);
      const body = parseInput(manualEntryBody, request.body);
      const actor = await actorOf(request);
      const entry = {
        orderId: id,
        method: body.method,
        amountCents: body.amount,
        recordedBy: actor.id,
        note: body.note || null,
        ...(body.received_on ? { receivedAt: new Date(`${body.received_on}T12:00:00Z`) } : {}),
      };
      await db.transaction(async (tx) => {
        if (body.kind === 'refund') {
          await recordRefund(tx, actor, { ...entry, status: 'succeeded' });
          return;
        }
        await queueReceipt(deps, tx, await recordPayment(tx, actor, entry));
      });
      return getAdminOrder(db, id);
    },
  );

  app.post<WithId>(
    '/orders/:id/ship-unpaid/',
    doc({
      summary: 'Let an order ship before it is paid, saying why (audited; shown in its history)',
      auth: 'admin',
      params: { id: idParam },
      body: shipUnpaidBody,
      responses: {
        200: { description: 'The order.', schema: adminOrderSchema },
        400: 'No reason given.',
        404: 'No such order.',
        409: 'The order has already shipped or was cancelled.',
      },
    }),
    async (request) => {
      const id = idOf(request.params.id, ORDER_ADMIN_MESSAGES.notFound);
      const { reason } = parseInput(shipUnpaidBody, request.body);
      await allowShipUnpaid(db, await actorOf(request), id, reason);
      return getAdminOrder(db, id);
    },
  );
};
