// An order's history told in words for the firm: who did what, from its status changes and its proofs.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { cardChanges } from '../../../common/card-design/changes.ts';
import { centsToPrice } from '../../../common/money.ts';
import { codeWords } from '../../../common/order-status.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  type OrderStatus,
  orderEvents,
  orderProofs,
  type ProofCardSnapshot,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import type { OrderStory } from './responses.ts';

type Person = Pick<UserRow, 'id' | 'email' | 'firstName' | 'role'> | null;

const STATUS_DEEDS: Record<OrderStatus, string> = {
  awaiting_proof: 'moved the order back to awaiting its proof',
  pending: 'moved the order back to pending',
  confirmed: 'confirmed the order',
  shipped: 'marked the order shipped',
  delivered: 'marked the order delivered',
  cancelled: 'cancelled the order',
};

interface MoneyFacts {
  method?: string;
  amount_cents?: number;
  note?: string;
  reason?: string;
}

const amountOf = (facts: MoneyFacts) =>
  `$${centsToPrice(facts.amount_cents ?? 0)}${facts.method ? ` by ${codeWords(facts.method).toLowerCase()}` : ''}`;

/** What each of an order's money changes says, from its audit entry (the ledger writes one with each). */
const MONEY_DEEDS: Record<string, (facts: MoneyFacts) => string> = {
  'order.payment': (facts) =>
    `recorded a payment of ${amountOf(facts)}${facts.note ? ` (“${facts.note}”)` : ''}`,
  'order.refund': (facts) =>
    `recorded a refund of ${amountOf(facts)}${facts.note ? ` (“${facts.note}”)` : ''}`,
  'order.refund.requested': (facts) => `asked for a refund of ${amountOf(facts)}`,
  'order.refund.failed': (facts) => `saw a refund of ${amountOf(facts)} fail`,
  'order.ship_unpaid': (facts) => `let the order ship before it is paid: “${facts.reason ?? ''}”`,
};

/** "The customer", "Olive (admin)", or who a removed account was. */
function whoIs(person: Person, customerId: number): string {
  if (!person) return 'A removed account';
  if (person.id === customerId) return 'The customer';
  const name = person.firstName || person.email;
  return person.role === 'admin' ? `${name} (admin)` : name;
}

const person = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  role: users.role,
};

/** The order's story, oldest first: placed, each proof sent and answered, each status change. */
export async function orderStory(
  db: Db,
  order: { id: number; customerId: number; placedAt: Date },
): Promise<OrderStory[]> {
  const sender = alias(users, 'proof_sender');
  const [events, proofs, money] = await Promise.all([
    db
      .select({ event: orderEvents, by: person })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select({
        version: orderProofs.version,
        source: orderProofs.source,
        status: orderProofs.status,
        note: orderProofs.customerNote,
        firmNote: orderProofs.firmNote,
        cards: orderProofs.cards,
        sentAt: orderProofs.createdAt,
        decidedAt: orderProofs.decidedAt,
        by: { id: sender.id, email: sender.email, firstName: sender.firstName, role: sender.role },
      })
      .from(orderProofs)
      .leftJoin(sender, eq(sender.id, orderProofs.createdBy))
      .where(eq(orderProofs.orderId, order.id))
      .orderBy(asc(orderProofs.version)),
    db
      .select({ entry: auditLog, by: person })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(
        and(
          eq(auditLog.targetType, 'order'),
          eq(auditLog.targetId, String(order.id)),
          inArray(auditLog.action, Object.keys(MONEY_DEEDS)),
        ),
      )
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
  ]);
  const story: Array<OrderStory & { order: number }> = [
    { at: order.placedAt.toISOString(), says: 'The customer placed the order.', note: null, order: 0 },
  ];
  let shown: ProofCardSnapshot[] | null = null;
  for (const proof of proofs) {
    const corrected = shown && proof.cards ? cardChanges(shown, proof.cards).length > 0 : false;
    shown = proof.cards ?? shown;
    const what =
      proof.source === 'uploaded'
        ? `proof v${proof.version} (an uploaded PDF)`
        : corrected
          ? `proof v${proof.version}, with the cards corrected`
          : `proof v${proof.version}`;
    story.push({
      at: proof.sentAt.toISOString(),
      says: `${whoIs(proof.by, order.customerId)} sent ${what}.`,
      note: proof.firmNote || null,
      order: 1,
    });
    if (!proof.decidedAt) continue;
    const at = proof.decidedAt.toISOString();
    if (proof.status === 'approved') {
      story.push({ at, says: `The customer approved proof v${proof.version}.`, note: null, order: 2 });
    } else if (proof.status === 'changes_requested') {
      const asked = `The customer asked for changes to proof v${proof.version}`;
      const says = proof.note ? `${asked}: “${proof.note}”` : `${asked}.`;
      story.push({ at, says, note: null, order: 2 });
    }
  }
  for (const { event, by } of events) {
    // The customer moves an order only by approving its proof: told by the change, not by who made it (an
    // admin who ordered their own cards is both).
    const byCustomer = event.fromStatus === 'awaiting_proof' && event.toStatus === 'confirmed';
    const to = event.toStatus as OrderStatus;
    story.push({
      at: event.createdAt.toISOString(),
      says: byCustomer
        ? 'Their approval confirmed the order.'
        : `${whoIs(by, order.customerId)} ${STATUS_DEEDS[to] ?? `moved the order to ${to}`}.`,
      note: !byCustomer && event.note ? event.note : null,
      order: 3,
    });
  }
  for (const { entry, by } of money) {
    const deed = MONEY_DEEDS[entry.action];
    if (!deed) continue;
    const after = (entry.after ?? {}) as MoneyFacts;
    story.push({
      at: entry.createdAt.toISOString(),
      says: `${by ? whoIs(by, order.customerId) : entry.actorEmail} ${deed(after)}.`,
      note: null,
      order: 4,
    });
  }
  return story
    .sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order)
    .map(({ at, says, note }) => ({ at, says, note }));
}
