import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { AppError } from '../../errors.ts';

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MAX_PHOTO_SIDE = 4096;
/** Stored photos are at most this wide and high: plenty for a profile, small for a vCard. */
const STORED_SIDE = 800;

const WRONG_TYPE = 'The photo must be a JPEG, PNG or WebP image.';
const TOO_BIG_SIDE = `The photo must be at most ${MAX_PHOTO_SIDE}×${MAX_PHOTO_SIDE} pixels.`;
export const TOO_LARGE = 'The photo must be at most 5 MB.';

let loaded: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined;

/**
 * sharp (libvips) is loaded on the first upload, not at start: it adds some 40 MB to a server that may
 * never receive a photo, and the memory budget of the site is tight (decision 005).
 */
function sharpOf(input: Buffer, options: SharpOptions): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return (data: Buffer, opts: SharpOptions) => sharp(data, opts);
  });
  return loaded.then((create) => create(input, options));
}

function reject(detail: string): never {
  throw new AppError('bad_request', detail, { profile_image: [detail] });
}

/**
 * Checks a photo by its content (never its name or declared type), then re-encodes it as a JPEG without
 * any metadata (EXIF, GPS, ICC comments), turned upright by its EXIF orientation first.
 */
export async function processPhoto(input: Buffer): Promise<Buffer> {
  if (input.length > MAX_PHOTO_BYTES)
    throw new AppError('payload_too_large', TOO_LARGE, { profile_image: [TOO_LARGE] });
  let metadata: Metadata;
  try {
    // The pixel limit refuses decompression bombs before decoding; the header alone tells the size.
    metadata = await (await sharpOf(input, { limitInputPixels: MAX_PHOTO_SIDE * MAX_PHOTO_SIDE })).metadata();
  } catch {
    reject(WRONG_TYPE);
  }
  if (!['jpeg', 'png', 'webp'].includes(metadata.format ?? '')) reject(WRONG_TYPE);
  if ((metadata.width ?? 0) > MAX_PHOTO_SIDE || (metadata.height ?? 0) > MAX_PHOTO_SIDE) reject(TOO_BIG_SIDE);
  try {
    return await (
      await sharpOf(input, { limitInputPixels: MAX_PHOTO_SIDE * MAX_PHOTO_SIDE, failOn: 'truncated' })
    )
      .rotate()
      .resize(STORED_SIDE, STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    reject('The photo could not be read: the file may be damaged.');
  }
}
