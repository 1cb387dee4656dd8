/** A fresh Idempotency-Key: random, 128 bits (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `order-${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
