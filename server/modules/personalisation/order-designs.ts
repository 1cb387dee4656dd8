import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { type DrawCardInput, drawCard } from '../../../common/card-design/draw.ts';
import { fitProblems } from '../../../common/card-design/fit.ts';
import { lineDesigns } from '../../../common/card-design/line-designs.ts';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation.ts';
import { formatSerial } from '../../../common/serial-format.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  type CardRow,
  designUploads,
  orderDesigns,
  orderLines,
  orders,
  type PrintJob,
  serials,
  teamClaims,
  type UserRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { printedAddress } from '../profiles/printed-address.ts';
import { pictureStandIn, storedDrawing } from './picture-refs.ts';
import type { PrintedDesign, PrintFiles } from './responses.ts';
import type { PrintedCardInput } from './schemas.ts';
import { boundUploads } from './uploads.ts';

/** One printed card of an order line, drawn (its pictures named, not embedded) and ready to store. */
export interface PreparedDesign {
  position: number;
  printed: DrawCardInput['printed'];
  memberEmail: string | undefined;
  frontSvg: string;
  backSvg: string;
  printJob: PrintJob;
}

const refuse = (message: string): never => {
  throw new AppError('bad_request', message, { items: [message] });
};

/** The kinds of the buyer's own uploads a personalisation names; anyone else's id is unknown. */
async function uploadKinds(db: Db, user: UserRow, entries: PrintedCardInput[]) {
  const ids = [...new Set(entries.flatMap((entry) => [entry.logo, entry.signature]))].filter(
    (id): id is number => id !== undefined,
  );
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: designUploads.id, kind: designUploads.kind })
    .from(designUploads)
    .where(and(eq(designUploads.userId, user.id), inArray(designUploads.id, ids)));
  return new Map(rows.map((row) => [row.id, row.kind]));
}

/**
 * Checks every card of a personalised line and draws its preview as the buyer will see it: the uploads must
 * be theirs and of the right kind, every text must fit (never cut), and the back's QR opens the buyer's card
 * page. The drawings name their pictures (picture-refs.ts), so they are small and quick to make; the print
 * files are made after the order, card by card, in the pool (print-files.ts). Done before the order's
 * transaction; a picture kept before the caps is brought within them here, once.
 */
export async function prepareLineDesigns(
  deps: { db: Db; publicUrl: string },
  user: UserRow,
  card: CardRow,
  entries: PrintedCardInput[],
): Promise<PreparedDesign[]> {
  const kinds = await uploadKinds(deps.db, user, entries);
  const picture = (id: number | undefined, kind: 'logo' | 'signature') => {
    if (id === undefined) return undefined;
    const found = kinds.get(id) ?? refuse(PERSONALISATION_MESSAGES.unknownUpload);
    if (found !== kind) refuse(PERSONALISATION_MESSAGES.uploadKind(kind));
    return pictureStandIn(id);
  };
  const qrText = printedAddress(deps.publicUrl, user);
  const qr = QRCode.create(qrText, { errorCorrectionLevel: 'M' }).modules;
  const designs: PreparedDesign[] = [];
  for (const [position, { printed, memberEmail }] of lineDesigns(entries).entries()) {
    // Each card's text is measured and drawn here, a few ms each: others' requests go between two cards.
    if (position > 0) await nextTurn();
    const [problem] = fitProblems(printed, card.personalFields);
    if (problem) refuse(problem.message);
    const logo = picture(printed.logo, 'logo');
    const signature = picture(printed.signature, 'signature');
    const { front, back } = drawCard({
      printed,
      design: card.category,
      fields: card.personalFields,
      images: { ...(logo ? { logo } : {}), ...(signature ? { signature } : {}) },
      ...(printed.qr ? { qr } : {}),
    });
    designs.push({
      position,
      printed,
      memberEmail,
      frontSvg: storedDrawing(front),
      backSvg: storedDrawing(back),
      printJob: { design: card.category, fields: [...card.personalFields], qr: printed.qr ? qrText : null },
    });
  }
  await boundUploads(deps.db, user.id, [...kinds.keys()]);
  return designs;
}

