import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { orderLineKey, personalisationKey } from '../../../common/card-design/line-designs.ts';
import { type CountryCode, countryName, isCountryCode } from '../../../common/countries.ts';
import { ADDRESS_MESSAGES } from '../../../common/messages/addresses.ts';
import { ORDER_MESSAGES } from '../../../common/messages/orders.ts';
import { centsToPrice, lineTotalCents } from '../../../common/money.ts';
import { bpToPercent } from '../../../common/tax-rate.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isCheckViolation, isUniqueViolation } from '../../db/errors.ts';
import {
  addresses,
  cards,
  type OrderLineRow,
  type OrderRow,
  orderLines,
  orders,
  type UserRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { enforceLimit, type Limit } from '../../http/rate-limit.ts';
import type { Mailer } from '../../mail/index.ts';
import { orderConfirmationMail, salesOrderMail } from '../../mail/templates.ts';
import { documentUrl } from '../billing/downloads.ts';
import { documentsOf } from '../billing/invoices.ts';
import { payableByCard } from '../card-payments/pay-by-card.ts';
import { CATALOG_TOPIC, publishStockChange } from '../catalog/service.ts';
import { offsetOf, pageFrom } from '../paging.ts';
import { paymentOf } from '../payments/payment-block.ts';
import { orderUrl } from '../payments/receipt.ts';
import {
  type DesignSummary,
  designSummaries,
  type PreparedDesign,
  prepareLineDesigns,
  printedDesignOf,
  printFilesOf,
  saveLineDesigns,
} from '../personalisation/order-designs.ts';
import { personalisationProblem } from '../personalisation/order-lines.ts';
import { cardCounts } from './card-count.ts';
import { chargesFor, priceItems, quote, subtotalCents, treatmentOf } from './pricing.ts';
import type { Order, OrderPage, Quote } from './responses.ts';
import { ORDERS_PAGE_SIZE, type OrderInput, type QuoteInput } from './schemas.ts';

/**
 * Orders placed per user and per client in an hour: each order mails the buyer and the firm, and takes
 * stock, so a script must not place them in bulk. A real buyer rarely places more than one or two.
 */
export function orderLimits(perHour: number): { perUser: Limit; perClient: Limit } {
  return {
    perUser: { max: perHour, windowMs: 60 * 60 * 1000 },
    perClient: { max: 2 * perHour, windowMs: 60 * 60 * 1000 },
  };
}
/** The default: ORDERS_PER_HOUR=10. */
export const ORDER_LIMITS = orderLimits(10);

export interface OrdersDeps {
  db: Db;
  mailer: Mailer;
  publish(topic: string): Promise<void>;
  /** The catalogue's derived figures (best sellers) changed: published soon, at most once a minute. */
  publishSoon?(): void;
  publicUrl: string;
  salesEmail: string;
  /** ORDERS_PER_HOUR's limits; ORDER_LIMITS when not given. */
  limits?: { perUser: Limit; perClient: Limit };
  /** Told when an order has print files to make. */
  printFiles?: { nudge(): void };
  /** Whether the shop takes cards: the placed order's `card_payments`. */
  cardPayments?: boolean;
}

type OrderDocument = Awaited<ReturnType<typeof documentsOf>>[number];

function toOrder(
  row: OrderRow,
  lines: OrderLineRow[],
  cardCount: number,
  documents: OrderDocument[] = [],
  designs: DesignSummary[] = [],
  options: OrderViewOptions = {},
): Order {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    subtotal: centsToPrice(row.subtotalCents),
    shipping: centsToPrice(row.shippingCents),
    shipping_zone: row.shippingZone,
    tax_rate: bpToPercent(row.taxRateBp),
    tax: centsToPrice(row.taxCents),
    total: centsToPrice(row.totalCents),
    item_count: row.itemCount,
    card_count: cardCount,
    address: {
      address: row.shipAddress,
      city: row.shipCity,
      state: row.shipState,
      country: row.shipCountryCode ? countryName(row.shipCountryCode) : row.shipCountry,
      country_code: row.shipCountryCode,
      postal_code: row.shipPostalCode,
    },
    billing: billingOf(row),
    tax_treatment: row.taxTreatment,
    items: lines.map((line) => ({
      card: line.cardId,
      name: line.name,
      sku: line.sku,
      design: line.design,
      unit_price: centsToPrice(line.unitPriceCents),
      quantity: line.quantity,
      line_total: centsToPrice(lineTotalCents(line.unitPriceCents, line.quantity)),
      printed: designs
        .filter((design) => design.orderLineId === line.id)
        .map((design) => printedDesignOf(row.id, design)),
    })),
    invoices: documents.map((document) => ({
      kind: document.kind,
      number: document.number,
      issued_at: document.issuedAt.toISOString(),
      url: documentUrl(row.number, document.number),
    })),
    print_files: printFilesOf(
      designs.filter((design) => lines.some((line) => line.id === design.orderLineId)),
    ),
    card_payments: payableByCard(row, options.cardPayments ?? false),
    payment: paymentOf(row),
  };
}

