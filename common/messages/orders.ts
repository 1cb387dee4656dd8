import { MAX_QUANTITY, MIN_QUANTITY } from '../limits.ts';

export const ORDER_MESSAGES = {
  noAddress: 'Please select a shipping address.',
  emptyCart: 'Cart is empty.',
  quantity: `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`,
  design: 'Choose a design.',
  tooManyLines: 'An order has at most 50 lines.',
  keyRequired: 'An Idempotency-Key header (8 to 100 letters, digits, "-" or "_") is required.',
  keyReused: 'This Idempotency-Key was already used for a different order.',
  notFound: 'Order not found.',
  tooMany: 'You have placed several orders in a short time. Please wait a while before placing another.',
} as const;
