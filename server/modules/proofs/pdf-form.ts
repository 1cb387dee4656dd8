import type { FastifyRequest } from 'fastify';
import { PROOF_MESSAGES } from '../../../common/messages/proofs.ts';
import { AppError } from '../../errors.ts';
import { PROOF_PDF_MAX_BYTES } from './pdf-check.ts';

const NOT_A_FORM = 'Send the corrected proof as a form with its PDF in the "pdf" field.';

/** The upload form of a corrected proof: its text fields, and the PDF (read up to the size limit). */
export async function readPdfForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; pdf: Buffer | undefined }> {
  if (!request.isMultipart()) throw new AppError('bad_request', NOT_A_FORM);
  const fields: Record<string, string> = {};
  let pdf: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: PROOF_PDF_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'pdf') throw new AppError('bad_request', 'Only "pdf" may carry a file.');
        const data = await part.toBuffer();
        if (data.length > 0) pdf = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', PROOF_MESSAGES.pdfTooLarge, {
        pdf: [PROOF_MESSAGES.pdfTooLarge],
      });
    }
    throw new AppError('bad_request', NOT_A_FORM);
  }
  return { fields, pdf };
}

/** The form's PDF, once its fields passed their schema (a misspelt field is named before a missing file). */
export function requiredPdf(pdf: Buffer | undefined): Buffer {
  if (!pdf)
    throw new AppError('bad_request', PROOF_MESSAGES.pdfRequired, { pdf: [PROOF_MESSAGES.pdfRequired] });
  return pdf;
}
