import { and, eq } from 'drizzle-orm';
import type { PngDataUrl } from '../../../common/card-design/draw.ts';
import type { PrintedCard } from '../../../common/card-design/personalisation.ts';
import { DESIGN_UPLOAD_MESSAGES } from '../../../common/messages/card-design.ts';
import { DESIGN_UPLOAD } from '../../../common/upload-fields.ts';
import type { Db } from '../../db/client.ts';
import { type DesignUploadKind, designUploads } from '../../db/schema/personalisation.ts';
import { AppError } from '../../errors.ts';
import { type ImageKind, processPng } from '../../storage/image-upload.ts';
import { inkOnTransparent } from './signature-ink.ts';

/** Kept at most 1200 px on the long side: 14 dpi short of 300 across the widest place on the card. */
const KINDS: Record<DesignUploadKind, ImageKind> = {
  logo: { field: DESIGN_UPLOAD.field, noun: 'logo', storedSide: 1200 },
  signature: { field: DESIGN_UPLOAD.field, noun: 'signature', storedSide: 1200 },
};

export interface DesignUpload {
  id: number;
  kind: DesignUploadKind;
  width: number;
  height: number;
  /** Where its owner's browser fetches the PNG (for the preview). */
  url: string;
}

/**
 * Checks and keeps a logo or signature: sniffed, re-encoded as a PNG that keeps transparency, a signature
 * turned to ink on transparent. Never an SVG (decision 023).
 */
export async function createDesignUpload(
  db: Db,
  userId: number,
  kind: DesignUploadKind,
  file: Buffer,
): Promise<DesignUpload> {
  const noInk = () => {
    throw new AppError('bad_request', DESIGN_UPLOAD_MESSAGES.noInk, {
      [DESIGN_UPLOAD.field]: [DESIGN_UPLOAD_MESSAGES.noInk],
    });
  };
  const image = await processPng(
    file,
    KINDS[kind],
    kind === 'signature' ? (rgba) => inkOnTransparent(rgba) || noInk() : undefined,
  );
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
  };
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

/**
 * The pictures a printed card names, for drawCard: each must be the buyer's own upload of the right kind
 * (a logo id used as a signature is "not found" too).
 */
export async function designImagesOf(
  db: Db,
  userId: number,
  printed: PrintedCard,
): Promise<{ logo?: PngDataUrl; signature?: PngDataUrl }> {
  const images: { logo?: PngDataUrl; signature?: PngDataUrl } = {};
  for (const kind of ['logo', 'signature'] as const) {
    const id = printed[kind];
    if (id === undefined) continue;
    const [row] = await db
      .select({ png: designUploads.png })
      .from(designUploads)
      .where(and(eq(designUploads.id, id), eq(designUploads.userId, userId), eq(designUploads.kind, kind)));
    if (!row)
      throw new AppError('not_found', DESIGN_UPLOAD_MESSAGES.notFound, {
        [kind]: [DESIGN_UPLOAD_MESSAGES.notFound],
      });
    images[kind] = `data:image/png;base64,${row.png.toString('base64')}`;
  }
  return images;
}
