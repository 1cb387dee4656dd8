// What every screen calls an order's status and the firm's work queues: one map, for the admin and the customer.

/** An order's status in words, keyed by the code the API answers (`awaiting_proof` → "Awaiting proof"). */
export const ORDER_STATUS_LABELS = {
  awaiting_proof: 'Awaiting proof',
  pending: 'Pending',
  confirmed: 'Confirmed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
} as const;

/**
 * The states in which an order waits for the firm, in the order the firm works through them. Each order is in
 * at most one; the server defines each (`server/modules/orders/work-queue.ts`). A confirmed order that still
 * owes money waits in "unpaid" before it is printed or shipped.
 */
export const WORK_QUEUES = [
  'to_confirm',
  'proof_to_send',
  'changes_requested',
  'unpaid',
  'ready_to_print',
  'to_ship',
] as const;
export type WorkQueue = (typeof WORK_QUEUES)[number];

export const WORK_QUEUE_LABELS: Record<WorkQueue, string> = {
  to_confirm: 'To confirm',
  proof_to_send: 'Proof to send',
  changes_requested: 'Changes requested',
  unpaid: 'Unpaid',
  ready_to_print: 'Ready to print',
  to_ship: 'To ship',
};

/** A code in words, its first letter up: `shipping_zone` is "Shipping zone". */
export function codeWords(code: string): string {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Any status word in words: an order's from the map, another's (`blocked`, `new`…) as its code in words. */
export function statusLabel(status: string): string {
  return (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? codeWords(status);
}

const HOUR_MS = 60 * 60 * 1000;

/** How long an order has waited, as the queue shows it: "waiting 3 days", "waiting 5 hours". */
export function waitingFor(since: string | Date, now: Date = new Date()): string {
  const hours = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / HOUR_MS));
  if (hours < 1) return 'waiting under an hour';
  if (hours < 24) return `waiting ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const days = Math.floor(hours / 24);
  return `waiting ${days} ${days === 1 ? 'day' : 'days'}`;
}
