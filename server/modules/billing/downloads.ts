import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { BILLING_MESSAGES } from '../../../common/messages/billing.ts';
import type { InvoiceKind, InvoiceRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { pdfFileName } from './invoices.ts';

/** The two documents an order may have, by the file name each is downloaded under. */
export const DOCUMENT_FILES = [
  { file: 'invoice.pdf', kind: 'invoice', notFound: BILLING_MESSAGES.invoiceNotFound },
  { file: 'credit-note.pdf', kind: 'credit_note', notFound: BILLING_MESSAGES.creditNoteNotFound },
] as const satisfies ReadonlyArray<{ file: string; kind: InvoiceKind; notFound: string }>;

/** One document's file, by its number: "CN-2026-0012.pdf". */
export const documentFileSchema = z
  .string()
  .regex(/^(?:INV|CN)-\d{4}-\d{4,9}\.pdf$/)
  .describe('The document’s number and ".pdf", e.g. "CN-2026-0012.pdf".');

/** The document number a file parameter names, or undefined when it names none. */
export function documentNumberOf(file: string): string | undefined {
  const parsed = documentFileSchema.safeParse(file);
  return parsed.success ? parsed.data.slice(0, -'.pdf'.length) : undefined;
}

/** Where the buyer downloads one document of their order. */
export const documentUrl = (orderNumber: string, documentNumber: string) =>
  `/api/orders/${encodeURIComponent(orderNumber)}/documents/${encodeURIComponent(documentNumber)}.pdf`;

/** Sends an issued document as a download that no shared cache keeps. */
export function sendPdf(
  reply: FastifyReply,
  document: InvoiceRow | undefined,
  notFound: string,
): FastifyReply {
  if (!document) throw new AppError('not_found', notFound);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdfFileName(document)}"`)
    .header('cache-control', 'private, no-store')
    .send(document.pdf);
}
