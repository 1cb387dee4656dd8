import { and, eq, sql } from 'drizzle-orm';
import { orderProofs, orders, users } from '../../db/schema/index.ts';
import { proofReminderMail } from '../../mail/proof-mail.ts';
import type { ProofDeps } from './deps.ts';
import { proofUrl } from './proof-url.ts';

/** A proof unanswered this long gets a reminder, and another after as long again. */
const REMIND_AFTER = sql`interval '3 days'`;

type ReminderDeps = Pick<ProofDeps, 'db' | 'mailer' | 'publicUrl' | 'secret'>;

/**
 * The hourly sweep: each open proof of an order still awaiting it, sent or last reminded 3 days ago or
 * more, gets one reminder through the mail queue. Marking it reminded and queueing the mail is one
 * statement's claim and one transaction, so two processes sweeping at once remind a proof once.
 */
export async function remindOpenProofs(deps: ReminderDeps): Promise<number> {
  const due = and(
    eq(orderProofs.status, 'sent'),
    sql`coalesce(${orderProofs.remindedAt}, ${orderProofs.createdAt}) <= now() - ${REMIND_AFTER}`,
  );
  const candidates = await deps.db
    .select({ id: orderProofs.id })
    .from(orderProofs)
    .innerJoin(orders, eq(orders.id, orderProofs.orderId))
    .where(and(due, eq(orders.status, 'awaiting_proof')))
    .limit(200);
  let sent = 0;
  for (const { id } of candidates) {
    const reminded = await deps.db.transaction(async (tx) => {
      const [proof] = await tx
        .update(orderProofs)
        .set({ remindedAt: sql`now()` })
        .where(and(eq(orderProofs.id, id), due))
        .returning({ id: orderProofs.id, version: orderProofs.version, orderId: orderProofs.orderId });
      if (!proof) return false;
      const [customer] = await tx
        .select({ email: users.email, firstName: users.firstName, number: orders.number })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, proof.orderId));
      if (!customer) return false;
      await deps.mailer.sendLater(
        proofReminderMail(customer.email, {
          firstName: customer.firstName,
          orderNumber: customer.number,
          version: proof.version,
          url: proofUrl(deps, proof),
        }),
        tx,
      );
      return true;
    });
    if (reminded) sent += 1;
  }
  return sent;
}
