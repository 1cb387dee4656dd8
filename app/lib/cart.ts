import { useSyncExternalStore } from 'react';
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
    });
  }
  // Two entries for one card and design (an older cart) become one line.
  return items.reduce<CartItem[]>(
    (merged, item) => withAdded(merged, item.card, item.design, item.quantity),
    [],
  );
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

const sameLine = (item: CartItem, cardId: number, design: string) =>
  item.card.id === cardId && item.design === design;

/** The cart with `quantity` more of a card; the same card in the same design raises the quantity. */
export function withAdded(items: CartItem[], card: CartCard, design: string, quantity = 1): CartItem[] {
  const existing = items.find((item) => sameLine(item, card.id, design));
  return existing
    ? items.map((item) =>
        item === existing ? { ...item, quantity: clampQuantity(item.quantity + quantity) } : item,
      )
    : [...items, { card, design, quantity: clampQuantity(quantity) }];
}

/** The cart with one line's quantity set (clamped to 1–99). */
export function withQuantity(
  items: CartItem[],
  cardId: number,
  design: string,
  quantity: number,
): CartItem[] {
  return items.map((item) =>
    sameLine(item, cardId, design) ? { ...item, quantity: clampQuantity(quantity) } : item,
  );
}

export function withoutLine(items: CartItem[], cardId: number, design: string): CartItem[] {
  return items.filter((item) => !sameLine(item, cardId, design));
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
    const line = quoted.find((q) => q.card === item.card.id && q.design === item.design);
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

export function addToCart(card: CartCard, design: string, quantity = 1): void {
  writeCart(withAdded(readCart(), card, design, quantity));
}

export function updateQuantity(cardId: number, design: string, quantity: number): void {
  writeCart(withQuantity(readCart(), cardId, design, quantity));
}

export function removeFromCart(cardId: number, design: string): void {
  writeCart(withoutLine(readCart(), cardId, design));
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
