// Invoices and credit notes: numbered without gaps per kind and year, issued inside the transaction that
// confirms or cancels the order (drawn before it when the number still holds), and never changed once issued.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { countryName } from '../../../common/countries.ts';
import { rfReference } from '../../../common/rf-reference.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  type InvoiceKind,
  type InvoiceRow,
  invoiceCounters,
  invoices,
  type MailAttachment,
  orderLines,
  orders,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { runHeavy } from '../../jobs/heavy-work.ts';
import { type Actor, recordAudit } from '../staff/audit.ts';
import type { InvoicePdfData } from './invoice-pdf.ts';
import { cityLine, firmSeller, type Seller } from './seller.ts';

const PREFIX: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/**
 * How old a drawing ahead may be when its transaction starts: its time is the document's date, so one that
 * waited long in a busy pool is drawn again rather than dated minutes before the change it records.
 */
const PREPARED_FOR_MS = 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** "INV-2026-0001", "CN-2026-0012": what the customer quotes. */
function documentNumber(kind: InvoiceKind, year: number, seq: number): string {
  return `${PREFIX[kind]}-${year}-${String(seq).padStart(4, '0')}`;
}

/**
 * The next number of a kind in a year, taken in the caller's transaction: the counter row stays locked
 * until it commits (so concurrent issuers queue on it) and a rolled-back transaction gives its number back.
 */
async function nextSeq(tx: Db | Tx, kind: InvoiceKind, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, year, lastSeq: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.kind, invoiceCounters.year],
      set: { lastSeq: sql`${invoiceCounters.lastSeq} + 1` },
    })
    .returning({ lastSeq: invoiceCounters.lastSeq });
  if (!row) throw new Error('the invoice counter returned nothing');
  return row.lastSeq;
}

/** The order's invoice, or its latest credit note. */
async function documentOf(tx: Db | Tx, orderId: number, kind: InvoiceKind): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, kind)))
    .orderBy(desc(invoices.id))
    .limit(1);
  return row;
}

