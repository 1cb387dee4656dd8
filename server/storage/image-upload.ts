import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { MAX_IMAGE_BYTES } from '../../common/limits.ts';
import { imageTooLarge, imageWrongType } from '../../common/messages/images.ts';
import { CARD_COVER_UPLOAD, PROFILE_PHOTO_UPLOAD } from '../../common/upload-fields.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { enforceLimit, type Limit } from '../http/rate-limit.ts';
import { boundedQueue } from './bounded-queue.ts';

/** Uploaded images (profile photos, card covers) are checked the same way: these limits and these rules. */
const MAX_IMAGE_SIDE = 4096;

/** What an upload is called in its messages and which form field carries it. */
export interface ImageKind {
  field: string;
  /** "photo", "image"… as in "The photo must be a JPEG…". */
  noun: string;
  /** Stored images are at most this wide and high. */
  storedSide: number;
}

export const PROFILE_PHOTO: ImageKind = { ...PROFILE_PHOTO_UPLOAD, storedSide: 800 };
export const CARD_COVER: ImageKind = { ...CARD_COVER_UPLOAD, storedSide: 1200 };

export const tooLarge = (kind: ImageKind) => imageTooLarge(kind.noun);

const IMAGES_BUSY = 'The server is busy with other images right now. Please try again in a few seconds.';
const TOO_MANY_UPLOADS = 'You have uploaded many images in a short time. Please wait a while and try again.';
/** Image uploads one user may send in an hour (profile photos and card covers together). */
const UPLOAD_LIMIT: Limit = { max: 30, windowMs: 60 * 60 * 1000 };

/**
 * Decoding and re-encoding a large image takes a core for a second or more: one at a time per process, on
 * one libvips thread, leaves the other core to sign-ins and pages. A few more wait; beyond that, 503.
 */
const imageWork = boundedQueue({ concurrency: 1, maxWaiting: 4, busy: IMAGES_BUSY, retryAfterSeconds: 5 });

/** Counts an upload by its user before any decoding; beyond UPLOAD_LIMIT it is a 429. */
export function countUpload(db: Db, userId: number): Promise<void> {
  return enforceLimit(db, `upload:${userId}`, UPLOAD_LIMIT, TOO_MANY_UPLOADS);
}

let loaded: Promise<(input: Buffer, options: SharpOptions) => Sharp> | undefined;

/**
 * sharp (libvips) is loaded on the first upload, not at start: it adds some 40 MB to a server that may
 * never receive an image, and the memory budget of the site is tight (decision 005).
 */
function sharpOf(input: Buffer, options: SharpOptions): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return (data: Buffer, opts: SharpOptions) => sharp(data, opts);
  });
  return loaded.then((create) => create(input, options));
}

/**
 * Checks an image by its content (never its name or declared type), then re-encodes it as a JPEG without
 * any metadata (EXIF, GPS, ICC comments), turned upright by its EXIF orientation first.
 */
export async function processImage(input: Buffer, kind: ImageKind): Promise<Buffer> {
  if (input.length > MAX_IMAGE_BYTES) {
    throw new AppError('payload_too_large', tooLarge(kind), { [kind.field]: [tooLarge(kind)] });
  }
  return imageWork.run(() => reencode(input, kind));
}

async function reencode(input: Buffer, kind: ImageKind): Promise<Buffer> {
  const reject = (detail: string): never => {
    throw new AppError('bad_request', detail, { [kind.field]: [detail] });
  };
  const wrongType = imageWrongType(kind.noun);
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
