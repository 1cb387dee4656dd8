import { useSyncExternalStore } from 'react';
import { orderLineKey, type PersonalisationEntry } from '../../common/card-design/line-designs';
import { MAX_QUANTITY, MIN_QUANTITY } from '../../common/limits';
import { lineTotalCents, priceToCents, totalCents } from '../../common/money';

/** The browser-side cart, kept in localStorage["cart"] as the specification says. */
const CART_KEY = 'cart';

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

const EMPTY: CartItem[] = [];
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedItems: CartItem[] = EMPTY;

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

function readCart(): CartItem[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(CART_KEY);
  } catch {
    return EMPTY;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedItems = parseCart(raw);
  }
  return cachedItems;
}

function writeCart(items: CartItem[]): void {
  try {
    window.localStorage.setItem(CART_KEY, JSON.stringify(items));
  } catch {
    // Storage full or blocked: the cart still works for this page view.
  }
  cachedRaw = null;
  for (const listener of listeners) listener();
}

const unitCents = (item: CartItem) => priceToCents(item.card.price) ?? 0;

/** A line's total as the cart knows it (the server's quote replaces it once it answers). */
export function cartLineCents(item: CartItem): number {
  return lineTotalCents(unitCents(item), item.quantity);
}

export function cartTotalCents(items: CartItem[]): number {
  return totalCents(items.map((item) => ({ unitCents: unitCents(item), quantity: item.quantity })));
}

const withPersonalisation = (personalisation: PersonalisationEntry[] | undefined) =>
  personalisation ? { personalisation } : {};

/** What is added: a card in a design, with printed details or without. */
type NewLine = Pick<CartItem, 'card' | 'design' | 'personalisation'>;

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

/** The cart with one line's quantity set (clamped to 1–99). */
export function withQuantity(items: CartItem[], key: string, quantity: number): CartItem[] {
  return items.map((item) => (lineKey(item) === key ? { ...item, quantity: clampQuantity(quantity) } : item));
}

export function withoutLine(items: CartItem[], key: string): CartItem[] {
  return items.filter((item) => lineKey(item) !== key);
}

/** The cart with names and prices as the server has them now (a quote), so the cart never shows stale prices. */
export function withServerPrices(
  items: CartItem[],
  quoted: Array<{
    card: number;
    design: string;
    name: string;
    slug: string;
    unit_price: string;
    cover_image: string | null;
  }>,
): CartItem[] {
  return items.map((item) => {
    // Names and prices belong to the card, whatever is printed on it.
    const line = quoted.find((q) => q.card === item.card.id);
    if (!line?.slug) return item;
    const card = {
      ...item.card,
      name: line.name,
      slug: line.slug,
      price: line.unit_price,
      cover_image: line.cover_image,
    };
    return { ...item, card };
  });
}

export function addToCart(line: NewLine, quantity = 1): void {
  writeCart(withAdded(readCart(), line, quantity));
}

export function updateQuantity(key: string, quantity: number): void {
  writeCart(withQuantity(readCart(), key, quantity));
}

export function removeFromCart(key: string): void {
  writeCart(withoutLine(readCart(), key));
}

export function clearCart(): void {
  writeCart([]);
}

/** Writes refreshed names and prices, only when something changed (a write wakes every open tab). */
export function refreshPrices(quoted: Parameters<typeof withServerPrices>[1]): void {
  const items = readCart();
  const next = withServerPrices(items, quoted);
  if (JSON.stringify(next) !== JSON.stringify(items)) writeCart(next);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Other tabs write the same key; the storage event tells this one.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The cart items; empty during server rendering so every visitor gets the same HTML. */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => EMPTY);
}

export function useCartCount(): number {
  return useCart().reduce((sum, item) => sum + item.quantity, 0);
}

/** The cart as the order and quote calls take it: `{card, design, quantity, personalisation?}` per line. */
export function requestItems(items: CartItem[]) {
  return items.map((item) => ({
    card: item.card.id,
    design: item.design,
    quantity: item.quantity,
    ...(item.personalisation ? { personalisation: item.personalisation } : {}),
  }));
}