/** Stores a line's drawn cards with the order, in its transaction; their print files are made afterwards. */
export async function saveLineDesigns(tx: Tx, orderLineId: number, designs: PreparedDesign[]): Promise<void> {
  if (designs.length === 0) return;
  await tx.insert(orderDesigns).values(
    designs.map((design) => ({
      orderLineId,
      position: design.position,
      printed: design.printed,
      memberEmail: design.memberEmail ?? null,
      frontSvg: design.frontSvg,
      backSvg: design.backSvg,
      printJob: design.printJob,
    })),
  );
}

/** What an order shows of a printed card: never the drawings themselves, which are fetched on their own. */
export interface DesignSummary {
  id: number;
  orderLineId: number;
  printed: DrawCardInput['printed'];
  memberEmail: string | null;
  /** A member card once shipped: the serial packed for the member, and when they claimed it. */
  serial: string | null;
  claimedAt: Date | null;
  /** Whether its print file is made. */
  printReady: boolean;
}

export async function designSummaries(db: Db | Tx, lineIds: number[]): Promise<DesignSummary[]> {
  if (lineIds.length === 0) return [];
  return db
    .select({
      id: orderDesigns.id,
      orderLineId: orderDesigns.orderLineId,
      printed: orderDesigns.printed,
      memberEmail: orderDesigns.memberEmail,
      serial: serials.serial,
      claimedAt: teamClaims.claimedAt,
      printReady: sql<boolean>`${orderDesigns.printPdf} IS NOT NULL`,
    })
    .from(orderDesigns)
    .leftJoin(teamClaims, eq(teamClaims.orderDesignId, orderDesigns.id))
    .leftJoin(serials, eq(serials.id, teamClaims.serialId))
    .where(inArray(orderDesigns.orderLineId, lineIds))
    .orderBy(orderDesigns.orderLineId, orderDesigns.position);
}

/** The order's view of one printed card, with where its front and back drawings are served. */
export function printedDesignOf(orderId: number, design: DesignSummary): PrintedDesign {
  const base = `/api/orders/${orderId}/designs/${design.id}`;
  return {
    id: design.id,
    name: design.printed.name ?? null,
    title: design.printed.title ?? null,
    company: design.printed.company ?? null,
    logo: design.printed.logo !== undefined,
    signature: design.printed.signature !== undefined,
    qr: design.printed.qr === true,
    member_email: design.memberEmail,
    serial: design.serial ? formatSerial(design.serial) : null,
    claimed_at: design.claimedAt?.toISOString() ?? null,
    front: `${base}/front.svg`,
    back: `${base}/back.svg`,
    print_ready: design.printReady,
  };
}

/** One printed card's stored drawing or print file, for the order's owner or the firm; anyone else: not found. */
export async function orderDesignFile(
  db: Db,
  viewer: UserRow,
  orderId: number,
  designId: number,
): Promise<{
  frontSvg: string;
  backSvg: string;
  printPdf: Buffer | null;
  position: number;
  orderNumber: string;
}> {
  const [found] = await db
    .select({
      frontSvg: orderDesigns.frontSvg,
      backSvg: orderDesigns.backSvg,
      printPdf: orderDesigns.printPdf,
      position: orderDesigns.position,
      orderNumber: orders.number,
      owner: orders.userId,
    })
    .from(orderDesigns)
    .innerJoin(orderLines, eq(orderLines.id, orderDesigns.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderDesigns.id, designId), eq(orders.id, orderId)));
  if (!found || (found.owner !== viewer.id && viewer.role !== 'admin')) {
    throw new AppError('not_found', ORDER_MESSAGES.notFound);
  }
  return found;
}

/** An order's print files: how many of its printed cards have theirs made, of how many; null without any. */
export function printFilesOf(designs: DesignSummary[]): PrintFiles | null {
  if (designs.length === 0) return null;
  return { ready: designs.filter((design) => design.printReady).length, total: designs.length };
}
