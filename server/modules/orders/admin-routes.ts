import type { FastifyPluginAsync } from 'fastify';
import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation.ts';
import { AppError } from '../../errors.ts';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import { requireUser } from '../accounts/auth.ts';
import { numberedPage } from '../paging.ts';
import { orderDesignFile } from '../personalisation/order-designs.ts';
import { actorOf, idOf, type WithId } from '../staff/guard.ts';
import { getAdminOrder, listAdminOrders } from './admin-queries.ts';
import { adminOrdersQuery, orderStatusBody } from './admin-schemas.ts';
import { changeOrderStatus, type FulfilmentDeps, ORDER_ADMIN_MESSAGES } from './fulfilment.ts';
import { adminOrderPageSchema, adminOrderSchema } from './responses.ts';

/** The admin console's order routes; the admin scope mounts them behind its guard. */
export const orderAdminRoutes: FastifyPluginAsync<FulfilmentDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/orders/',
    doc({
      summary: 'Orders, filtered and paged',
      auth: 'admin',
      query: adminOrdersQuery,
      responses: { 200: { description: 'A page of orders.', schema: adminOrderPageSchema } },
    }),
    async (request) => numberedPage(await listAdminOrders(db, parseInput(adminOrdersQuery, request.query))),
  );
  app.get<WithId>(
    '/orders/:id/',
    doc({
      summary: 'One order with its lines, address and history',
      auth: 'admin',
      params: { id: idParam },
      responses: { 200: { description: 'The order.', schema: adminOrderSchema }, 404: 'No such order.' },
    }),
    async (request) => getAdminOrder(db, idOf(request.params.id, ORDER_ADMIN_MESSAGES.notFound)),
  );
  app.post<WithId>(
    '/orders/:id/status/',
    doc({
      summary:
        'Move an order along an allowed transition; the customer is e-mailed. Marking a Team Pack shipped names the serial of each member card, and each member is mailed a link to claim theirs',
      auth: 'admin',
      params: { id: idParam },
      body: orderStatusBody,
      responses: {
        200: { description: 'The order.', schema: adminOrderSchema },
        400: 'A member card’s serial is missing, unknown, of another product, already used or given.',
        404: 'No such order.',
        409: 'Not an allowed transition from its status now.',
      },
    }),
    async (request) => {
      const id = idOf(request.params.id, ORDER_ADMIN_MESSAGES.notFound);
      const { status, note, serials } = parseInput(orderStatusBody, request.body);
      await changeOrderStatus(deps, await actorOf(request), id, status, note, serials);
      return getAdminOrder(db, id);
    },
  );

  app.get<WithId & { Params: { design: string } }>(
    '/orders/:id/designs/:design/print.pdf',
    doc({
      summary: 'A printed card’s print file: front and back at 300 dpi with 3 mm bleed',
      auth: 'admin',
      params: { id: idParam, design: idParam },
      produces: 'application/pdf',
      responses: { 200: 'The PDF.', 404: 'No such order or card.', 409: 'Its print file is not made yet.' },
    }),
    async (request, reply) => {
      const id = idOf(request.params.id, ORDER_ADMIN_MESSAGES.notFound);
      const design = idOf(request.params.design, ORDER_ADMIN_MESSAGES.notFound);
      const file = await orderDesignFile(db, await requireUser(request), id, design);
      if (!file.printPdf) throw new AppError('conflict', PERSONALISATION_MESSAGES.printFileNotReady);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${file.orderNumber}-card-${file.position + 1}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(file.printPdf);
    },
  );
};
