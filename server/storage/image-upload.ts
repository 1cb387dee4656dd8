import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { AppError } from '../errors.ts';

/** Uploaded images (profile photos, card covers) are checked the same way: these limits and these rules. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 4096;

/** What an upload is called in its messages and which form field carries it. */
export interface ImageKind {
  field: string;
  /** "photo", "image"… as in "The photo must be a JPEG…". */
  noun: string;
  /** Stored images are at most this wide and high. */
  storedSide: number;
}

export const PROFILE_PHOTO: ImageKind = { field: 'profile_image', noun: 'photo', storedSide: 800 };
export const CARD_COVER: ImageKind = { field: 'cover_image', noun: 'image', storedSide: 1200 };

export const tooLarge = (kind: ImageKind) => `The ${kind.noun} must be at most 5 MB.`;

let loaded: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined;

/**
 * sharp (libvips) is loaded on the first upload, not at start: it adds some 40 MB to a server that may
 * never receive an image, and the memory budget of the site is tight (decision 005).
 */
function sharpOf(input: Buffer, options: SharpOptions): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return (data: Buffer, opts: SharpOptions) => sharp(data, opts);
  });
  return loaded.then((create) => create(input, options));
}

/**
 * Checks an image by its content (never its name or declared type), then re-encodes it as a JPEG without
 * any metadata (EXIF, GPS, ICC comments), turned upright by its EXIF orientation first.
 */
export async function processImage(input: Buffer, kind: ImageKind): Promise<Buffer> {
  const reject = (detail: string): never => {
    throw new AppError('bad_request', detail, { [kind.field]: [detail] });
  };
  if (input.length > MAX_IMAGE_BYTES) {
    throw new AppError('payload_too_large', tooLarge(kind), { [kind.field]: [tooLarge(kind)] });
  }
  const wrongType = `The ${kind.noun} must be a JPEG, PNG or WebP image.`;
  let metadata: Metadata;
  try {
    // The pixel limit refuses decompression bombs before decoding; the header alone tells the size.
    metadata = await (await sharpOf(input, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE })).metadata();
  } catch {
    return reject(wrongType);
  }
  if (!['jpeg', 'png', 'webp'].includes(metadata.format ?? '')) reject(wrongType);
  if ((metadata.width ?? 0) > MAX_IMAGE_SIDE || (metadata.height ?? 0) > MAX_IMAGE_SIDE) {
    reject(`The ${kind.noun} must be at most ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE} pixels.`);
  }
  try {
    return await (
      await sharpOf(input, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, failOn: 'truncated' })
    )
      .rotate()
      .resize(kind.storedSide, kind.storedSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
  } catch {
    return reject(`The ${kind.noun} could not be read: the file may be damaged.`);
  }
}