/** What of an invoice its credit notes have not yet taken back. */
async function creditable(tx: Db | Tx, invoice: InvoiceRow): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)`.mapWith(Number) })
    .from(invoices)
    .where(and(eq(invoices.creditsInvoiceId, invoice.id), eq(invoices.kind, 'credit_note')));
  return invoice.totalCents + (row?.cents ?? 0);
}

/** The order with its customer and lines; locked for the rest of the transaction unless only looked at. */
async function lockedOrder(tx: Db | Tx, orderId: number, lock: 'lock' | 'look' = 'lock') {
  const query = tx
    // The database's time (one clock for every host) dates the document and gives its year.
    .select({ order: orders, user: users, now: sql<Date | string>`now()` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  const [found] = lock === 'lock' ? await query.for('update', { of: orders }) : await query;
  if (!found) throw new Error(`no order ${orderId}`);
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  return { ...found, lines };
}

type LockedOrder = Awaited<ReturnType<typeof lockedOrder>>;

function pdfData(
  found: LockedOrder,
  seller: Seller,
  document: Omit<InvoicePdfData, keyof ReturnType<typeof orderFacts>>,
): InvoicePdfData {
  return { ...orderFacts(found, seller), ...document };
}

/** The invoice a credit note corrects, as it prints it. */
const correcting = (invoice: InvoiceRow | null | undefined) =>
  invoice ? { number: invoice.number, issuedAt: invoice.issuedAt } : null;

/** What both documents print of the order: its snapshot, never the live catalogue or address book. */
function orderFacts({ order, user, lines }: LockedOrder, seller: Seller) {
  return {
    seller,
    orderNumber: order.number,
    orderDate: order.createdAt,
    reference: rfReference(order.number),
    customer: { name: [user.firstName, user.lastName].filter(Boolean).join(' '), email: user.email },
    company:
      order.billCompany === null
        ? null
        : {
            name: order.billCompany,
            address: [
              order.billAddress ?? '',
              cityLine(order.billPostalCode, order.billCity, order.billCountryCode),
              order.billCountryCode ? countryName(order.billCountryCode) : '',
            ].filter(Boolean),
            vatId: order.billVatId,
          },
    taxTreatment: order.taxTreatment,
    address: [
      order.shipAddress,
      [order.shipCity, order.shipState, order.shipPostalCode].filter(Boolean).join(', '),
      // The proper name of the country it was taxed by, whatever was typed.
      order.shipCountryCode ? countryName(order.shipCountryCode) : order.shipCountry,
    ].filter(Boolean),
    lines: lines.map((line) => ({
      name: line.name,
      sku: line.sku,
      design: line.design,
      quantity: line.quantity,
      unitCents: line.unitPriceCents,
    })),
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    shippingZone: order.shippingZone,
    taxCents: order.taxCents,
    taxRateBp: order.taxRateBp,
    totalCents: order.totalCents,
  };
}

async function issue(
  tx: Db | Tx,
  actor: Actor,
  found: LockedOrder,
  kind: InvoiceKind,
  credits: InvoiceRow | null,
  options: DocumentOptions,
  /**
   * What a credit note takes back (its invoice's whole total on a cancellation, a part on a refund), what
   * earlier ones took back, and whether the order's charge was already lowered by it (a refund before the
   * invoice was issued: documented now, not lowered twice).
   */
  credit: { cents: number; beforeCents: number; lowered?: boolean } = { cents: 0, beforeCents: 0 },
): Promise<InvoiceRow> {
  const creditCents = credit.cents;
  const creditedBeforeCents = credit.beforeCents;
  const { prepared } = options;
  const seller = options.seller ?? firmSeller();
  const at = options.issuedAt ?? new Date(found.now);
  // The year is the issue date's year in UTC; the number is taken last, so its row is locked briefly.
  const year = at.getUTCFullYear();
  const seq = await nextSeq(tx, kind, year);
  const number = documentNumber(kind, year, seq);
  // Drawn before the transaction for this very number and these facts: used as it is, dated when drawn.
  const fits =
    !options.issuedAt &&
    prepared?.number === number &&
    at.getTime() - prepared.issuedAt.getTime() <= PREPARED_FOR_MS &&
    prepared.data ===
      JSON.stringify(
        pdfData(found, seller, {
          kind,
          number,
          issuedAt: prepared.issuedAt,
          credits: correcting(credits),
          creditCents,
          creditedBeforeCents,
        }),
      );
  const issuedAt = fits ? prepared.issuedAt : at;
  // Otherwise drawn here, in the pool, in the buyer's turn (a page of text: a fraction of a second idle).
  const pdf = fits
    ? prepared.pdf
    : await runHeavy(
        `user:${found.order.userId}`,
        'invoicePdf',
        pdfData(found, seller, {
          kind,
          number,
          issuedAt,
          credits: correcting(credits),
          creditCents,
          creditedBeforeCents,
        }),
      );
  const [row] = await tx
    .insert(invoices)
    .values({
      orderId: found.order.id,
      kind,
      year,
      seq,
      number,
      creditsInvoiceId: credits?.id ?? null,
      // A credit note takes back (part of) its invoice's amount: a cancellation's and its invoice sum to nothing.
      totalCents: kind === 'invoice' ? found.order.totalCents : -creditCents,
      pdf,
      issuedAt,
    })
    .returning();
  if (!row) throw new Error('the invoice insert returned nothing');
  // The invoice starts the payment terms; a credit note lowers what the buyer is charged.
  if (kind === 'invoice' || !credit.lowered)
    await tx
      .update(orders)
      .set(
        kind === 'invoice'
          ? { dueAt: new Date(issuedAt.getTime() + seller.termsDays * DAY_MS) }
          : { creditedCents: sql`${orders.creditedCents} + ${creditCents}` },
      )
      .where(eq(orders.id, found.order.id));
  await recordAudit(tx, actor, {
    action: kind === 'invoice' ? 'invoice.issue' : 'invoice.credit',
    targetType: 'order',
    targetId: found.order.id,
    after: { number, total_cents: row.totalCents, ...(credits ? { credits: credits.number } : {}) },
  });
  return row;
}

interface DocumentOptions {
  /** For tests of another year; the transaction's time otherwise. */
  issuedAt?: Date;
  /** The document drawn before the transaction (`prepareDocument`), used when it still fits. */
  prepared?: PreparedDocument | undefined;
  /** Who issues it: the firm of content/company.ts unless told. */
  seller?: Seller;
}

/**
 * The order's invoice, issued now in the caller's transaction unless it already has one (then that one,
 * unchanged). A charge already lowered before it (a refund while the order had no invoice) is documented by a
 * credit note issued right after it, so the invoice and its credit notes add up to what the order charges.
 */
export async function issueInvoice(
  tx: Db | Tx,
  actor: Actor,
  orderId: number,
  options: DocumentOptions = {},
): Promise<InvoiceRow> {
  const found = await lockedOrder(tx, orderId);
  const existing = await documentOf(tx, orderId, 'invoice');
  if (existing) return existing;
  const invoice = await issue(tx, actor, found, 'invoice', null, options);
  const lowered = Math.min(found.order.creditedCents, invoice.totalCents);
  if (lowered > 0)
    await issue(
      tx,
      actor,
      found,
      'credit_note',
      invoice,
      { ...(options.seller ? { seller: options.seller } : {}), issuedAt: invoice.issuedAt },
      { cents: lowered, beforeCents: 0, lowered: true },
    );
  return invoice;
}

/**
 * A credit note for the invoice of an order, in the caller's transaction: without `amountCents`, for what is
 * left of the invoice (an order being cancelled; the latest credit note when nothing is left); with it, for
 * that part (a refund that lowers the charge). Null when the order was never invoiced: a cancellation then
 * takes the whole charge back without a document, and a part is the caller's to record.
 */
export async function issueCreditNote(
  tx: Db | Tx,
  actor: Actor,
  orderId: number,
  options: DocumentOptions & { amountCents?: number } = {},
): Promise<InvoiceRow | null> {
  const found = await lockedOrder(tx, orderId);
  const invoice = await documentOf(tx, orderId, 'invoice');
  if (!invoice) {
    if (options.amountCents === undefined)
      await tx.update(orders).set({ creditedCents: found.order.totalCents }).where(eq(orders.id, orderId));
    return null;
  }
  const left = await creditable(tx, invoice);
  const cents = Math.min(options.amountCents ?? left, left);
  if (cents <= 0) return (await documentOf(tx, orderId, 'credit_note')) ?? null;
  return issue(tx, actor, found, 'credit_note', invoice, options, {
    cents,
    beforeCents: invoice.totalCents - left,
  });
}

/** A document drawn before the transaction that issues it, for the number it would get then. */
export interface PreparedDocument {
  number: string;
  issuedAt: Date;
  /** What was drawn, as JSON: the transaction uses the drawing only if it would draw the same. */
  data: string;
  pdf: Buffer;
}

/**
 * `prepareDocument`, with a refusal of the pool (busy, or too slow) taken as nothing drawn: the transaction
 * then draws, and says the refusal if it meets it again. Any other failure is a fault and is thrown.
 */
export function prepareDocumentIfFree(
  db: Db,
  orderId: number,
  kind: InvoiceKind,
): Promise<PreparedDocument | undefined> {
  return prepareDocument(db, orderId, kind).catch((error: unknown) => {
    if (error instanceof AppError) return undefined;
    throw error;
  });
}

/**
 * Draws the order's next document of a kind before the transaction that issues it, for the number the
 * counter would give now. A transaction that waited for the pool would hold its locks that long, and on
 * the embedded database the one connection every request shares. `issue` uses the drawing when its number
 * and facts still hold. Otherwise (another document was numbered meanwhile) it draws again inside.
 * Nothing to draw: the order already has that document, or a credit note has no invoice to cancel.
 */
export async function prepareDocument(
  db: Db,
  orderId: number,
  kind: InvoiceKind,
): Promise<PreparedDocument | undefined> {
  const found = await lockedOrder(db, orderId, 'look');
  const invoice = await documentOf(db, orderId, 'invoice');
  const creditCents = kind === 'credit_note' && invoice ? await creditable(db, invoice) : 0;
  const creditedBeforeCents = kind === 'credit_note' && invoice ? invoice.totalCents - creditCents : 0;
  if (kind === 'invoice' ? invoice : creditCents <= 0) return undefined;
  // The date and the counter in one statement, read after the documents: a document numbered before this
  // one is never dated after it.
  const [clock] = await db
    .select({
      now: sql<Date | string>`now()`,
      lastSeq: sql<number | string | null>`(select ${invoiceCounters.lastSeq} from ${invoiceCounters}
        where ${invoiceCounters.kind} = ${kind}
        and ${invoiceCounters.year} = extract(year from now() at time zone 'UTC')::int)`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!clock) return undefined;
  const issuedAt = new Date(clock.now);
  const number = documentNumber(kind, issuedAt.getUTCFullYear(), Number(clock.lastSeq ?? 0) + 1);
  const data = pdfData(found, firmSeller(), {
    kind,
    number,
    issuedAt,
    credits: kind === 'credit_note' ? correcting(invoice) : null,
    creditCents,
    creditedBeforeCents,
  });
  // In a turn of its own: a drawing ahead must never take the turn the transaction's own drawing needs.
  const pdf = await runHeavy('job:documents-ahead', 'invoicePdf', data);
  return { number, issuedAt, data: JSON.stringify(data), pdf };
}

/** The file name a document downloads and is attached as: "INV-2026-0001.pdf". */
export const pdfFileName = (row: Pick<InvoiceRow, 'number'>) => `${row.number}.pdf`;

/** A document as a mail attachment (base64: the queue keeps attachments as JSON text). */
export function invoiceAttachment(row: Pick<InvoiceRow, 'number' | 'pdf'>): MailAttachment {
  return {
    filename: pdfFileName(row),
    contentType: 'application/pdf',
    content: row.pdf.toString('base64'),
    encoding: 'base64',
  };
}

/**
 * For a flow that confirms an order itself (a customer approving a proof): call it in the same transaction,
 * after the status became `confirmed`; it issues (or returns) the invoice and the attachment for the mail.
 */
export async function invoiceConfirmedOrder(
  tx: Db | Tx,
  actor: Actor,
  orderId: number,
  prepared?: PreparedDocument,
): Promise<{ invoice: InvoiceRow; attachment: MailAttachment }> {
  const invoice = await issueInvoice(tx, actor, orderId, { prepared });
  return { invoice, attachment: invoiceAttachment(invoice) };
}

/** The documents of some orders (no PDFs), oldest first: what order lists show and link to. */
export async function documentsOf(
  db: Db | Tx,
  orderIds: number[],
): Promise<Array<Pick<InvoiceRow, 'orderId' | 'kind' | 'number' | 'issuedAt'>>> {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: invoices.orderId,
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
    })
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds))
    .orderBy(asc(invoices.id));
}

/**
 * One order's document with its PDF: by its number, or the latest of a kind (the invoice; the latest credit
 * note). `owner` limits it to that customer's orders.
 */
export async function findDocument(
  db: Db,
  order: { number: string; owner: number } | { id: number },
  which: { kind: InvoiceKind } | { number: string },
): Promise<InvoiceRow | undefined> {
  const where =
    'id' in order
      ? eq(orders.id, order.id)
      : and(eq(orders.number, order.number), eq(orders.userId, order.owner));
  const [row] = await db
    .select({ document: invoices })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(where, 'kind' in which ? eq(invoices.kind, which.kind) : eq(invoices.number, which.number)))
    .orderBy(desc(invoices.id))
    .limit(1);
  return row?.document;
}
