import type { ComposeInput } from '../mail/compose.ts';
import type { InvoicePdfData } from '../modules/billing/invoice-pdf.ts';
import type { DesignPictureInput } from '../modules/personalisation/design-picture.ts';
import type { PrintFileInput } from '../modules/personalisation/render.ts';
import type { CardImageInput } from '../modules/profiles/card-image-draw.ts';
import type { ProofPdfInput } from '../modules/proofs/proof-pdf.ts';
import type { ReencodeInput } from '../storage/image-reencode.ts';

/**
 * The heavy work the pool runs, by name. Each is loaded in the child the first time it is asked for, so a
 * child that only re-encodes photos never loads the PDF or drawing libraries.
 */
const TASKS = {
  printFile: async (input: PrintFileInput) =>
    (await import('../modules/personalisation/render.ts')).printFileFrom(input),
  proofPdf: async (input: ProofPdfInput) =>
    (await import('../modules/proofs/proof-pdf.ts')).generateProofPdf(input),
  invoicePdf: async (input: InvoicePdfData) =>
    (await import('../modules/billing/invoice-pdf.ts')).renderInvoicePdf(input),
  cardImage: async (input: CardImageInput) =>
    (await import('../modules/profiles/card-image-draw.ts')).drawCardImage(input),
  designPicture: async (input: DesignPictureInput) =>
    (await import('../modules/personalisation/design-picture.ts')).designPicture(input),
  reencode: async (input: ReencodeInput) => (await import('../storage/image-reencode.ts')).reencode(input),
  composeMail: async (input: ComposeInput) => (await import('../mail/compose.ts')).composeMail(input),
  bestCompression: async (input: Uint8Array) =>
    (await import('../http/best-compression.ts')).bestCompression(input),
};

export type TaskName = keyof typeof TASKS;

/**
 * Bulk work nobody waits for on the screen: an order's print files, seconds each, made after the order. Every
 * other task answers a request someone waits for (an upload, a proof sent, an invoice issued as an order is
 * confirmed, a card's preview picture) or is short (a large mail composed, a page compressed again): it
 * shares their child rather than keep a second one alive (decision 046).
 */
const BACKGROUND: ReadonlySet<TaskName> = new Set(['printFile']);

export const waitedFor = (name: TaskName): boolean => !BACKGROUND.has(name);
export type TaskInput<K extends TaskName> = Parameters<(typeof TASKS)[K]>[0];
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<(typeof TASKS)[K]>>;

export function runTask<K extends TaskName>(name: K, input: TaskInput<K>): Promise<TaskOutput<K>> {
  const task = TASKS[name] as (input: TaskInput<K>) => Promise<TaskOutput<K>>;
  if (!task) return Promise.reject(new Error(`no task ${String(name)}`));
  return task(input);
}
