import { asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { drawCard } from '../../../common/card-design/draw.ts';
import { lineDesigns } from '../../../common/card-design/line-designs.ts';
import type { PrintedCard } from '../../../common/card-design/personalisation.ts';
import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { cards, orderDesigns, orderLines, orders, type PrintJob, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { printedAddress } from '../profiles/printed-address.ts';
import { linePrintedProblem } from './order-lines.ts';
import { pictureStandIn, storedDrawing } from './picture-refs.ts';
import type { CorrectedCardInput } from './schemas.ts';

/** A printed card of an order as the firm corrected it, drawn and ready to replace the row. */
export interface CorrectedDesign {
  id: number;
  printed: PrintedCard;
  memberEmail: string | null;
  frontSvg: string;
  backSvg: string;
  printJob: PrintJob;
}

const refuse = (message: string): never => {
  throw new AppError('bad_request', message, { cards: [message] });
};

/** The order's printed cards with what they are drawn from: the card's design and offered fields when ordered. */
async function orderCards(db: Db, orderId: number) {
  const rows = await db
    .select({
      design: orderDesigns,
      lineName: orderLines.name,
      lineDesign: orderLines.design,
      personalFields: cards.personalFields,
      owner: users,
    })
    .from(orderDesigns)
    .innerJoin(orderLines, eq(orderLines.id, orderDesigns.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(cards, eq(cards.id, orderLines.cardId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id), asc(orderDesigns.position));
  return rows.map(({ design, lineName, lineDesign, personalFields, owner }) => ({
    row: design,
    lineName,
    owner,
    fields: design.printJob?.fields ?? personalFields ?? [],
    style: design.printJob?.design ?? lineDesign,
  }));
}

/** A printed card as the firm's correction form edits it: what it prints and what it is drawn with. */
interface CorrectableCard {
  id: number;
  line: string;
  /** The card's design and the fields it offered when ordered: the buyer's preview was drawn with these. */
  design: string;
  fields: string[];
  printed: PrintedCard;
  memberEmail: string | null;
  /** The text of the back's QR code when it is printed (the buyer's card address). */
  qrText: string;
}

export async function correctableCards(
  deps: { db: Db; publicUrl: string },
  orderId: number,
): Promise<CorrectableCard[]> {
  return (await orderCards(deps.db, orderId)).map((card) => ({
    id: card.row.id,
    line: card.lineName,
    design: card.style,
    fields: [...card.fields],
    printed: card.row.printed,
    memberEmail: card.row.memberEmail,
    qrText: qrTextOf(deps.publicUrl, card),
  }));
}

/** The QR keeps the address the order was drawn with; a card that had none gets the buyer's. */
const qrTextOf = (publicUrl: string, card: Awaited<ReturnType<typeof orderCards>>[number]) =>
  card.row.printJob?.qr ?? printedAddress(publicUrl, card.owner);

/**
 * The firm's correction of an order's printed cards, checked by the buyer's own rules (the same schema,
 * limits and fit) and drawn as the buyer's were: only the cards that change are returned. A picture may be
 * kept or removed, never swapped for one the order does not already print; the QR keeps the address the order
 * was drawn with. Done before the proof's transaction, which stores the result (`saveCorrections`).
 */
export async function drawCorrections(
  deps: { db: Db; publicUrl: string },
  orderId: number,
  input: CorrectedCardInput[],
): Promise<CorrectedDesign[]> {
  const known = await orderCards(deps.db, orderId);
  const ids = input.map((card) => card.id);
  if (new Set(ids).size !== ids.length) refuse(PERSONALISATION_MESSAGES.cardTwice);
  const pictures = new Map<number, 'logo' | 'signature'>();
  for (const { row } of known) {
    if (row.printed.logo !== undefined) pictures.set(row.printed.logo, 'logo');
    if (row.printed.signature !== undefined) pictures.set(row.printed.signature, 'signature');
  }
  const corrected: CorrectedDesign[] = [];
  for (const { id, ...entry } of input) {
    const card = known.find((item) => item.row.id === id) ?? refuse(PERSONALISATION_MESSAGES.notOnOrder);
    const [drawn] = lineDesigns([entry]);
    if (!drawn) continue;
    const { printed } = drawn;
    for (const kind of ['logo', 'signature'] as const) {
      const picture = printed[kind];
      if (picture !== undefined && pictures.get(picture) !== kind)
        refuse(PERSONALISATION_MESSAGES.notOrderedPicture);
    }
    const memberEmail = drawn.memberEmail ?? null;
    if (
      JSON.stringify(printed) === JSON.stringify(lineDesigns([card.row.printed])[0]?.printed) &&
      memberEmail === card.row.memberEmail
    ) {
      continue;
    }
    const qrText = printed.qr ? qrTextOf(deps.publicUrl, card) : null;
    const { front, back } = drawCard({
      printed,
      design: card.style,
      fields: card.fields,
      images: {
        ...(printed.logo !== undefined ? { logo: pictureStandIn(printed.logo) } : {}),
        ...(printed.signature !== undefined ? { signature: pictureStandIn(printed.signature) } : {}),
      },
      ...(qrText ? { qr: QRCode.create(qrText, { errorCorrectionLevel: 'M' }).modules } : {}),
    });
    corrected.push({
      id,
      printed,
      memberEmail,
      frontSvg: storedDrawing(front),
      backSvg: storedDrawing(back),
      printJob: { design: card.style, fields: [...card.fields], qr: qrText },
    });
  }
  if (corrected.length === 0) refuse(PERSONALISATION_MESSAGES.nothingCorrected);
  // Each line as it will be printed, corrections in place, is judged as the buyer's line was.
  for (const lineId of new Set(known.map((card) => card.row.orderLineId))) {
    const line = known.filter((card) => card.row.orderLineId === lineId);
    const problem = linePrintedProblem(
      line[0]?.lineName ?? '',
      line[0]?.fields ?? [],
      line.map((card) => corrected.find((item) => item.id === card.row.id) ?? card.row),
    );
    if (problem) refuse(problem);
  }
  return corrected;
}

/**
 * Stores corrected cards in the proof's transaction. Each one's print file is made again from the corrected
 * details by the print-file job; the old file is dropped now, and a job still drawing the old details cannot
 * store its file (print-files.ts checks the details it drew are still the card's).
 */
export async function saveCorrections(tx: Tx, corrected: CorrectedDesign[]): Promise<void> {
  for (const card of corrected) {
    await tx
      .update(orderDesigns)
      .set({
        printed: card.printed,
        memberEmail: card.memberEmail,
        frontSvg: card.frontSvg,
        backSvg: card.backSvg,
        printJob: card.printJob,
        printPdf: null,
        printAttempts: 0,
        printLockedUntil: null,
        printError: null,
      })
      .where(eq(orderDesigns.id, card.id));
  }
}
