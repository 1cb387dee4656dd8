import { orderLineKey, type PersonalisationEntry } from '../../common/card-design/line-designs';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../common/limits';
import { priceToCents } from '../../common/money';

/*
 * Reading the saved cart, shared by the React cart (cart.ts) and the light pages' site script (app/site-script),
 * which shows the header's count without React: both read one format the same way.
 */

/** The browser-side cart, kept in localStorage["cart"] as the specification says. */
export const CART_KEY = 'cart';

export interface CartCard {
  id: number;
  name: string;
  slug: string;
  price: string;
  cover_image: string | null;
}

export interface CartItem {
  card: CartCard;
  design: string;
  quantity: number;
  /** Printed details, one entry per card of the pack; absent for a stock card. */
  personalisation?: PersonalisationEntry[];
}

/** A line's identity: the same card in the same design with other printed details is another line. */
export function lineKey(
  item: Pick<CartItem, 'design' | 'personalisation'> & { card: { id: number } },
): string {
  return orderLineKey(item.card.id, item.design, item.personalisation);
}

const TEXT_FIELDS = ['name', 'title', 'company', 'member_email'] as const;
const UPLOAD_FIELDS = ['logo', 'signature'] as const;

/** A saved entry as far as it is well-formed; the server checks the rest when the cart is quoted. */
function parseEntry(value: unknown): PersonalisationEntry | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const raw = value as Record<string, unknown>;
  const entry: PersonalisationEntry = {};
  for (const field of TEXT_FIELDS) if (typeof raw[field] === 'string') entry[field] = raw[field];
  for (const field of UPLOAD_FIELDS) if (Number.isInteger(raw[field])) entry[field] = raw[field] as number;
  if (raw.qr === true) entry.qr = true;
  return entry;
}

function parsePersonalisation(value: unknown): PersonalisationEntry[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const entries = value.map(parseEntry);
  return entries.every((entry) => entry !== undefined) ? (entries as PersonalisationEntry[]) : undefined;
}

export const EMPTY: CartItem[] = [];

export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(quantity)));
}

/** Keeps only well-formed items (an older or broken saved cart never crashes the page). */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return EMPTY;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (!Array.isArray(value)) return EMPTY;
  const items: CartItem[] = [];
  for (const entry of value) {
    const card = entry?.card;
    if (!card || typeof card !== 'object' || !Number.isInteger(card.id) || typeof entry.design !== 'string')
      continue;
    items.push({
      card: {
        id: card.id,
        name: typeof card.name === 'string' ? card.name : '',
        slug: typeof card.slug === 'string' ? card.slug : '',
        price: typeof card.price === 'string' && priceToCents(card.price) !== undefined ? card.price : '0.00',
        cover_image: typeof card.cover_image === 'string' ? card.cover_image : null,
      },
      design: entry.design,
      quantity: clampQuantity(Number(entry.quantity)),
      ...withPersonalisation(parsePersonalisation(entry.personalisation)),
    });
  }
  // Two entries for one line (an older cart) become one.
  return items.reduce<CartItem[]>((merged, item) => withAdded(merged, item, item.quantity), []);
}

const withPersonalisation = (personalisation: PersonalisationEntry[] | undefined) =>
  personalisation ? { personalisation } : {};

/** What is added: a card in a design, with printed details or without. */
export type NewLine = Pick<CartItem, 'card' | 'design' | 'personalisation'>;

/** The cart with `quantity` more of a line; the same card, design and printed details raise the quantity. */
export function withAdded(items: CartItem[], line: NewLine, quantity = 1): CartItem[] {
  const key = lineKey(line);
  const existing = items.find((item) => lineKey(item) === key);
  return existing
    ? items.map((item) =>
        item === existing ? { ...item, quantity: clampQuantity(item.quantity + quantity) } : item,
      )
    : [
        ...items,
        {
          card: line.card,
          design: line.design,
          quantity: clampQuantity(quantity),
          ...withPersonalisation(line.personalisation),
        },
      ];
}

/** The saved cart's text; null when there is none or storage is blocked. */
export function storedCart(): string | null {
  try {
    return window.localStorage.getItem(CART_KEY);
  } catch {
    return null;
  }
}

/** How many cards the cart holds: what the header's cart link shows. */
export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

export const cartLinkLabel = (count: number) => `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
