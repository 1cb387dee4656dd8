import { and, eq, max, sql } from 'drizzle-orm';
import { cardChanges } from '../../../common/card-design/changes.ts';
import { PROOF_MESSAGES } from '../../../common/messages/proofs.ts';
import {
  type OrderProofRow,
  orderProofs,
  orders,
  type ProofCardSnapshot,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { runHeavy } from '../../jobs/heavy-work.ts';
import { proofMail } from '../../mail/proof-mail.ts';
import { ORDER_ADMIN_MESSAGES } from '../orders/fulfilment.ts';
import { type CorrectedDesign, drawCorrections, saveCorrections } from '../personalisation/corrections.ts';
import { pictureIds, picturesOf } from '../personalisation/picture-refs.ts';
import type { CorrectedCardInput } from '../personalisation/schemas.ts';
import { type Actor, recordAudit } from '../staff/audit.ts';
import type { ProofDeps } from './deps.ts';
import { designsOf } from './designs.ts';
import { checkProofPdf } from './pdf-check.ts';
import { proofUrl } from './proof-url.ts';

/** The generated proof, of the cards as they are or as the firm corrects them; or the firm's own PDF. */
/** The cards a correction changed, as one version printed them (numbered as the order lists them). */
function correctedCards(cards: ProofCardSnapshot[], corrected: CorrectedDesign[]) {
  return cards.flatMap((card, index) =>
    corrected.some((item) => item.id === card.id)
      ? [{ card: index + 1, printed: card.printed, member_email: card.memberEmail }]
      : [],
  );
}

type ProofSource =
  | { source: 'generated'; corrections?: CorrectedCardInput[] | undefined }
  | { source: 'uploaded'; pdf: Buffer };

const notAwaiting = (input: ProofSource) =>
  input.source === 'generated' && input.corrections?.length
    ? PROOF_MESSAGES.notCorrectable
    : PROOF_MESSAGES.notAwaiting;

async function awaitingOrder(deps: ProofDeps, orderId: number, input: ProofSource) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('not_found', ORDER_ADMIN_MESSAGES.notFound);
  if (order.status !== 'awaiting_proof') throw new AppError('conflict', notAwaiting(input));
  return order;
}

async function newestVersion(db: ProofDeps['db'], orderId: number): Promise<number> {
  const [row] = await db
    .select({ version: max(orderProofs.version) })
    .from(orderProofs)
    .where(eq(orderProofs.orderId, orderId));
  return row?.version ?? 0;
}

/**
 * Sends the customer a new version of the proof: the generated one or the firm's corrected PDF. The PDF is
 * made before the transaction (drawing takes a moment); the transaction then checks nobody sent another
 * version meanwhile, supersedes the open one, stores this one, audits it and queues the customer's e-mail
 * with the PDF attached and the signed link.
 */
export async function sendProof(
  deps: ProofDeps,
  actor: Actor,
  orderId: number,
  input: ProofSource,
  note: string,
): Promise<OrderProofRow> {
  const order = await awaitingOrder(deps, orderId, input);
  const version = (await newestVersion(deps.db, orderId)) + 1;
  let pdf: Buffer;
  let corrected: CorrectedDesign[] = [];
  let shown: ProofCardSnapshot[] | null = null;
  let before: ProofCardSnapshot[] = [];
  if (input.source === 'uploaded') {
    checkProofPdf(input.pdf);
    pdf = input.pdf;
  } else {
    before = await designsOf(deps.db, orderId);
    if (before.length === 0) throw new AppError('conflict', PROOF_MESSAGES.noDesigns);
    if (input.corrections?.length) corrected = await drawCorrections(deps, orderId, input.corrections);
    const cards = before.map((card) => {
      const fix = corrected.find((item) => item.id === card.id);
      return fix
        ? {
            ...card,
            printed: fix.printed,
            memberEmail: fix.memberEmail,
            frontSvg: fix.frontSvg,
            backSvg: fix.backSvg,
          }
        : card;
    });
    shown = cards;
    // Each picture is sent to the pool once, however many cards show it.
    const pictures = await picturesOf(deps.db, [
      ...new Set(cards.flatMap((card) => [...pictureIds(card.frontSvg), ...pictureIds(card.backSvg)])),
    ]);
    pdf = await runHeavy(
      `user:${actor.id}`,
      'proofPdf',
      {
        order: { number: order.number, version },
        cards: cards.map(({ id: _id, ...card }) => card),
        changes: cardChanges(before, cards),
        pictures,
      },
      // Two sides at print resolution per card: about 0.3 s each on an idle core, much more on a busy one.
      { timeoutMs: 60_000 + cards.length * 10_000 },
    );
  }

  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: orders.status, email: users.email, firstName: users.firstName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId))
      .for('update', { of: orders });
    if (locked?.status !== 'awaiting_proof') throw new AppError('conflict', notAwaiting(input));
    if ((await newestVersion(tx, orderId)) !== version - 1) {
      throw new AppError('conflict', ORDER_ADMIN_MESSAGES.changed);
    }
    const superseded = await tx
      .update(orderProofs)
      .set({ status: 'superseded', decidedAt: sql`now()` })
      .where(and(eq(orderProofs.orderId, orderId), eq(orderProofs.status, 'sent')))
      .returning({ version: orderProofs.version });
    const [proof] = await tx
      .insert(orderProofs)
      .values({
        orderId,
        version,
        source: input.source,
        pdf,
        status: 'sent',
        createdBy: actor.id,
        firmNote: note || null,
        cards: shown,
      })
      .returning();
    if (!proof) throw new Error('proof not stored');
    if (corrected.length > 0) {
      await saveCorrections(tx, corrected);
      // Every version's cards stay in the log: what each card printed before, what it prints now, and who.
      await recordAudit(tx, actor, {
        action: 'order.proof.corrected',
        targetType: 'order',
        targetId: orderId,
        before: { cards: correctedCards(before, corrected) },
        after: {
          version,
          cards: correctedCards(shown ?? [], corrected),
          changes: cardChanges(before, shown ?? []),
        },
      });
    }
    await recordAudit(tx, actor, {
      action: 'order.proof.sent',
      targetType: 'order',
      targetId: orderId,
      before: superseded.length ? { open_version: superseded.map((row) => row.version) } : undefined,
      after: { version, source: input.source, ...(note ? { note } : {}) },
    });
    await deps.mailer.sendLater(
      proofMail(locked.email, {
        firstName: locked.firstName,
        orderNumber: order.number,
        version,
        url: proofUrl(deps, proof),
        note,
        pdf,
        corrected: input.source === 'uploaded' || corrected.length > 0,
      }),
      tx,
    );
    return proof;
  });
}
