import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../common/limits.ts';
import { AppError } from '../errors.ts';
import type { ImageKind } from '../storage/image-kind.ts';
import { tooLarge } from '../storage/image-upload.ts';

export const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: 1,
  fields: 40,
  fieldSize: 4096,
  parts: 41,
};

/**
 * Reads a form that may carry one image: a multipart body (text fields and the file as a buffer), or a
 * JSON object of strings. An empty file input counts as no file.
 */
export async function readImageForm(
  request: FastifyRequest,
  image: ImageKind,
  noun: string,
): Promise<{ fields: Record<string, string>; file?: Buffer }> {
  const notAForm = `Send the ${noun} as a form.`;
  if (!request.isMultipart()) {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new AppError('bad_request', notAForm);
    }
    const fields = Object.fromEntries(
      Object.entries(body as Record<string, unknown>).filter(([, value]) => typeof value === 'string'),
    ) as Record<string, string>;
    return { fields };
  }
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== image.field)
          throw new AppError('bad_request', `Only ${image.field} may carry a file.`);
        if (data.length > 0) file = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', tooLarge(image), { [image.field]: [tooLarge(image)] });
    }
    // Nothing but the parser runs in the loop: whatever else went wrong, the body was not a readable form
    // (no boundary, cut short, malformed part headers, too many parts).
    throw new AppError('bad_request', notAForm);
  }
  return { fields, file };
}
