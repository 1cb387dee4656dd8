import { and, eq, inArray } from 'drizzle-orm';
import QRCode from 'qrcode';
import { type DrawCardInput, drawCard, type PngDataUrl } from '../../../common/card-design/draw.ts';
import { fitProblems } from '../../../common/card-design/fit.ts';
import { lineDesigns } from '../../../common/card-design/line-designs.ts';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  type CardRow,
  designUploads,
  orderDesigns,
  orderLines,
  orders,
  serials,
  teamClaims,
  type UserRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { PrintedDesign } from '../orders/responses.ts';
import type { PrintedCardInput } from '../orders/schemas.ts';
import { formatSerial } from '../registry/serial-code.ts';
import { printFileOf } from './render.ts';

/** One printed card of an order line, drawn and ready to store. */
export interface PreparedDesign {
  position: number;
  printed: DrawCardInput['printed'];
  memberEmail: string | undefined;
  frontSvg: string;
  backSvg: string;
  printPdf: Buffer;
}

const refuse = (message: string): never => {
  throw new AppError('bad_request', message, { items: [message] });
};

/** The buyer's own uploads a personalisation names, as PNG data URLs; anyone else's id is unknown. */
async function uploadsOf(db: Db, user: UserRow, entries: PrintedCardInput[]) {
  const ids = [...new Set(entries.flatMap((entry) => [entry.logo, entry.signature]))].filter(
    (id): id is number => id !== undefined,
  );
  if (ids.length === 0) return new Map<number, { kind: string; url: PngDataUrl }>();
  const rows = await db
    .select({ id: designUploads.id, kind: designUploads.kind, png: designUploads.png })
    .from(designUploads)
    .where(and(eq(designUploads.userId, user.id), inArray(designUploads.id, ids)));
  return new Map(
    rows.map((row) => [
      row.id,
      { kind: row.kind, url: `data:image/png;base64,${row.png.toString('base64')}` as PngDataUrl },
    ]),
  );
}

/**
 * Draws every card of a personalised line as the buyer will see it and as it will be printed: the uploads
 * must be theirs and of the right kind, every text must fit (never cut), and the back's QR opens the buyer's
 * card page. Done before the order's transaction, so no lock is held while pictures are drawn.
 */
export async function prepareLineDesigns(
  deps: { db: Db; publicUrl: string },
  user: UserRow,
  card: CardRow,
  entries: PrintedCardInput[],
): Promise<PreparedDesign[]> {
  const uploads = await uploadsOf(deps.db, user, entries);
  const picture = (id: number | undefined, kind: 'logo' | 'signature') => {
    if (id === undefined) return undefined;
    const upload = uploads.get(id) ?? refuse(PERSONALISATION_MESSAGES.unknownUpload);
    if (upload.kind !== kind) refuse(PERSONALISATION_MESSAGES.uploadKind(kind));
    return upload.url;
  };
  const qr = QRCode.create(`${deps.publicUrl}/profile/${user.username}`, {
    errorCorrectionLevel: 'M',
  }).modules;
  // One card at a time: each holds a 300 dpi raster while its print file is made.
  const designs: PreparedDesign[] = [];
  for (const [position, { printed, memberEmail }] of lineDesigns(entries).entries()) {
    const [problem] = fitProblems(printed, card.personalFields);
    if (problem) refuse(problem.message);
    const logo = picture(printed.logo, 'logo');
    const signature = picture(printed.signature, 'signature');
    const input = {
      printed,
      design: card.category,
      fields: card.personalFields,
      images: { ...(logo ? { logo } : {}), ...(signature ? { signature } : {}) },
      ...(printed.qr ? { qr } : {}),
    };
    const { front, back } = drawCard(input);
    const printPdf = await printFileOf(input);
    designs.push({ position, printed, memberEmail, frontSvg: front, backSvg: back, printPdf });
  }
  return designs;
}

/** Stores a line's drawn cards with the order, in its transaction. */
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
      printPdf: design.printPdf,
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
  };
}

/** One printed card's stored drawing or print file, for the order's owner or the firm; anyone else: not found. */
export async function orderDesignFile(
  db: Db,
  viewer: UserRow,
  orderId: number,
  designId: number,
): Promise<{ frontSvg: string; backSvg: string; printPdf: Buffer; position: number; orderNumber: string }> {
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
