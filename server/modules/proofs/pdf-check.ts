import { PROOF_MESSAGES, PROOF_PDF_MAX_MB } from '../../../common/messages/proofs.ts';
import { AppError } from '../../errors.ts';

export const PROOF_PDF_MAX_BYTES = PROOF_PDF_MAX_MB * 1024 * 1024;

/** How far from the end a PDF's `startxref … %%EOF` trailer may sit (writers add a little padding). */
const TAIL_BYTES = 2048;

/**
 * Refuses anything that is not a complete PDF before it is mailed to a customer: the `%PDF-1.x` magic, the
 * `startxref` trailer at the end, and its offset pointing at a cross-reference table (`xref`) or stream
 * (`N 0 obj`) inside the file. A structural check, not a renderer: a PDF that passes is one any viewer opens.
 */
export function checkProofPdf(file: Buffer): void {
  if (file.length > PROOF_PDF_MAX_BYTES) {
    throw new AppError('payload_too_large', PROOF_MESSAGES.pdfTooLarge, {
      pdf: [PROOF_MESSAGES.pdfTooLarge],
    });
  }
  if (!/^%PDF-[12]\.\d/.test(file.subarray(0, 8).toString('latin1'))) {
    throw new AppError('unsupported_media_type', PROOF_MESSAGES.notAPdf, { pdf: [PROOF_MESSAGES.notAPdf] });
  }
  const tail = file.subarray(Math.max(0, file.length - TAIL_BYTES)).toString('latin1');
  const trailer = /startxref\s+(\d{1,10})\s+%%EOF\s*$/.exec(tail);
  const offset = trailer ? Number(trailer[1]) : Number.NaN;
  const target = offset < file.length ? file.subarray(offset, offset + 32).toString('latin1') : '';
  if (!/^(?:xref|\d+\s+\d+\s+obj)/.test(target)) {
    throw new AppError('bad_request', PROOF_MESSAGES.brokenPdf, { pdf: [PROOF_MESSAGES.brokenPdf] });
  }
}
