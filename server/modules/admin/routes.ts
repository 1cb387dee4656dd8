import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { idParam } from '../../http/id-param.ts';
import { readImageForm } from '../../http/multipart-form.ts';
import { doc } from '../../http/openapi.ts';
import { parseInput } from '../../http/validate.ts';
import type { Mailer } from '../../mail/index.ts';
import { CARD_COVER, countUpload } from '../../storage/image-upload.ts';
import type { MediaStorage } from '../../storage/index.ts';
import { MESSAGES } from '../accounts/service.ts';
import type { Sessions } from '../accounts/sessions.ts';
import { batchCsv, ImportError } from '../registry/batches.ts';
import { type Actor, listAudit } from './audit.ts';
import { createCard, getAdminCard, listAdminCards, updateCard } from './catalog.ts';
import {
  CARD_FIELD_MESSAGES,
  cardChangesSchema,
  newCardFormFields,
  newCardSchema,
} from './catalog-schemas.ts';
import { dashboard } from './dashboard.ts';
import { changeLead, LEAD_NOT_FOUND, listLeads } from './leads.ts';
import { changeOrderStatus, getAdminOrder, listAdminOrders, ORDER_ADMIN_MESSAGES } from './orders.ts';
import { changeSerial, generateSerials, getSerial, importSerials, listSerials } from './registry.ts';
import {
  auditQuery,
  batchBody,
  dashboardQuery,
  FORBIDDEN,
  importBody,
  leadChangeBody,
  leadsQuery,
  orderStatusBody,
  ordersQuery,
  pageQuery,
  serialActionBody,
  serialsQuery,
  userChangeBody,
  usersQuery,
} from './schemas.ts';
import { changeUser, getAdminUser, listUsers, USER_ADMIN_MESSAGES } from './users.ts';

export interface AdminRoutesOptions {
  db: Db;
  mailer: Mailer;
  sessions: Sessions;
  storage: MediaStorage;
  publish(topic: string): Promise<void>;
  publicUrl: string;
}

async function actorOf(request: FastifyRequest): Promise<Actor> {
  const user = await request.currentUser();
  if (!user) throw new AppError('unauthorized', MESSAGES.notSignedIn);
  if (user.role !== 'admin') throw new AppError('forbidden', FORBIDDEN);
  return { id: user.id, email: user.email };
}

function idOf(value: string, notFound: string): number {
  const parsed = idParam.safeParse(value);
  if (!parsed.success) throw new AppError('not_found', notFound);
  return parsed.data;
}

type WithId = { Params: { id: string } };

/**
 * The admin console's API. Every route here is for signed-in admins only: the check runs on every request
 * of this scope before its body is read, so no route can be added without it.
 */
