import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { DESIGN_PICTURE_CAP } from '../../../common/card-design/personalisation.ts';
import { MAX_IMAGE_BYTES } from '../../../common/limits.ts';
import { DESIGN_UPLOAD_MESSAGES } from '../../../common/messages/card-design.ts';
import { DESIGN_UPLOAD } from '../../../common/upload-fields.ts';
import type { Db } from '../../db/client.ts';
import { type DesignUploadKind, designUploads } from '../../db/schema/personalisation.ts';
import { AppError } from '../../errors.ts';
import { runHeavy } from '../../jobs/heavy-work.ts';
import type { ImageKind } from '../../storage/image-kind.ts';
import { tooLarge } from '../../storage/image-upload.ts';

/** Kept at most DESIGN_PICTURE_CAP (design-picture.ts): what a card prints, twice over. */
const KINDS: Record<DesignUploadKind, ImageKind> = {
  logo: { field: DESIGN_UPLOAD.field, noun: 'logo', storedSide: DESIGN_PICTURE_CAP.side },
  signature: { field: DESIGN_UPLOAD.field, noun: 'signature', storedSide: DESIGN_PICTURE_CAP.side },
};

interface DesignUpload {
  id: number;
  kind: DesignUploadKind;
  width: number;
  height: number;
  /** Where its owner's browser fetches the PNG (for the preview). */
  url: string;
  /** Said to the buyer when the picture was made smaller to be kept; null when kept as sent. */
  notice: string | null;
}

/**
 * Checks and keeps a logo or signature: sniffed, re-encoded in the pool as a PNG that keeps transparency and
 * fits DESIGN_PICTURE_CAP, a signature turned to ink on transparent. Never an SVG (decision 023).
 */
export async function createDesignUpload(
  db: Db,
  userId: number,
  kind: DesignUploadKind,
  file: Buffer,
): Promise<DesignUpload> {
  if (file.length > MAX_IMAGE_BYTES) {
    const message = tooLarge(KINDS[kind]);
    throw new AppError('payload_too_large', message, { [DESIGN_UPLOAD.field]: [message] });
  }
  const image = await runHeavy(`user:${userId}`, 'designPicture', {
    input: file,
    kind: KINDS[kind],
    ink: kind === 'signature',
  });
  const [row] = await db
    .insert(designUploads)
    .values({ userId, kind, png: image.png, width: image.width, height: image.height })
    .returning({ id: designUploads.id });
  if (!row) throw new Error('insert returned nothing');
  return {
    id: row.id,
    kind,
    width: image.width,
    height: image.height,
    url: `/api/design-uploads/${row.id}.png`,
    notice: image.reduced ? DESIGN_UPLOAD_MESSAGES.reduced : null,
  };
}

/**
 * Pictures kept before DESIGN_PICTURE_CAP (up to 1200 px and about 5 MB) are brought within it when an order
 * first uses them, once, in the pool: the same picture, smaller, replaces the kept one.
 */
export async function boundUploads(db: Db, userId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const oversized = await db
    .select({ id: designUploads.id, kind: designUploads.kind, png: designUploads.png })
    .from(designUploads)
    .where(
      and(
        eq(designUploads.userId, userId),
        inArray(designUploads.id, ids),
        or(
          gt(designUploads.width, DESIGN_PICTURE_CAP.side),
          gt(designUploads.height, DESIGN_PICTURE_CAP.side),
          gt(sql`octet_length(${designUploads.png})`, DESIGN_PICTURE_CAP.bytes),
        ),
      ),
    );
  for (const row of oversized) {
    // Already ink on transparent if a signature: only its size changes.
    const image = await runHeavy(`user:${userId}`, 'designPicture', {
      input: row.png,
      kind: KINDS[row.kind],
      ink: false,
    });
    await db
      .update(designUploads)
      .set({ png: image.png, width: image.width, height: image.height })
      .where(eq(designUploads.id, row.id));
  }
}

/** The owner's picture; anyone else's (or none) is "not found". */
export async function designUploadPng(db: Db, userId: number, id: number): Promise<Buffer> {
  const [row] = await db
    .select({ png: designUploads.png })
    .from(designUploads)
    .where(and(eq(designUploads.id, id), eq(designUploads.userId, userId)));
  if (!row) throw new AppError('not_found', DESIGN_UPLOAD_MESSAGES.notFound);
  return row.png;
}
