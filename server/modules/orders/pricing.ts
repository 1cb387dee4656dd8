import { asc, inArray } from 'drizzle-orm';
import { orderLineKey } from '../../../common/card-design/line-designs.ts';
import type { CountryCode } from '../../../common/countries.ts';
import { MAX_QUANTITY } from '../../../common/limits.ts';
import { centsToPrice, lineTotalCents, totalCents } from '../../../common/money.ts';
import { bpToPercent } from '../../../common/tax-rate.ts';
import { type TaxTreatment, taxTreatmentOf } from '../../../common/vat-id.ts';
import type { Db, Tx } from '../../db/client.ts';
import { type CardRow, cards } from '../../db/schema/index.ts';
import type { ErrorKind } from '../../errors.ts';
import { type ShippingAndTax, shippingAndTax } from '../billing/rates.ts';
import { firmSeller } from '../billing/seller.ts';
import { personalisationProblem } from '../personalisation/order-lines.ts';
import type { PrintedCardInput } from '../personalisation/schemas.ts';
import type { BillingCompany } from './company-schema.ts';
import type { Quote, QuotedLine } from './responses.ts';
import type { OrderItemInput } from './schemas.ts';

/** Why a line cannot be ordered, and whether that is the client's mistake (400) or the shop's state (409). */
interface LineProblem {
  kind: Extract<ErrorKind, 'bad_request' | 'conflict'>;
  message: string;
}

/** One cart line priced from the database. */
interface PricedLine {
  card: CardRow | undefined;
  cardId: number;
  design: string;
  quantity: number;
  personalisation: PrintedCardInput[] | undefined;
  problem: LineProblem | undefined;
}

/** Lines of the same card, design and personalisation become one (the cart does the same). */
function merged(items: OrderItemInput[]): OrderItemInput[] {
  const byKey = new Map<string, OrderItemInput>();
  for (const item of items) {
    const key = orderLineKey(item.card, item.design, item.personalisation);
    const seen = byKey.get(key);
    byKey.set(key, seen ? { ...seen, quantity: seen.quantity + item.quantity } : { ...item });
  }
  return [...byKey.values()];
}

function problemOf(
  card: CardRow | undefined,
  item: OrderItemInput,
  wantedOfCard: number,
): LineProblem | undefined {
  if (!card) return { kind: 'bad_request', message: `Card #${item.card} does not exist.` };
  if (!card.active) return { kind: 'conflict', message: `“${card.name}” is no longer available.` };
  if (card.category !== item.design) {
    return { kind: 'bad_request', message: `“${card.name}” does not come in the design “${item.design}”.` };
  }
  const personal = personalisationProblem(card, item.personalisation);
  if (personal) return { kind: 'bad_request', message: personal };
  if (item.quantity > MAX_QUANTITY) {
    return { kind: 'bad_request', message: `At most ${MAX_QUANTITY} of “${card.name}” per order.` };
  }
  if (card.stock !== null && wantedOfCard > card.stock) {
    return {
      kind: 'conflict',
      message:
        card.stock === 0
          ? `“${card.name}” is out of stock.`
          : `Only ${card.stock} of “${card.name}” left in stock.`,
    };
  }
  return undefined;
}

/**
 * Prices the items from the database. With `lock`, the rows of the cards whose stock is counted are locked
 * (in id order, so two orders never deadlock) until the transaction ends: the stock read here is the stock
 * written later. Cards without a stock count are not locked, so orders for them never wait on each other.
 */
