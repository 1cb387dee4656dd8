import type { FastifyReply } from 'fastify';
import { BILLING_MESSAGES } from '../../../common/messages/billing.ts';
import type { InvoiceKind, InvoiceRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { pdfFileName } from './invoices.ts';

/** The two documents an order may have, by the file name each is downloaded under. */
export const DOCUMENT_FILES = [
  { file: 'invoice.pdf', kind: 'invoice', notFound: BILLING_MESSAGES.invoiceNotFound },
  { file: 'credit-note.pdf', kind: 'credit_note', notFound: BILLING_MESSAGES.creditNoteNotFound },
] as const satisfies ReadonlyArray<{ file: string; kind: InvoiceKind; notFound: string }>;

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
