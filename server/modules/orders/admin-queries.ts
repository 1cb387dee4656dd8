// The admin console's view of orders: every customer's, filtered and paged, and one with its history.
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { centsToPrice } from '../../../common/money.ts';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/like.ts';
import { orderEvents, orders, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { userSearch } from '../accounts/user-admin.ts';
import { offsetOf, type Page, pageOf } from '../paging.ts';
import { paymentEntries } from '../payments/entries.ts';
import { paymentOf } from '../payments/payment-block.ts';
import { ADMIN_PAGE_SIZE } from '../staff/list-query.ts';
import type { AdminOrdersQuery } from './admin-schemas.ts';
import { cardCounts } from './card-count.ts';
import { ORDER_ADMIN_MESSAGES, ORDER_TRANSITIONS } from './fulfilment.ts';
import { orderStory } from './history-words.ts';
import type { AdminOrder, AdminOrderRow } from './responses.ts';
import { withLines } from './service.ts';
import { inQueue, queueOf, sinceIn, waitingSince } from './work-queue.ts';

const nameOf = (user: { firstName: string; lastName: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');

function ordersWhere(db: Db, query: AdminOrdersQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.queue) conditions.push(inQueue(query.queue));
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
 * Every customer's orders, newest first (in one work queue: the longest wait first), filtered by status, queue,
 * dates (UTC days) and customer or number.
 * The page is cut from the orders table alone, then its customers are read: joining first would look up
 * the customer of every skipped row on a deep page.
 */
export function listAdminOrders(db: Db, query: AdminOrdersQuery): Promise<Page<AdminOrderRow>> {
  const where = ordersWhere(db, query);
  const rows = db
    .select({ order: orders, queue: queueOf, since: waitingSince })
    .from(orders)
    .where(where)
    .orderBy(
      ...(query.queue
        ? [asc(sinceIn(query.queue)), asc(orders.id)]
        : [desc(orders.createdAt), desc(orders.id)]),
    )
    .limit(ADMIN_PAGE_SIZE)
    .offset(offsetOf(query.page, ADMIN_PAGE_SIZE))
    .then(async (found) => {
      const ids = [...new Set(found.map(({ order }) => order.userId))];
      const [customers, counts] = await Promise.all([
        ids.length ? db.select().from(users).where(inArray(users.id, ids)) : [],
        cardCounts(
          db,
          found.map(({ order }) => order.id),
        ),
      ]);
      const byId = new Map(customers.map((user) => [user.id, user]));
      return found.map(({ order, queue, since }) => {
        const user = byId.get(order.userId);
        return {
          id: order.id,
          number: order.number,
          status: order.status,
          created_at: order.createdAt.toISOString(),
          total: centsToPrice(order.totalCents),
          item_count: order.itemCount,
          card_count: counts.get(order.id) ?? 0,
          payment: paymentOf(order),
          customer: { id: order.userId, email: user?.email ?? '', name: user ? nameOf(user) : '' },
          queue,
          waiting_since: since?.toISOString() ?? null,
        };
      });
    });
  return pageOf(
    query.page,
    ADMIN_PAGE_SIZE,
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
  const [[order], events, story, entries] = await Promise.all([
    withLines(db, [found.order]),
    db
      .select({ event: orderEvents, by: users.email })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    orderStory(db, { id, customerId: found.user.id, placedAt: found.order.createdAt }),
    paymentEntries(db, id),
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
    story,
    next_statuses: ORDER_TRANSITIONS[order.status],
    payments: entries,
    ship_unpaid_reason: found.order.shipUnpaidReason,
  };
}