export async function priceItems(
  db: Db | Tx,
  items: OrderItemInput[],
  options: { lock?: boolean } = {},
): Promise<PricedLine[]> {
  const lines = merged(items);
  const ids = [...new Set(lines.map((line) => line.card))];
  const rows = await db.select().from(cards).where(inArray(cards.id, ids)).orderBy(asc(cards.id));
  const counted = rows.filter((row) => row.stock !== null).map((row) => row.id);
  if (options.lock && counted.length > 0) {
    const locked = await db
      .select({ id: cards.id, stock: cards.stock })
      .from(cards)
      .where(inArray(cards.id, counted))
      .orderBy(asc(cards.id))
      .for('update');
    // The stock as it is now that no other order can change it.
    const stockOf = new Map(locked.map((row) => [row.id, row.stock]));
    for (const row of rows) if (stockOf.has(row.id)) row.stock = stockOf.get(row.id) ?? null;
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const wanted = new Map<number, number>();
  for (const line of lines) wanted.set(line.card, (wanted.get(line.card) ?? 0) + line.quantity);
  return lines.map((line) => {
    const card = byId.get(line.card);
    return {
      card,
      cardId: line.card,
      design: line.design,
      quantity: line.quantity,
      personalisation: line.personalisation,
      problem: problemOf(card, line, wanted.get(line.card) ?? line.quantity),
    };
  });
}

const unitCents = (line: PricedLine) => line.card?.priceCents ?? 0;

/** The goods of the lines that can be ordered, in cents. */
export function subtotalCents(lines: PricedLine[]): number {
  return totalCents(
    lines.flatMap((line) =>
      line.card && !line.problem ? [{ unitCents: line.card.priceCents, quantity: line.quantity }] : [],
    ),
  );
}

function toQuote(lines: PricedLine[], charges: ShippingAndTax | undefined, treatment: TaxTreatment): Quote {
  const orderable = lines.filter((line) => !line.problem);
  const items = lines.map(
    (line): QuotedLine => ({
      card: line.cardId,
      name: line.card?.name ?? 'Unknown card',
      slug: line.card?.slug ?? '',
      sku: line.card?.sku ?? '',
      design: line.design,
      cover_image: line.card?.coverImage ?? null,
      unit_price: centsToPrice(unitCents(line)),
      quantity: line.quantity,
      line_total: centsToPrice(lineTotalCents(unitCents(line), line.quantity)),
      problem: line.problem?.message ?? null,
    }),
  );
  const subtotal = subtotalCents(lines);
  return {
    items,
    subtotal: centsToPrice(subtotal),
    shipping: charges ? centsToPrice(charges.shippingCents) : null,
    shipping_zone: charges ? charges.zone : null,
    tax_rate: charges ? bpToPercent(charges.taxRateBp) : null,
    tax: charges ? centsToPrice(charges.taxCents) : null,
    total: centsToPrice(subtotal + (charges ? charges.shippingCents + charges.taxCents : 0)),
    item_count: orderable.reduce((count, line) => count + line.quantity, 0),
    orderable: orderable.length === lines.length,
    tax_treatment: treatment,
  };
}

/**
 * How an order for this buyer shipped to this country is taxed: exempt (intra-Community supply) for an EU
 * business abroad whose goods go to another member state, as usual otherwise (and before a destination is known).
 */
export function treatmentOf(
  company: BillingCompany | undefined,
  shipCountry: CountryCode | undefined,
): TaxTreatment {
  return taxTreatmentOf(
    firmSeller().address.countryCode,
    company ? { countryCode: company.country_code, vatId: company.vat_id } : undefined,
    shipCountry,
  );
}

/** Shipping and tax to a country: its rate, or no tax at all under the reverse charge (the buyer accounts for it). */
export async function chargesFor(
  db: Db | Tx,
  country: CountryCode,
  subtotal: number,
  treatment: TaxTreatment,
): Promise<ShippingAndTax> {
  const charges = await shippingAndTax(db, country, subtotal);
  return treatment === 'reverse_charge' ? { ...charges, taxRateBp: 0, taxCents: 0 } : charges;
}

/**
 * Prices a cart; with the country it ships to, its shipping and tax too (what placing it will charge); with a
 * company, taxed as an order for it will be.
 */
export async function quote(
  db: Db,
  items: OrderItemInput[],
  country?: CountryCode,
  company?: BillingCompany,
): Promise<Quote> {
  const lines = await priceItems(db, items);
  const treatment = treatmentOf(company, country);
  const charges =
    country === undefined ? undefined : await chargesFor(db, country, subtotalCents(lines), treatment);
  return toQuote(lines, charges, treatment);
}
