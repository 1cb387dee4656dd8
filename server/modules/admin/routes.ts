import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { readImageForm } from '../../http/multipart-form.ts';
import { parseInput } from '../../http/validate.ts';
import type { Mailer } from '../../mail/index.ts';
import { CARD_COVER } from '../../storage/image-upload.ts';
import type { MediaStorage } from '../../storage/index.ts';
import { MESSAGES } from '../accounts/service.ts';
import type { Sessions } from '../accounts/sessions.ts';
import { batchCsv, ImportError } from '../registry/batches.ts';
import { type Actor, listAudit } from './audit.ts';
import { createCard, getAdminCard, listAdminCards, updateCard } from './catalog.ts';
import { CARD_FIELD_MESSAGES, cardChangesSchema, newCardSchema } from './catalog-schemas.ts';
import { dashboard } from './dashboard.ts';
import { changeLead, LEAD_NOT_FOUND, listLeads } from './leads.ts';
import { changeOrderStatus, getAdminOrder, listAdminOrders, ORDER_ADMIN_MESSAGES } from './orders.ts';
import { changeSerial, generateSerials, getSerial, importSerials, listSerials } from './registry.ts';
import {
  auditQuery,
  batchBody,
  dashboardQuery,
  FORBIDDEN,
  idParam,
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

  app.get('/dashboard/', async (request) => {
    const { days } = parseInput(dashboardQuery, request.query);
    return dashboard(db, days);
  });

  app.get('/audit/', async (request) => {
    const query = parseInput(auditQuery, request.query);
    return listAudit(
      db,
      query.page,
      query.target_type && query.target_id ? { type: query.target_type, id: query.target_id } : undefined,
    );
  });

  // Orders
  app.get('/orders/', async (request) => listAdminOrders(db, parseInput(ordersQuery, request.query)));
  app.get<WithId>('/orders/:id/', async (request) =>
    getAdminOrder(db, idOf(request.params.id, ORDER_ADMIN_MESSAGES.notFound)),
  );
  app.post<WithId>('/orders/:id/status/', async (request) => {
    const id = idOf(request.params.id, ORDER_ADMIN_MESSAGES.notFound);
    const { status, note } = parseInput(orderStatusBody, request.body);
    return changeOrderStatus(deps, await actorOf(request), id, status, note);
  });

  // Catalogue
  app.get('/cards/', async (request) => {
    const { page, search } = parseInput(pageQuery, request.query);
    return listAdminCards(db, page, search);
  });
  app.get<WithId>('/cards/:id/', async (request) =>
    getAdminCard(db, idOf(request.params.id, CARD_FIELD_MESSAGES.notFound)),
  );
  app.post('/cards/', async (request, reply) => {
    const actor = await actorOf(request);
    const { fields, file } = await readImageForm(request, CARD_COVER, 'card');
    const card = await createCard(deps, actor, parseInput(newCardSchema, fields), file);
    return reply.status(201).send(card);
  });
  app.patch<WithId>('/cards/:id/', async (request) => {
    const actor = await actorOf(request);
    const id = idOf(request.params.id, CARD_FIELD_MESSAGES.notFound);
    const { fields, file } = await readImageForm(request, CARD_COVER, 'card');
    return updateCard(deps, actor, id, parseInput(cardChangesSchema, fields), file);
  });

  // Registry
  app.get('/serials/', async (request) => listSerials(db, parseInput(serialsQuery, request.query)));
  app.post('/serials/batch/', async (request, reply) => {
    const { sku, count } = parseInput(batchBody, request.body);
    const rows = await generateSerials(db, await actorOf(request), sku, count);
    const file = `serials-${sku.toLowerCase().replace(/[^a-z0-9-]/g, '')}-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .status(201)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file}"`)
      .send(batchCsv(rows, deps.publicUrl));
  });
  app.post('/serials/import/', async (request, reply) => {
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
  });
  app.get<{ Params: { serial: string } }>('/serials/:serial/', async (request) =>
    getSerial(db, request.params.serial),
  );
  app.post<{ Params: { serial: string } }>('/serials/:serial/', async (request) => {
    const { action } = parseInput(serialActionBody, request.body);
    return changeSerial(db, await actorOf(request), request.params.serial, action);
  });

  // Users
  app.get('/users/', async (request) => listUsers(db, parseInput(usersQuery, request.query)));
  app.get<WithId>('/users/:id/', async (request) =>
    getAdminUser(db, idOf(request.params.id, USER_ADMIN_MESSAGES.notFound)),
  );
  app.patch<WithId>('/users/:id/', async (request) => {
    const id = idOf(request.params.id, USER_ADMIN_MESSAGES.notFound);
    const change = parseInput(userChangeBody, request.body);
    return changeUser(db, deps.sessions, await actorOf(request), id, change);
  });

  // Leads
  app.get('/leads/', async (request) => listLeads(db, parseInput(leadsQuery, request.query)));
  app.patch<WithId>('/leads/:id/', async (request) => {
    const id = idOf(request.params.id, LEAD_NOT_FOUND);
    const { status } = parseInput(leadChangeBody, request.body);
    return changeLead(db, await actorOf(request), id, status);
  });
};
