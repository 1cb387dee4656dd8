import { and, eq, sql } from 'drizzle-orm';
import { PROOF_MESSAGES } from '../../../common/messages/proofs.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  type OrderRow,
  orderEvents,
  orderProofs,
  orders,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { proofChangesMail } from '../../mail/proof-mail.ts';
import { orderStatusMail } from '../../mail/templates.ts';
import { invoiceConfirmedOrder, type PreparedDocument, prepareDocumentIfFree } from '../billing/invoices.ts';
import { withLines } from '../orders/service.ts';
import { orderUrl } from '../payments/receipt.ts';
import { type Actor, recordAudit } from '../staff/audit.ts';
import type { ProofDeps } from './deps.ts';

/** How the customer reached the decision: the mailed link (no session) or their signed-in profile. */
type DecisionVia = 'link' | 'profile';

export type ProofDecision = { decision: 'approve' } | { decision: 'request_changes'; note: string };

/** Which proof: the one a link names, or the version the signed-in owner saw of their own order. */
type ProofTarget =
  | { via: 'link'; proofId: number; version: number }
  | { via: 'profile'; userId: number; orderId: number; version: number };

interface Confirmation {
  /** The invoice drawn before the transaction, if it was. */
  prepared: PreparedDocument | undefined;
  order: OrderRow;
  customer: UserRow;
  actor: Actor;
  via: DecisionVia;
  version: number;
}

/**
 * The one place a personalised order becomes confirmed: an approved proof, inside the approval's
 * transaction. It moves the order only from awaiting_proof, writes the order's history and the audit log,
 * and queues the customer's confirmation e-mail. (The invoice of the confirmed order is issued here too.)
 */
async function confirmApprovedOrder(tx: Tx, deps: ProofDeps, confirmation: Confirmation): Promise<void> {
  const { order, customer, actor, via, version } = confirmation;
  const moved = await tx
    .update(orders)
    .set({ status: 'confirmed', updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'awaiting_proof')))
    .returning();
  const [confirmed] = moved;
  if (!confirmed) throw new AppError('conflict', PROOF_MESSAGES.notAwaiting);
  const note = `Proof version ${version} approved by the customer.`;
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: 'awaiting_proof',
    toStatus: 'confirmed',
    actorId: actor.id,
    note,
  });
  await recordAudit(tx, actor, {
    action: 'order.status',
    targetType: 'order',
    targetId: order.id,
    before: { status: 'awaiting_proof' },
    after: { status: 'confirmed', note, via },
  });
  // Confirmed is invoiced, in this same transaction: the number is taken only if the approval commits.
  const { invoice } = await invoiceConfirmedOrder(tx, actor, order.id, confirmation.prepared);
  const [withItems] = await withLines(tx, [confirmed], { cardPayments: Boolean(deps.cardPayments) });
  if (withItems) {
    await deps.mailer.sendLater(
      orderStatusMail(
        customer.email,
        customer.firstName,
        withItems,
        '',
        orderUrl(deps.publicUrl, confirmed.number),
        invoice,
      ),
      tx,
    );
  }
}

function proofWhere(target: ProofTarget) {
  return target.via === 'link'
    ? and(eq(orderProofs.id, target.proofId), eq(orderProofs.version, target.version))
    : and(
        eq(orderProofs.orderId, target.orderId),
        eq(orderProofs.version, target.version),
        eq(orders.userId, target.userId),
      );
}

/** The invoice an approval of this proof would issue, drawn now; nothing when the proof is not open. */
async function invoiceAhead(db: Db, target: ProofTarget): Promise<PreparedDocument | undefined> {
  const [open] = await db
    .select({ orderId: orders.id })
    .from(orderProofs)
    .innerJoin(orders, eq(orders.id, orderProofs.orderId))
    .where(and(proofWhere(target), eq(orderProofs.status, 'sent'), eq(orders.status, 'awaiting_proof')));
  return open ? prepareDocumentIfFree(db, open.orderId, 'invoice') : undefined;
}

async function lockedProof(tx: Tx, target: ProofTarget) {
  const where = proofWhere(target);
  // The proof row is the lock two decisions queue on: the second reads the first one's outcome.
  const [found] = await tx
    .select({ proof: orderProofs, order: orders, customer: users })
    .from(orderProofs)
    .innerJoin(orders, eq(orders.id, orderProofs.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .for('update', { of: [orderProofs, orders] });
  if (!found) throw new AppError('not_found', PROOF_MESSAGES.notFound);
  return found;
}

/**
 * The customer's answer to a proof, in one transaction: only an open proof (status `sent`) of an order still
 * awaiting its proof can be answered, once. Approving confirms the order; asking for changes keeps it
 * waiting, keeps the note and tells the firm. Returns the order id.
 */
export async function decideProof(
  deps: ProofDeps,
  target: ProofTarget,
  answer: ProofDecision,
): Promise<number> {
  // An approval's invoice is drawn first, for an open proof: the transaction does not wait for the pool.
  const prepared = answer.decision === 'approve' ? await invoiceAhead(deps.db, target) : undefined;
  return deps.db.transaction(async (tx) => {
    const { proof, order, customer } = await lockedProof(tx, target);
    if (proof.status === 'superseded') throw new AppError('conflict', PROOF_MESSAGES.superseded);
    if (proof.status !== 'sent') throw new AppError('conflict', PROOF_MESSAGES.decided);
    if (order.status !== 'awaiting_proof') throw new AppError('conflict', PROOF_MESSAGES.notAwaiting);
    const actor: Actor = { id: customer.id, email: customer.email };
    const via = target.via;
    const status = answer.decision === 'approve' ? 'approved' : 'changes_requested';
    const note = answer.decision === 'request_changes' ? answer.note : null;
    await tx
      .update(orderProofs)
      .set({ status, customerNote: note, decidedAt: sql`now()` })
      .where(and(eq(orderProofs.id, proof.id), eq(orderProofs.status, 'sent')));
    await recordAudit(tx, actor, {
      action: `order.proof.${status}`,
      targetType: 'order',
      targetId: order.id,
      before: { version: proof.version, status: 'sent' },
      after: { version: proof.version, status, via, ...(note ? { note } : {}) },
    });
    if (answer.decision === 'approve') {
      await confirmApprovedOrder(tx, deps, { order, customer, actor, via, version: proof.version, prepared });
    } else {
      const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
      await deps.mailer.sendLater(
        proofChangesMail(deps.salesEmail, {
          orderNumber: order.number,
          version: proof.version,
          customer: name ? `${name} <${customer.email}>` : customer.email,
          note: answer.note,
          adminUrl: `${deps.publicUrl}/admin/orders/${order.id}`,
        }),
        tx,
      );
    }
    return order.id;
  });
}
