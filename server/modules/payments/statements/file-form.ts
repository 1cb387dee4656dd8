import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.ts';
import { STATEMENT_LIMITS } from './lines.ts';

const NOT_A_FORM = 'Send the statement as a form with its file in the "file" field.';
const TOO_LARGE = `The file is larger than ${STATEMENT_LIMITS.maxBytes / 1024 / 1024} MB; import the statement in parts.`;
const REQUIRED = 'Choose the statement file (camt.053 XML or CSV).';

/** The upload form of a statement: its file (read no further than the size limit) and its name. */
export async function readStatementForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: { data: Buffer; name: string } | undefined }> {
  if (!request.isMultipart()) throw new AppError('bad_request', NOT_A_FORM);
  const fields: Record<string, string> = {};
  let file: { data: Buffer; name: string } | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: STATEMENT_LIMITS.maxBytes, files: 1, fields: 5, parts: 6 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new AppError('bad_request', 'Only "file" may carry a file.');
        const data = await part.toBuffer();
        if (data.length > 0) file = { data, name: part.filename || 'statement' };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', TOO_LARGE, { file: [TOO_LARGE] });
    throw new AppError('bad_request', NOT_A_FORM);
  }
  return { fields, file };
}

/** The form's file, once its fields passed their schema (a misspelt field is named before a missing file). */
export function requiredFile(file: { data: Buffer; name: string } | undefined): {
  data: Buffer;
  name: string;
} {
  if (!file) throw new AppError('bad_request', REQUIRED, { file: [REQUIRED] });
  return file;
}