export const adminRoutes: FastifyPluginAsync<AdminRoutesOptions> = async (app, deps) => {
  const { db } = deps;
  app.addHook('onRequest', async (request) => {
    await actorOf(request);
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/dashboard/',
    doc({
      summary: 'Orders, revenue, users, verifications and leads per day',
      auth: 'admin',
      query: dashboardQuery,
      responses: { 200: 'The figures.' },
    }),
    async (request) => {
      const { days } = parseInput(dashboardQuery, request.query);
      return dashboard(db, days);
    },
  );

  app.get(
    '/audit/',
    doc({
      summary: 'The audit log of admin changes, newest first',
      auth: 'admin',
      query: auditQuery,
      responses: { 200: 'A page of entries.' },
    }),
    async (request) => {
      const query = parseInput(auditQuery, request.query);
      return listAudit(
        db,
        query.page,
        query.target_type && query.target_id ? { type: query.target_type, id: query.target_id } : undefined,
      );
    },
  );

  // Orders
  app.get(
    '/orders/',
    doc({
      summary: 'Orders, filtered and paged',
      auth: 'admin',
      query: ordersQuery,
      responses: { 200: 'A page of orders.' },
    }),
    async (request) => listAdminOrders(db, parseInput(ordersQuery, request.query)),
  );
  app.get<WithId>(
    '/orders/:id/',
    doc({
      summary: 'One order with its lines, address and history',
      auth: 'admin',
      params: { id: idParam },
      responses: { 200: 'The order.', 404: 'No such order.' },
    }),
    async (request) => getAdminOrder(db, idOf(request.params.id, ORDER_ADMIN_MESSAGES.notFound)),
  );
  app.post<WithId>(
    '/orders/:id/status/',
    doc({
      summary: 'Move an order along an allowed transition; the customer is e-mailed',
      auth: 'admin',
      params: { id: idParam },
      body: orderStatusBody,
      responses: {
        200: 'The order.',
        404: 'No such order.',
        409: 'Not an allowed transition from its status now.',
      },
    }),
    async (request) => {
      const id = idOf(request.params.id, ORDER_ADMIN_MESSAGES.notFound);
      const { status, note } = parseInput(orderStatusBody, request.body);
      return changeOrderStatus(deps, await actorOf(request), id, status, note);
    },
  );

  // Catalogue
  app.get(
    '/cards/',
    doc({
      summary: 'Every card, active or not',
      auth: 'admin',
      query: pageQuery,
      responses: { 200: 'A page of cards.' },
    }),
    async (request) => {
      const { page, search } = parseInput(pageQuery, request.query);
      return listAdminCards(db, page, search);
    },
  );
  app.get<WithId>(
    '/cards/:id/',
    doc({
      summary: 'One card as the edit form shows it',
      auth: 'admin',
      params: { id: idParam },
      responses: { 200: 'The card.', 404: 'No such card.' },
    }),
    async (request) => getAdminCard(db, idOf(request.params.id, CARD_FIELD_MESSAGES.notFound)),
  );
  app.post(
    '/cards/',
    doc({
      summary: `Create a card (multipart form, optional \`${CARD_COVER.field}\` image)`,
      auth: 'admin',
      multipart: { fields: newCardFormFields, fileField: CARD_COVER.field },
      responses: { 201: 'The card.', 409: 'The slug or SKU is taken.', 413: 'The image is too large.' },
    }),
    async (request, reply) => {
      const actor = await actorOf(request);
      const { fields, file } = await readImageForm(request, CARD_COVER, 'card');
      if (file) await countUpload(db, actor.id);
      const card = await createCard(deps, actor, parseInput(newCardSchema, fields), file);
      return reply.status(201).send(card);
    },
  );
  app.patch<WithId>(
    '/cards/:id/',
    doc({
      summary: 'Change a card (multipart form: only the fields that change)',
      auth: 'admin',
      params: { id: idParam },
      multipart: { fields: cardChangesSchema, fileField: CARD_COVER.field },
      responses: {
        200: 'The card.',
        404: 'No such card.',
        409: 'The slug or SKU is taken.',
        413: 'The image is too large.',
      },
    }),
    async (request) => {
      const actor = await actorOf(request);
      const id = idOf(request.params.id, CARD_FIELD_MESSAGES.notFound);
      const { fields, file } = await readImageForm(request, CARD_COVER, 'card');
      if (file) await countUpload(db, actor.id);
      return updateCard(deps, actor, id, parseInput(cardChangesSchema, fields), file);
    },
  );

  // Registry
  app.get(
    '/serials/',
    doc({
      summary: 'Serial numbers, filtered and paged',
      auth: 'admin',
      query: serialsQuery,
      responses: { 200: 'A page of serials.' },
    }),
    async (request) => listSerials(db, parseInput(serialsQuery, request.query)),
  );
  app.post(
    '/serials/batch/',
    doc({
      summary: 'Generate a batch of serials for a SKU; answers the CSV to print',
      auth: 'admin',
      body: batchBody,
      produces: 'text/csv',
      responses: { 201: 'The batch as CSV.' },
    }),
    async (request, reply) => {
      const { sku, count } = parseInput(batchBody, request.body);
      const rows = await generateSerials(db, await actorOf(request), sku, count);
      const file = `serials-${sku.toLowerCase().replace(/[^a-z0-9-]/g, '')}-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply
        .status(201)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file}"`)
        .send(batchCsv(rows, deps.publicUrl));
    },
  );
  app.post(
    '/serials/import/',
    doc({
      summary: 'Import serials from CSV text (all rows or none)',
      auth: 'admin',
      body: importBody,
      responses: { 201: 'How many were imported.' },
    }),
    async (request, reply) => {
      const { csv } = parseInput(importBody, request.body);
      try {
        const imported = await importSerials(db, await actorOf(request), csv);
        return reply.status(201).send({ imported, detail: `Imported ${imported} serial numbers.` });
      } catch (error) {
        if (error instanceof ImportError) {
          throw new AppError('bad_request', 'Nothing was imported: fix these rows and try again.', {
            csv: error.problems,
          });
        }
        throw error;
      }
    },
  );
  app.get<{ Params: { serial: string } }>(
    '/serials/:serial/',
    doc({
      summary: 'One serial with its verification history and claimer',
      auth: 'admin',
      responses: { 200: 'The serial.', 404: 'No such serial.' },
    }),
    async (request) => getSerial(db, request.params.serial),
  );
  app.post<{ Params: { serial: string } }>(
    '/serials/:serial/',
    doc({
      summary: 'Block, unblock or reset the count of a serial',
      auth: 'admin',
      body: serialActionBody,
      responses: { 200: 'The serial.', 404: 'No such serial.' },
    }),
    async (request) => {
      const { action } = parseInput(serialActionBody, request.body);
      return changeSerial(db, await actorOf(request), request.params.serial, action);
    },
  );

  // Users
  app.get(
    '/users/',
    doc({
      summary: 'Users, searched and paged',
      auth: 'admin',
      query: usersQuery,
      responses: { 200: 'A page of users.' },
    }),
    async (request) => listUsers(db, parseInput(usersQuery, request.query)),
  );
  app.get<WithId>(
    '/users/:id/',
    doc({
      summary: 'One user with their orders and cards',
      auth: 'admin',
      params: { id: idParam },
      responses: { 200: 'The user.', 404: 'No such user.' },
    }),
    async (request) => getAdminUser(db, idOf(request.params.id, USER_ADMIN_MESSAGES.notFound)),
  );
  app.patch<WithId>(
    '/users/:id/',
    doc({
      summary:
        'Disable (with a reason; ends their sessions and hides their card) or re-enable a user, or change their role',
      auth: 'admin',
      params: { id: idParam },
      body: userChangeBody,
      responses: { 200: 'The user.', 404: 'No such user.', 409: 'That would leave no active admin.' },
    }),
    async (request) => {
      const id = idOf(request.params.id, USER_ADMIN_MESSAGES.notFound);
      const change = parseInput(userChangeBody, request.body);
      return changeUser(db, deps, await actorOf(request), id, change);
    },
  );

  // Leads
  app.get(
    '/leads/',
    doc({
      summary: 'Contact and consultation messages, filtered and paged',
      auth: 'admin',
      query: leadsQuery,
      responses: { 200: 'A page of leads.' },
    }),
    async (request) => listLeads(db, parseInput(leadsQuery, request.query)),
  );
  app.patch<WithId>(
    '/leads/:id/',
    doc({
      summary: 'Mark a lead handled, or new again',
      auth: 'admin',
      params: { id: idParam },
      body: leadChangeBody,
      responses: { 200: 'The lead.', 404: 'No such lead.' },
    }),
    async (request) => {
      const id = idOf(request.params.id, LEAD_NOT_FOUND);
      const { status } = parseInput(leadChangeBody, request.body);
      return changeLead(db, await actorOf(request), id, status);
    },
  );
};