/** The company an order was bought for, as its invoice names it; null for a person's order. */
function billingOf(row: OrderRow): Order['billing'] {
  if (row.billCompany === null) return null;
  const code = row.billCountryCode ?? '';
  return {
    company: row.billCompany,
    vat_id: row.billVatId,
    address: row.billAddress ?? '',
    postal_code: row.billPostalCode ?? '',
    city: row.billCity ?? '',
    country: countryName(code),
    country_code: code,
  };
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "NX-7K3M-9Q2P": random (40 bits), so numbers reveal nothing about how many orders there are. */
function newOrderNumber(): string {
  const chars = Array.from({ length: 8 }, () => CROCKFORD[randomInt(32)]).join('');
  return `NX-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** The same order asked for again hashes the same, whatever the order of its keys or extra fields. */
function requestHash(input: OrderInput): string {
  const canonical = {
    address: input.address,
    items: input.items.map((item) =>
      item.personalisation
        ? [item.card, item.design, item.quantity, personalisationKey(item.personalisation)]
        : [item.card, item.design, item.quantity],
    ),
    // Only when given: an order without a company hashes as it did before companies were asked for.
    ...(input.company ? { company: input.company } : {}),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * The personalised lines drawn before the order's transaction (drawing takes a while; no lock is held), by
 * line. A line whose card cannot take its personalisation is left to the transaction's checks to refuse.
 */
async function drawPersonalisedLines(
  deps: OrdersDeps,
  user: UserRow,
  input: OrderInput,
): Promise<Map<string, PreparedDesign[]>> {
  const drawn = new Map<string, PreparedDesign[]>();
  const personalised = input.items.filter((item) => item.personalisation);
  if (personalised.length === 0) return drawn;
  const rows = await deps.db
    .select()
    .from(cards)
    .where(inArray(cards.id, [...new Set(personalised.map((item) => item.card))]));
  const cardOf = new Map(rows.map((row) => [row.id, row]));
  for (const item of personalised) {
    const card = cardOf.get(item.card);
    const key = orderLineKey(item.card, item.design, item.personalisation);
    if (!card || !item.personalisation || drawn.has(key)) continue;
    if (personalisationProblem(card, item.personalisation)) continue;
    drawn.set(key, await prepareLineDesigns(deps, user, card, item.personalisation));
  }
  return drawn;
}

/** What an order's view depends on beyond its rows: whether the shop takes cards (Stripe is configured). */
interface OrderViewOptions {
  cardPayments?: boolean;
}

export async function withLines(db: Db, rows: OrderRow[], options: OrderViewOptions = {}): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, documents, counts] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(orderLines.id),
    documentsOf(db, ids),
    cardCounts(db, ids),
  ]);
  const designs = await designSummaries(
    db,
    lines.map((line) => line.id),
  );
  return rows.map((row) =>
    toOrder(
      row,
      lines.filter((line) => line.orderId === row.id),
      counts.get(row.id) ?? 0,
      documents.filter((document) => document.orderId === row.id),
      designs,
      options,
    ),
  );
}

/** One of the user's own addresses; anyone else's is the same "select an address" as one that does not exist. */
async function ownAddress(db: Db | Tx, userId: number | undefined, id: number) {
  const [address] =
    userId === undefined
      ? []
      : await db
          .select()
          .from(addresses)
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!address) {
    throw new AppError('bad_request', ORDER_MESSAGES.noAddress, { address: [ORDER_MESSAGES.noAddress] });
  }
  return { ...address, countryCode: knownCountry(address) };
}

/** Nothing is priced or shipped to a country the system did not recognise: its owner chooses one first. */
function knownCountry(address: { country: string; countryCode: string | null }): CountryCode {
  if (address.countryCode && isCountryCode(address.countryCode)) return address.countryCode;
  const message = ADDRESS_MESSAGES.chooseCountry(address.country);
  throw new AppError('bad_request', message, { address: [message] });
}

/** A cart priced; with one of the user's addresses, with the shipping and tax placing it will charge. */
export async function quoteFor(db: Db, userId: number | undefined, input: QuoteInput): Promise<Quote> {
  if (input.address === undefined) return quote(db, input.items, undefined, input.company);
  const address = await ownAddress(db, userId, input.address);
  return quote(db, input.items, address.countryCode, input.company);
}

async function orderByKey(db: Db, userId: number, key: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

async function replay(
  db: Db,
  row: OrderRow,
  hash: string,
  options: OrderViewOptions,
): Promise<{ order: Order; replayed: true }> {
  if (row.requestHash !== hash) throw new AppError('conflict', ORDER_MESSAGES.keyReused);
  const [order] = await withLines(db, [row], options);
  if (!order) throw new Error('order vanished');
  return { order, replayed: true };
}

/**
 * Places an order in one transaction: the address must be the user's, every card active, in the design
 * asked for and in stock; prices and names come from the database; stock goes down in the same
 * transaction. The same Idempotency-Key returns the first order instead of making a second one.
 * Its e-mails are queued in the same transaction and sent after the commit; mail never undoes the order.
 */
export async function placeOrder(
  deps: OrdersDeps,
  user: UserRow,
  input: OrderInput,
  idempotencyKey: string,
  client: string,
): Promise<{ order: Order; replayed: boolean }> {
  const { db } = deps;
  const hash = requestHash(input);
  const earlier = await orderByKey(db, user.id, idempotencyKey);
  if (earlier) return replay(db, earlier, hash, { cardPayments: deps.cardPayments });
  // A retry of an order already placed (above) is not a new order and is not counted.
  const limits = deps.limits ?? ORDER_LIMITS;
  await enforceLimit(db, `order:${user.id}`, limits.perUser, ORDER_MESSAGES.tooMany);
  await enforceLimit(db, `order-client:${client}`, limits.perClient, ORDER_MESSAGES.tooMany);

  const drawn = await drawPersonalisedLines(deps, user, input);
  let order: Order;
  /** The cards whose stock this order takes from. */
  const stocked = new Set<string>();
  try {
    order = await db.transaction(async (tx) => {
      const address = await ownAddress(tx, user.id, input.address);
      const lines = await priceItems(tx, input.items, { lock: true });
      const problems = lines.flatMap((line) => (line.problem ? [line.problem] : []));
      const [first] = problems;
      if (first) {
        throw new AppError(first.kind, first.message, { items: problems.map((problem) => problem.message) });
      }

      for (const line of lines) {
        if (!line.card) continue;
        const tracked = line.card.stock !== null;
        if (tracked) stocked.add(line.card.slug);
        await tx
          .update(cards)
          .set({
            unitsSold: sql`${cards.unitsSold} + ${line.quantity}`,
            ...(tracked ? { stock: sql`${cards.stock} - ${line.quantity}`, updatedAt: sql`now()` } : {}),
          })
          .where(eq(cards.id, line.card.id));
      }

      const priced = lines.flatMap((line) => (line.card ? [{ ...line, card: line.card }] : []));
      const subtotal = subtotalCents(lines);
      // Priced with the rates as they are now, and kept: a later change of rates never changes this order.
      const treatment = treatmentOf(input.company, address.countryCode);
      const charges = await chargesFor(tx, address.countryCode, subtotal, treatment);
      const { company } = input;
      const [row] = await tx
        .insert(orders)
        .values({
          number: newOrderNumber(),
          userId: user.id,
          // A personalised card is made only once its owner approved the proof.
          ...(drawn.size > 0 ? { status: 'awaiting_proof' as const } : {}),
          totalCents: subtotal + charges.shippingCents + charges.taxCents,
          subtotalCents: subtotal,
          shippingCents: charges.shippingCents,
          shippingZone: charges.zone,
          taxCents: charges.taxCents,
          taxRateBp: charges.taxRateBp,
          itemCount: priced.reduce((sum, line) => sum + line.quantity, 0),
          addressId: address.id,
          shipAddress: address.address,
          shipCity: address.city,
          shipState: address.state,
          shipCountry: countryName(address.countryCode),
          shipCountryCode: address.countryCode,
          shipPostalCode: address.postalCode,
          taxTreatment: treatment,
          ...(company
            ? {
                billCompany: company.name,
                billVatId: company.vat_id,
                billAddress: company.address,
                billCity: company.city,
                billPostalCode: company.postal_code,
                billCountryCode: company.country_code,
              }
            : {}),
          idempotencyKey,
          requestHash: hash,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      const lineRows = await tx
        .insert(orderLines)
        .values(
          priced.map((line) => ({
            orderId: row.id,
            cardId: line.card.id,
            name: line.card.name,
            sku: line.card.sku,
            design: line.design,
            unitPriceCents: line.card.priceCents,
            quantity: line.quantity,
          })),
        )
        .returning();
      for (const [index, line] of priced.entries()) {
        const designs = drawn.get(orderLineKey(line.card.id, line.design, line.personalisation));
        const lineRow = lineRows[index];
        if (designs && lineRow) await saveLineDesigns(tx, lineRow.id, designs);
      }
      const placed = toOrder(
        row,
        lineRows,
        (await cardCounts(tx, [row.id])).get(row.id) ?? 0,
        [],
        drawn.size > 0
          ? await designSummaries(
              tx,
              lineRows.map((line) => line.id),
            )
          : [],
        { cardPayments: deps.cardPayments },
      );
      // Queued in the same transaction: the e-mails exist exactly when the order does.
      const ordersUrl = orderUrl(deps.publicUrl, placed.number);
      await deps.mailer.sendLater(orderConfirmationMail(user.email, user.firstName, placed, ordersUrl), tx);
      await deps.mailer.sendLater(salesOrderMail(deps.salesEmail, user, placed), tx);
      return placed;
    });
  } catch (error) {
    // The same key sent twice at once: the other request's order won; answer with it.
    if (isUniqueViolation(error)) {
      const winner = await orderByKey(db, user.id, idempotencyKey);
      if (winner) return replay(db, winner, hash, { cardPayments: deps.cardPayments });
    }
    if (isCheckViolation(error)) throw new AppError('conflict', 'A card in the order just sold out.');
    throw error;
  }

  if (drawn.size > 0) deps.printFiles?.nudge();
  // Stock shown on the catalogue changed: at once. Only the best sellers on the home page: soon.
  if (stocked.size > 0) await publishStockChange(deps, stocked).catch(() => undefined);
  if (deps.publishSoon) deps.publishSoon();
  else await deps.publish(CATALOG_TOPIC).catch(() => undefined);
  return { order, replayed: false };
}

/** The user's own orders, newest first. */
export async function listOrders(
  db: Db,
  userId: number,
  page: number,
  options: OrderViewOptions = {},
): Promise<OrderPage> {
  const rows = await db
    .select({ order: orders, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset(offsetOf(page, ORDERS_PAGE_SIZE));
  const count = rows[0]?.total ?? (page === 1 ? 0 : await countOrders(db, userId));
  const found = pageFrom(page, ORDERS_PAGE_SIZE, rows, count);
  return {
    ...found,
    results: await withLines(
      db,
      found.results.map((row) => row.order),
      options,
    ),
  };
}

async function countOrders(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(eq(orders.userId, userId));
  return row?.value ?? 0;
}

/** One of the user's own orders; anyone else's is "not found". */
export async function getOrder(
  db: Db,
  userId: number,
  id: number,
  options: OrderViewOptions = {},
): Promise<Order> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!row) throw new AppError('not_found', ORDER_MESSAGES.notFound);
  const [order] = await withLines(db, [row], options);
  if (!order) throw new AppError('not_found', ORDER_MESSAGES.notFound);
  return order;
}
