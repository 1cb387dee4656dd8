import type { AppLoadContext } from 'react-router';
import { ADMIN_USER_NOT_FOUND } from '../../common/messages/accounts';
import { CARD_NOT_FOUND } from '../../common/messages/catalog';
import { ORDER_MESSAGES } from '../../common/messages/orders';
import { centsToPrice } from '../../common/money';
import { idParam } from '../../server/http/id-param.ts';
import { usersQuery } from '../../server/modules/accounts/admin-schemas.ts';
import { getAdminUser, listUsers } from '../../server/modules/accounts/user-admin.ts';
import { dashboard } from '../../server/modules/admin/dashboard.ts';
import { auditQuery, dashboardQuery } from '../../server/modules/admin/schemas.ts';
import { listRates } from '../../server/modules/billing/rate-admin.ts';
import { cardRefundableCents } from '../../server/modules/card-payments/refunds.ts';
import { getAdminCard, listAdminCards, listDesigns } from '../../server/modules/catalog/card-editing.ts';
import { leadsQuery } from '../../server/modules/leads/admin-schemas.ts';
import { listLeads } from '../../server/modules/leads/lead-admin.ts';
import { getAdminOrder, listAdminOrders } from '../../server/modules/orders/admin-queries.ts';
import { adminOrdersQuery } from '../../server/modules/orders/admin-schemas.ts';
import { listProofs } from '../../server/modules/proofs/views.ts';
import { serialsQuery } from '../../server/modules/registry/serials/admin-schemas.ts';
import { getSerial, listSerials } from '../../server/modules/registry/serials/serial-admin.ts';
import { listAudit } from '../../server/modules/staff/audit.ts';
import { FORBIDDEN } from '../../server/modules/staff/guard.ts';
import { pageQuery } from '../../server/modules/staff/list-query.ts';
import { requireUser } from './auth.server.ts';
import { orResponse, parseQuery } from './loader-errors.server.ts';
import { pageError } from './route-error.ts';

/** Admin pages: signed-out visitors go to /login (and back), everyone but an admin gets a 403 page. */
export async function requireAdmin(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  if (user.role !== 'admin') throw pageError(403, FORBIDDEN);
  return user;
}

function idOf(value: string | undefined, message: string): number {
  const parsed = idParam.safeParse(value ?? '');
  if (!parsed.success) throw pageError(404, message);
  return parsed.data;
}

async function asAdmin<T>(request: Request, context: AppLoadContext, work: () => Promise<T>): Promise<T> {
  await requireAdmin(request, context);
  return orResponse(work);
}

export const loadDashboard = (request: Request, context: AppLoadContext) =>
  asAdmin(request, context, () => dashboard(context.db, parseQuery(dashboardQuery, request).days));

export const loadAdminOrders = (request: Request, context: AppLoadContext) =>
  asAdmin(request, context, () => listAdminOrders(context.db, parseQuery(adminOrdersQuery, request)));

/** An order with its proofs (personalised orders). */
export const loadAdminOrder = (request: Request, context: AppLoadContext, id: string | undefined) =>
  asAdmin(request, context, async () => {
    const orderId = idOf(id, ORDER_MESSAGES.notFound);
    const order = await getAdminOrder(context.db, orderId);
    // What may go back to the card (Stripe configured only): the refund form's full amount.
    const cardRefundable = context.cardPayments
      ? centsToPrice(await cardRefundableCents(context.db, orderId))
      : null;
    return { ...order, proofs: await listProofs(context, orderId), card_refundable: cardRefundable };
  });

export const loadAdminCards = (request: Request, context: AppLoadContext) =>
  asAdmin(request, context, () => {
    const { page, search } = parseQuery(pageQuery, request);
    return listAdminCards(context.db, page, search);
  });

/** The card editor: the card (none for a new one) and the designs already in use. */
export const loadCardEditor = (request: Request, context: AppLoadContext, id: string | undefined) =>
  asAdmin(request, context, async () => {
    const [card, designs] = await Promise.all([
      id === undefined ? null : getAdminCard(context.db, idOf(id, CARD_NOT_FOUND)),
      listDesigns(context.db),
    ]);
    return { card, designs };
  });

/** The registry page lists serials and offers every SKU for a new batch. */
export const loadSerials = (request: Request, context: AppLoadContext) =>
  asAdmin(request, context, async () => {
    const [serials, skus] = await Promise.all([
      listSerials(context.db, parseQuery(serialsQuery, request)),
      context.db.query.cards.findMany({
        columns: { sku: true, name: true },
        orderBy: (card, { asc }) => asc(card.name),
      }),
    ]);
    return { serials, skus, sunKeyVersion: context.sunKeyVersion ?? null };
  });

export const loadSerial = (request: Request, context: AppLoadContext, serial: string | undefined) =>
  asAdmin(request, context, () => getSerial(context.db, serial ?? ''));

export const loadUsers = (request: Request, context: AppLoadContext) =>
  asAdmin(request, context, () => listUsers(context.db, parseQuery(usersQuery, request)));

export const loadAdminUser = (request: Request, context: AppLoadContext, id: string | undefined) =>
  asAdmin(request, context, async () => {
    const userId = idOf(id, ADMIN_USER_NOT_FOUND);
    const [user, history] = await Promise.all([
      getAdminUser(context.db, userId),
      listAudit(context.db, 1, { type: 'user', id: String(userId) }),
    ]);
    return { user, history: history.results };
  });

export const loadLeads = (request: Request, context: AppLoadContext) =>
  asAdmin(request, context, () => listLeads(context.db, parseQuery(leadsQuery, request)));

export const loadAudit = (request: Request, context: AppLoadContext) =>
  asAdmin(request, context, () => {
    const query = parseQuery(auditQuery, request);
    return listAudit(
      context.db,
      query.page,
      query.target_type && query.target_id ? { type: query.target_type, id: query.target_id } : undefined,
    );
  });

export const loadShipping = (request: Request, context: AppLoadContext) =>
  asAdmin(request, context, () => listRates(context.db));
