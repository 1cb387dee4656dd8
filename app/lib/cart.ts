import { useSyncExternalStore } from 'react';
import { lineTotalCents, priceToCents, totalCents } from '../../common/money';
import {
  CART_KEY,
  type CartItem,
  cartCount,
  clampQuantity,
  EMPTY,
  lineKey,
  type NewLine,
  parseCart,
  storedCart,
  withAdded,
} from './cart-storage';

export type { CartCard, CartItem } from './cart-storage';

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedItems: CartItem[] = EMPTY;

function readCart(): CartItem[] {
  const raw = storedCart();
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
  return cartCount(useCart());
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
