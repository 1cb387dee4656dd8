import { and, desc, eq, lt, max } from 'drizzle-orm';
import { cardChanges } from '../../../common/card-design/changes.ts';
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
import { correctableCards } from '../personalisation/corrections.ts';
import { picturesOf, pngDataUrl, servedDrawing } from '../personalisation/picture-refs.ts';
import type { ProofDeps } from './deps.ts';
import { designsOf } from './designs.ts';
import { readProofToken } from './proof-token.ts';
import { proofUrl } from './proof-url.ts';
import type { AdminProofList, CustomerProof } from './responses.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

type Shown = Pick<OrderProofRow, 'version' | 'cards'>;

/** What changed from the newest earlier version that showed cards to this one, in words. */
function changesSince(proof: Shown, earlier: Shown[]): string[] {
  if (!proof.cards) return [];
  const previous = earlier
    .filter((row) => row.version < proof.version && row.cards)
    .sort((a, b) => b.version - a.version)[0];
  return previous?.cards ? cardChanges(previous.cards, proof.cards) : [];
}

async function changesOf(db: Db, proof: OrderProofRow): Promise<string[]> {
  if (!proof.cards) return [];
  const earlier = await db
    .select({ version: orderProofs.version, cards: orderProofs.cards })
    .from(orderProofs)
    .where(and(eq(orderProofs.orderId, proof.orderId), lt(orderProofs.version, proof.version)))
    .orderBy(desc(orderProofs.version));
  return changesSince(proof, earlier);
}

async function customerView(db: Db, proof: OrderProofRow, order: OrderRow): Promise<CustomerProof> {
  const [newest] = await db
    .select({ version: max(orderProofs.version) })
    .from(orderProofs)
    .where(eq(orderProofs.orderId, order.id));
  // An uploaded proof is the firm's correction: the order's own pictures would show what it corrects.
  const cards = proof.source === 'generated' ? (proof.cards ?? (await designsOf(db, order.id))) : [];
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
    firm_note: proof.firmNote,
    changes: await changesOf(db, proof),
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

/**
 * One side of a printed card as this proof version showed it: its own copy when it kept one (a later
 * correction does not change what an earlier version showed), else the order's card.
 */
export async function designSvg(db: Db, proof: OrderProofRow, designId: number, side: 'front' | 'back') {
  const kept = proof.cards?.find((card) => card.id === designId);
  if (kept) return servedDrawing(db, side === 'front' ? kept.frontSvg : kept.backSvg);
  if (proof.cards || proof.source !== 'generated') throw new AppError('not_found', PROOF_MESSAGES.notFound);
  const [row] = await db
    .select({ front: orderDesigns.frontSvg, back: orderDesigns.backSvg })
    .from(orderDesigns)
    .innerJoin(orderLines, eq(orderLines.id, orderDesigns.orderLineId))
    .where(and(eq(orderDesigns.id, designId), eq(orderLines.orderId, proof.orderId)));
  if (!row) throw new AppError('not_found', PROOF_MESSAGES.notFound);
  return servedDrawing(db, row[side]);
}

export const proofFileName = (number: string, version: number) => `proof-${number}-v${version}.pdf`;

/** An order's proofs, newest first, for its admin page, with its cards as the correction form edits them. */
export async function listProofs(
  deps: { db: Db; publicUrl: string },
  orderId: number,
): Promise<AdminProofList> {
  const { db } = deps;
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new AppError('not_found', PROOF_MESSAGES.notFound);
  const rows = await db
    .select({ proof: orderProofs, by: users.email })
    .from(orderProofs)
    .leftJoin(users, eq(users.id, orderProofs.createdBy))
    .where(eq(orderProofs.orderId, orderId))
    .orderBy(desc(orderProofs.version));
  const cards = await correctableCards(deps, orderId);
  // The pictures are only drawn while the cards can still be corrected.
  const pictureIdsShown =
    order.status === 'awaiting_proof'
      ? [
          ...new Set(
            cards.flatMap(({ printed }) =>
              [printed.logo, printed.signature].filter((id): id is number => id !== undefined),
            ),
          ),
        ]
      : [];
  const pictures = await picturesOf(db, pictureIdsShown);
  const shown = rows.map(({ proof }) => proof);
  return {
    can_generate: cards.length > 0,
    cards: cards.map((card) => ({
      id: card.id,
      line: card.line,
      design: card.design,
      fields: card.fields,
      printed: card.printed,
      member_email: card.memberEmail,
      qr_text: card.qrText,
    })),
    pictures: Object.fromEntries([...pictures].map(([id, png]) => [String(id), pngDataUrl(png)])),
    results: rows.map(({ proof, by }) => ({
      id: proof.id,
      version: proof.version,
      source: proof.source,
      status: proof.status,
      customer_note: proof.customerNote,
      firm_note: proof.firmNote,
      changes: changesSince(proof, shown),
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
