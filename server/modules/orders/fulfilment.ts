// How an order moves after it is placed: the firm confirms, ships, delivers or cancels it.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { ORDER_STATUS_LABELS } from '../../../common/order-status.ts';
import { dollars } from '../../../common/payment-state.ts';
import type { Db } from '../../db/client.ts';
import { cards, type OrderStatus, orderEvents, orderLines, orders, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../mail/index.ts';
import { orderStatusMail } from '../../mail/templates.ts';
import {
  invoiceConfirmedOrder,
  issueCreditNote,
  type PreparedDocument,
  prepareDocumentIfFree,
} from '../billing/invoices.ts';
import { CATALOG_TOPIC } from '../catalog/service.ts';
import { moneyOf } from '../payments/ledger.ts';
import { orderUrl } from '../payments/receipt.ts';
import { recordTeamCards, type ShippedSerial } from '../personalisation/team-claims.ts';
import { type Actor, recordAudit } from '../staff/audit.ts';
import { withLines } from './service.ts';

/** Where an order may go from each status; delivered and cancelled are final. */
export const ORDER_TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  // Only the customer's approval of a proof confirms a personalised order (never a status change).
  awaiting_proof: ['cancelled'],
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export const ORDER_ADMIN_MESSAGES = {
  notFound: ORDER_MESSAGES.notFound,
  transition: (from: OrderStatus, to: OrderStatus) =>
    `An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot become ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
  changed: 'The order changed meanwhile; reload it and try again.',
  unpaid: (owed: string) =>
    `This order still owes ${owed}. Record its payment, or why it may ship unpaid, before marking it shipped.`,
} as const;

export interface FulfilmentDeps {
  db: Db;
  mailer: Mailer;
  publish(topic: string): Promise<void>;
  publicUrl: string;
  /** Whether the shop takes cards: the customer's mail then offers "Pay now". */
  cardPayments?: boolean;
}

/**
 * The invoice (confirming) or credit note (cancelling) this change would issue, drawn before its transaction
 * so that the transaction does not wait for the pool; nothing for another change, or one not allowed now.
 */
async function documentAhead(db: Db, id: number, to: OrderStatus): Promise<PreparedDocument | undefined> {
  const kind = to === 'confirmed' ? 'invoice' : to === 'cancelled' ? 'credit_note' : undefined;
  const [order] = kind
    ? await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id))
    : [];
  if (!kind || !order || !ORDER_TRANSITIONS[order.status].includes(to)) return undefined;
  return prepareDocumentIfFree(db, id, kind);
}

/**
 * Moves an order along an allowed transition in one transaction: the status changes only if it is still
 * what was read (two admins at once cannot both cancel), a cancelled order's cards go back in stock, the
 * change is written to the order's history and the audit log, a confirmed order gets its invoice and a
 * cancelled invoiced one its credit note, a shipped Team Pack records each member card's serial and mails
 * each member their claim link, and the customer's e-mail is queued with it, all in one transaction. An order
 * that still owes money ships only once an admin recorded why it may (`allowShipUnpaid`).
 */
export async function changeOrderStatus(
  deps: FulfilmentDeps,
  actor: Actor,
  id: number,
  to: OrderStatus,
  note: string,
  teamSerials: ShippedSerial[] = [],
): Promise<void> {
  const { db } = deps;
  const prepared = await documentAhead(db, id, to);
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
    const owed = moneyOf(found.order).owed_cents;
    if (to === 'shipped' && owed > 0 && !found.order.shipUnpaidReason) {
      const message = ORDER_ADMIN_MESSAGES.unpaid(dollars(owed));
      throw new AppError('conflict', message, { status: [message] });
    }
    const updated = await tx
      .update(orders)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (updated.length !== 1) throw new AppError('conflict', ORDER_ADMIN_MESSAGES.changed);
    const teamCards = await recordTeamCards(
      tx,
      deps,
      { id, shipping: to === 'shipped', buyer: found.user },
      teamSerials,
    );

    let restocked: Array<{ card: number; quantity: number }> = [];
    if (to === 'cancelled') {
      const lines = await tx
        .select({ cardId: orderLines.cardId, quantity: orderLines.quantity })
        .from(orderLines)
        .where(and(eq(orderLines.orderId, id), isNotNull(orderLines.cardId)));
      for (const line of lines) {
        if (line.cardId === null) continue;
        // One write of the card: out of the units sold, and back in stock where stock is counted (a NULL
        // stock stays NULL, and so does the card's updated time).
        const [back] = await tx
          .update(cards)
          .set({
            unitsSold: sql`greatest(${cards.unitsSold} - ${line.quantity}, 0)`,
            stock: sql`${cards.stock} + ${line.quantity}`,
            updatedAt: sql`CASE WHEN ${cards.stock} IS NULL THEN ${cards.updatedAt} ELSE now() END`,
          })
          .where(eq(cards.id, line.cardId))
          .returning({ stock: cards.stock });
        if (back && back.stock !== null)
          restocked = [...restocked, { card: line.cardId, quantity: line.quantity }];
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
      after: {
        status: to,
        ...(note ? { note } : {}),
        ...(restocked.length ? { restocked } : {}),
        ...(teamCards.length ? { team_cards: teamCards } : {}),
      },
    });
    // Confirming invoices the order, cancelling an invoiced one credits it: numbered in this transaction.
    const document =
      to === 'confirmed'
        ? (await invoiceConfirmedOrder(tx, actor, id, prepared)).invoice
        : to === 'cancelled'
          ? await issueCreditNote(tx, actor, id, { prepared })
          : null;
    // The customer's e-mail is queued with the change itself.
    // Read again: confirming set its due date, cancelling what its credit note took back.
    const [now] = await tx.select().from(orders).where(eq(orders.id, id));
    const [changed] = await withLines(tx, [now ?? { ...found.order, status: to }], {
      cardPayments: deps.cardPayments ?? false,
    });
    if (changed) {
      const url = orderUrl(deps.publicUrl, changed.number);
      await deps.mailer.sendLater(
        orderStatusMail(found.user.email, found.user.firstName, changed, note, url, document),
        tx,
      );
    }
  });

  // Cancelling put cards back in stock: the shop's pages show it at once.
  if (to === 'cancelled') await deps.publish(CATALOG_TOPIC).catch(() => undefined);
}
