import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { cards, type OrderStatus, orderEvents, orderLines, orders, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/index.ts';
import { orderStatusMail } from '../../mail/templates.ts';
import { CATALOG_TOPIC, centsToPrice } from '../catalog/service.ts';
import { type Order, withLines } from '../orders/service.ts';
import { type Actor, recordAudit } from './audit.ts';
import { type AdminPage, adminPage, offsetOf } from './paging.ts';
import { ADMIN_PAGE_SIZE, type OrdersQuery } from './schemas.ts';
import { userSearch } from './users.ts';

/** Where an order may go from each status; delivered and cancelled are final. */
export const ORDER_TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export const ORDER_ADMIN_MESSAGES = {
  notFound: 'Order not found.',
  transition: (from: OrderStatus, to: OrderStatus) => `An order that is ${from} cannot become ${to}.`,
  changed: 'The order changed meanwhile; reload it and try again.',
} as const;

export interface Customer {
  id: number;
  email: string;
  name: string;
}

export interface AdminOrderRow {
  id: number;
  number: string;
  status: OrderStatus;
  created_at: string;
  total: string;
  item_count: number;
  customer: Customer;
}

export interface OrderEvent {
  from: string;
  to: string;
  note: string;
  by: string | null;
  at: string;
}

export interface AdminOrder extends Order {
  customer: Customer;
  history: OrderEvent[];
  next_statuses: OrderStatus[];
}

export interface AdminOrdersDeps {
  db: Db;
  mailer: Mailer;
  publish(topic: string): Promise<void>;
  publicUrl: string;
}

const nameOf = (user: { firstName: string; lastName: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');

function ordersWhere(db: Db, query: OrdersQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.from) conditions.push(gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) {
    const end = new Date(`${query.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(orders.createdAt, end));
  }
  if (query.search) {
    // Each side of the OR stays on one table, so each can use its trigram index (no join to filter).
    const customers = db.select({ id: users.id }).from(users).where(userSearch(query.search));
    const match = or(
      ilike(orders.number, `%${escapeLike(query.search)}%`),
      sql`${orders.userId} = ANY(ARRAY(${customers}))`,
    );
    if (match) conditions.push(match);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * Every customer's orders, newest first, filtered by status, dates (UTC days) and customer or number.
 * The page is cut from the orders table alone, then its customers are read: joining first would look up
 * the customer of every skipped row on a deep page.
 */
export function listAdminOrders(db: Db, query: OrdersQuery): Promise<AdminPage<AdminOrderRow>> {
  const where = ordersWhere(db, query);
  const rows = db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(query.page))
    .then(async (found) => {
      const ids = [...new Set(found.map((order) => order.userId))];
      const customers = ids.length ? await db.select().from(users).where(inArray(users.id, ids)) : [];
      const byId = new Map(customers.map((user) => [user.id, user]));
      return found.map((order) => {
        const user = byId.get(order.userId);
        return {
          id: order.id,
          number: order.number,
          status: order.status,
          created_at: order.createdAt.toISOString(),
          total: centsToPrice(order.totalCents),
          item_count: order.itemCount,
          customer: { id: order.userId, email: user?.email ?? '', name: user ? nameOf(user) : '' },
        };
      });
    });
  return adminPage(
    query.page,
    rows,
    db
      .select({ value: count() })
      .from(orders)
      .where(where)
      .then((found) => found[0]?.value ?? 0),
  );
}

/** One order with its lines, address, customer, status history and the statuses it may move to. */
export async function getAdminOrder(db: Db, id: number): Promise<AdminOrder> {
  const [found] = await db
    .select({ order: orders, user: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  if (!found) throw new AppError('not_found', ORDER_ADMIN_MESSAGES.notFound);
  const [[order], events] = await Promise.all([
    withLines(db, [found.order]),
    db
      .select({ event: orderEvents, by: users.email })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  if (!order) throw new AppError('not_found', ORDER_ADMIN_MESSAGES.notFound);
  return {
    ...order,
    customer: { id: found.user.id, email: found.user.email, name: nameOf(found.user) },
    history: events.map(({ event, by }) => ({
      from: event.fromStatus,
      to: event.toStatus,
      note: event.note,
      by,
      at: event.createdAt.toISOString(),
    })),
    next_statuses: ORDER_TRANSITIONS[order.status],
  };
}

/**
 * Moves an order along an allowed transition in one transaction: the status changes only if it is still
 * what was read (two admins at once cannot both cancel), a cancelled order's cards go back in stock, the
 * change is written to the order's history and the audit log, and the customer's e-mail is queued, all in
 * one transaction.
 */
export async function changeOrderStatus(
  deps: AdminOrdersDeps,
  actor: Actor,
  id: number,
  to: OrderStatus,
  note: string,
): Promise<AdminOrder> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ order: orders, user: users })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, id))
      .for('update', { of: orders });
    if (!found) throw new AppError('not_found', ORDER_ADMIN_MESSAGES.notFound);
    const from = found.order.status;
    if (!ORDER_TRANSITIONS[from].includes(to)) {
      throw new AppError('conflict', ORDER_ADMIN_MESSAGES.transition(from, to), {
        status: [ORDER_ADMIN_MESSAGES.transition(from, to)],
      });
    }
    const updated = await tx
      .update(orders)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (updated.length !== 1) throw new AppError('conflict', ORDER_ADMIN_MESSAGES.changed);

    let restocked: Array<{ card: number; quantity: number }> = [];
    if (to === 'cancelled') {
      const lines = await tx
        .select({ cardId: orderLines.cardId, quantity: orderLines.quantity })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, id), isNotNull(orderLines.cardId)));
      for (const line of lines) {
        if (line.cardId === null) continue;
        const back = await tx
          .update(cards)
          .set({ stock: sql`${cards.stock} + ${line.quantity}`, updatedAt: sql`now()` })
          .where(and(eq(cards.id, line.cardId), isNotNull(cards.stock)))
          .returning({ id: cards.id });
        if (back.length) restocked = [...restocked, { card: line.cardId, quantity: line.quantity }];
      }
    }
    await tx
      .insert(orderEvents)
      .values({ orderId: id, fromStatus: from, toStatus: to, actorId: actor.id, note });
    await recordAudit(tx, actor, {
      action: 'order.status',
      targetType: 'order',
      targetId: id,
      before: { status: from },
      after: { status: to, ...(note ? { note } : {}), ...(restocked.length ? { restocked } : {}) },
    });
    // The customer's e-mail is queued with the change itself.
    const [changed] = await withLines(tx, [{ ...found.order, status: to }]);
    if (changed) {
      const url = `${deps.publicUrl}/profile#orders`;
      await deps.mailer.sendLater(
        orderStatusMail(found.user.email, found.user.firstName, changed, note, url),
        tx,
      );
    }
  });

  const order = await getAdminOrder(db, id);
  if (to === 'cancelled') await deps.publish(CATALOG_TOPIC).catch(() => undefined);
  return order;
}
