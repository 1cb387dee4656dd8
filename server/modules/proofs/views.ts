import { and, asc, desc, eq, max } from 'drizzle-orm';
import { PROOF_MESSAGES } from '../../../common/messages/proofs.ts';
import type { Db } from '../../db/client.ts';
import {
  type OrderProofRow,
  type OrderRow,
  orderDesigns,
  orderLines,
  orderProofs,
  orders,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { servedDrawing } from '../personalisation/picture-refs.ts';
import type { ProofDeps } from './deps.ts';
import { designsOf } from './designs.ts';
import { readProofToken } from './proof-token.ts';
import { proofUrl } from './proof-url.ts';
import type { AdminProofList, CustomerProof } from './responses.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function customerView(db: Db, proof: OrderProofRow, order: OrderRow): Promise<CustomerProof> {
  const [newest] = await db
    .select({ version: max(orderProofs.version) })
    .from(orderProofs)
    .where(eq(orderProofs.orderId, order.id));
  // An uploaded proof is the firm's correction: the order's own pictures would show what it corrects.
  const cards = proof.source === 'generated' ? await designsOf(db, order.id) : [];
  return {
    order_id: order.id,
    order_number: order.number,
    order_status: order.status,
    version: proof.version,
    newest_version: newest?.version ?? proof.version,
    source: proof.source,
    status: proof.status,
    open: proof.status === 'sent' && order.status === 'awaiting_proof',
    created_at: proof.createdAt.toISOString(),
    decided_at: iso(proof.decidedAt),
    customer_note: proof.customerNote,
    cards: cards.map((card, index) => ({
      id: card.id,
      label: `Card ${index + 1}: ${card.printed.name || card.line}`,
    })),
  };
}

/** The proof and order a link names, when its token holds; undefined for any other token. */
async function proofOfToken(deps: Pick<ProofDeps, 'db' | 'secret'>, token: string) {
  const subject = readProofToken(deps.secret, token);
  if (!subject) return undefined;
  const [found] = await deps.db
    .select({ proof: orderProofs, order: orders })
    .from(orderProofs)
    .innerJoin(orders, eq(orders.id, orderProofs.orderId))
    .where(and(eq(orderProofs.id, subject.proofId), eq(orderProofs.version, subject.version)));
  return found;
}

/** What the /proof page shows for a link, or undefined (the page's 404) when the link is not valid. */
export async function proofByToken(
  deps: Pick<ProofDeps, 'db' | 'secret'>,
  token: string,
): Promise<CustomerProof | undefined> {
  const found = await proofOfToken(deps, token);
  return found && customerView(deps.db, found.proof, found.order);
}

export async function tokenProofOrThrow(deps: Pick<ProofDeps, 'db' | 'secret'>, token: string) {
  const found = await proofOfToken(deps, token);
  if (!found) throw new AppError('not_found', PROOF_MESSAGES.linkInvalid);
  return found;
}

/**
 * A signed link to the newest proof of one of the user's own orders, for "Review proof" on /profile:
 * undefined when the order is not theirs or has no proof yet.
 */
export async function ownProofLink(
  deps: Pick<ProofDeps, 'db' | 'secret' | 'publicUrl'>,
  userId: number,
  orderId: number,
): Promise<string | undefined> {
  const [newest] = await deps.db
    .select({ id: orderProofs.id, version: orderProofs.version })
    .from(orderProofs)
    .innerJoin(orders, eq(orders.id, orderProofs.orderId))
    .where(and(eq(orderProofs.orderId, orderId), eq(orders.userId, userId)))
    .orderBy(desc(orderProofs.version))
    .limit(1);
  return newest && new URL(proofUrl(deps, newest)).pathname;
}

/** One side's stored SVG of a printed card of the proof's order. */
export async function designSvg(db: Db, orderId: number, designId: number, side: 'front' | 'back') {
  const [row] = await db
    .select({ front: orderDesigns.frontSvg, back: orderDesigns.backSvg })
    .from(orderDesigns)
    .innerJoin(orderLines, eq(orderLines.id, orderDesigns.orderLineId))
    .where(and(eq(orderDesigns.id, designId), eq(orderLines.orderId, orderId)));
  if (!row) throw new AppError('not_found', PROOF_MESSAGES.notFound);
  return servedDrawing(db, row[side]);
}

export const proofFileName = (number: string, version: number) => `proof-${number}-v${version}.pdf`;

/** An order's proofs, newest first, for its admin page. */
export async function listProofs(db: Db, orderId: number): Promise<AdminProofList> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw new AppError('not_found', PROOF_MESSAGES.notFound);
  const rows = await db
    .select({ proof: orderProofs, by: users.email })
    .from(orderProofs)
    .leftJoin(users, eq(users.id, orderProofs.createdBy))
    .where(eq(orderProofs.orderId, orderId))
    .orderBy(desc(orderProofs.version));
  const designs = await db
    .select({ id: orderDesigns.id })
    .from(orderDesigns)
    .innerJoin(orderLines, eq(orderLines.id, orderDesigns.orderLineId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderDesigns.id))
    .limit(1);
  return {
    can_generate: designs.length > 0,
    results: rows.map(({ proof, by }) => ({
      id: proof.id,
      version: proof.version,
      source: proof.source,
      status: proof.status,
      customer_note: proof.customerNote,
      created_by: by,
      created_at: proof.createdAt.toISOString(),
      decided_at: iso(proof.decidedAt),
      reminded_at: iso(proof.remindedAt),
    })),
  };
}

/** One stored proof PDF of an order, for the firm's download. */
export async function proofPdf(db: Db, orderId: number, proofId: number) {
  const [row] = await db
    .select({ pdf: orderProofs.pdf, version: orderProofs.version, number: orders.number })
    .from(orderProofs)
    .innerJoin(orders, eq(orders.id, orderProofs.orderId))
    .where(and(eq(orderProofs.id, proofId), eq(orderProofs.orderId, orderId)));
  if (!row) throw new AppError('not_found', PROOF_MESSAGES.notFound);
  return { pdf: row.pdf, filename: proofFileName(row.number, row.version) };
}

/** A proof of an order as its customer sees it, after they answered it. */
export async function proofOfOrder(db: Db, orderId: number, version: number): Promise<CustomerProof> {
  const [found] = await db
    .select({ proof: orderProofs, order: orders })
    .from(orderProofs)
    .innerJoin(orders, eq(orders.id, orderProofs.orderId))
    .where(and(eq(orderProofs.orderId, orderId), eq(orderProofs.version, version)));
  if (!found) throw new AppError('not_found', PROOF_MESSAGES.notFound);
  return customerView(db, found.proof, found.order);
}
