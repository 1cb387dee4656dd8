import type { FastifyPluginAsync } from 'fastify';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { throttledPublisher } from '../../db/changes.ts';
import { AppError } from '../../errors.ts';
import { apiRoutes } from '../../http/api-scope.ts';
import { clientIdOf } from '../../http/client-id.ts';
import { idParam } from '../../http/id-param.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { requireUser } from '../accounts/auth.ts';
import { CATALOG_TOPIC } from '../catalog/service.ts';
import { INVALID_PAGE, linkedPage } from '../paging.ts';
import { sendDrawing } from '../personalisation/drawing-reply.ts';
import { orderDesignFile } from '../personalisation/order-designs.ts';
import { servedDrawing } from '../personalisation/picture-refs.ts';
import { orderDocumentRoutes } from './document-routes.ts';
import { orderListSchema, orderSchema, quoteSchema } from './responses.ts';
import {
  designSide,
  idempotencyKeySchema,
  orderInputSchema,
  ordersQuerySchema,
  quoteInputSchema,
} from './schemas.ts';
import { getOrder, listOrders, type OrdersDeps, placeOrder, quoteFor } from './service.ts';

/** How late the home page's best sellers may be after an order that changed no stock count. */
const BEST_SELLERS_REFRESH_MS = 60_000;

type OrderRoutesOptions = Pick<
  Services,
  | 'db'
  | 'mailer'
  | 'publish'
  | 'publicUrl'
  | 'salesEmail'
  | 'secret'
  | 'orderLimits'
  | 'printFiles'
  | 'cardPayments'
>;

const ordersApi: FastifyPluginAsync<OrderRoutesOptions> = async (app, options) => {
  const bestSellers = throttledPublisher(options.publish, CATALOG_TOPIC, BEST_SELLERS_REFRESH_MS);
  app.addHook('onClose', async () => bestSellers.stop());
  const view = { cardPayments: options.cardPayments !== undefined };
  const deps: OrdersDeps = {
    ...options,
    ...view,
    limits: options.orderLimits,
    publishSoon: bestSellers.request,
  };
  const { db } = deps;

  // Prices a cart from the database (anyone may ask: the cart is kept by signed-out visitors too).
  app.post(
    '/orders/quote/',
    doc({
      summary:
        'Price a cart from the database (signed-out visitors too); with one of the signed-in user’s addresses, its shipping and tax',
      body: quoteInputSchema,
      // 50 lines and 50 printed cards: about 100 KB at the most.
      bodyLimit: 128 * 1024,
      responses: {
        200: {
          description: 'Lines, subtotal, shipping, tax, total and any problems per line.',
          schema: quoteSchema,
        },
        400: 'Not one of the signed-in user’s addresses.',
      },
    }),
    async (request, reply) => {
      const input = parseInput(quoteInputSchema, request.body);
      reply.header('cache-control', 'no-store');
      const user = input.address === undefined ? undefined : await request.currentUser();
      return quoteFor(db, user?.id, input);
    },
  );

  app.post(
    '/orders/',
    doc({
      summary: 'Place an order to a saved address; stock is taken at once',
      auth: 'user',
      body: orderInputSchema,
      // 50 lines and 50 printed cards: about 100 KB at the most.
      bodyLimit: 128 * 1024,
      headers: {
        'idempotency-key': {
          schema: idempotencyKeySchema,
          required: true,
          description: 'One key per checkout: a retry with the same key gets the same order back.',
        },
      },
      responses: {
        201: {
          description: 'The order (header `Idempotent-Replayed: true` on a retry).',
          schema: orderSchema,
        },
        409: 'Out of stock or the card is no longer sold.',
        429: 'Too many orders in a short time.',
      },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const input = parseInput(orderInputSchema, request.body);
      const key = idempotencyKeySchema.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new AppError('bad_request', ORDER_MESSAGES.keyRequired);
      const { order, replayed } = await placeOrder(
        deps,
        user,
        input,
        key.data,
        clientIdOf(options.secret, request),
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).header('cache-control', 'no-store').send(order);
    },
  );

  app.get(
    '/orders/',
    doc({
      summary: 'The signed-in user’s orders, newest first',
      auth: 'user',
      query: ordersQuerySchema,
      responses: { 200: { description: 'A page of orders.', schema: orderListSchema } },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const { page } = parseInput(ordersQuerySchema, request.query, INVALID_PAGE);
      const result = await listOrders(db, user.id, page, view);
      const url = (n: number) => `${deps.publicUrl}/api/orders/?page=${n}`;
      reply.header('cache-control', 'no-store');
      return linkedPage(result, url);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/orders/:id/',
    doc({
      summary: 'One of their orders with its lines',
      auth: 'user',
      params: { id: idParam },
      responses: { 200: { description: 'The order.', schema: orderSchema }, 404: 'Not one of their orders.' },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const id = idParam.safeParse(request.params.id);
      if (!id.success) throw new AppError('not_found', ORDER_MESSAGES.notFound);
      reply.header('cache-control', 'no-store');
      return getOrder(db, user.id, id.data, view);
    },
  );

  app.get<{ Params: { id: string; design: string; side: string } }>(
    '/orders/:id/designs/:design/:side',
    doc({
      summary: 'A printed card of one of their orders as it was ordered: its front or back drawing',
      auth: 'user',
      params: { id: idParam, design: idParam, side: designSide },
      produces: 'image/svg+xml',
      responses: { 200: 'The SVG drawing.', 404: 'Not one of their orders (the firm sees every order’s).' },
    }),
    async (request, reply) => {
      const user = await requireUser(request);
      const orderId = idParam.safeParse(request.params.id);
      const designId = idParam.safeParse(request.params.design);
      const side = designSide.safeParse(request.params.side);
      if (!orderId.success || !designId.success || !side.success) {
        throw new AppError('not_found', ORDER_MESSAGES.notFound);
      }
      const file = await orderDesignFile(db, user, orderId.data, designId.data);
      return sendDrawing(
        reply,
        await servedDrawing(db, side.data === 'front.svg' ? file.frontSvg : file.backSvg),
      );
    },
  );
};

/** The module's routes entry: its API under /api, the customer's invoices and credit notes among it. */
export const ordersRoutes = apiRoutes<OrderRoutesOptions>(async (api, options) => {
  await api.register(ordersApi, options);
  await api.register(orderDocumentRoutes, options);
});
