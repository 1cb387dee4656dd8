import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { MAX_IMAGE_BYTES } from '../../common/limits.ts';
import { imageSvgRefused, imageTooLarge, imageWrongType } from '../../common/messages/images.ts';
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
export async function countUpload(db: Db, userId: number): Promise<void> {
  await enforceLimit(db, `upload:${userId}`, UPLOAD_LIMIT, TOO_MANY_UPLOADS);
}

type CreateSharp = (input: Buffer, options: SharpOptions) => Sharp;
let loaded: Promise<CreateSharp> | undefined;

/**
 * sharp (libvips) is loaded on the first upload, not at start: it adds some 40 MB to a server that may
 * never receive an image, and the memory budget of the site is tight (decision 005).
 */
function loadSharp(): Promise<CreateSharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return (data: Buffer, opts: SharpOptions) => sharp(data, opts);
  });
  return loaded;
}

function sharpOf(input: Buffer, options: SharpOptions): Promise<Sharp> {
  return loadSharp().then((create) => create(input, options));
}

/** The formats accepted, told by their first bytes before any decoder sees the file. */
const SIGNATURES: { format: string; matches(input: Buffer): boolean }[] = [
  { format: 'jpeg', matches: (input) => input.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  { format: 'png', matches: (input) => input.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  {
    format: 'webp',
    matches: (input) =>
      input.subarray(0, 4).toString('latin1') === 'RIFF' &&
      input.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** An SVG (or any XML) by its start: refused with its own message, never parsed (decision 023). */
const looksLikeSvg = (input: Buffer) =>
  /^(\uFEFF)?\s*<(\?xml|svg|!DOCTYPE svg)/i.test(input.subarray(0, 256).toString('utf8'));

function tooLargeError(kind: ImageKind): AppError {
  return new AppError('payload_too_large', tooLarge(kind), { [kind.field]: [tooLarge(kind)] });
}

/**
 * Checks an image by its content (never its name or declared type), then re-encodes it as a JPEG without
 * any metadata (EXIF, GPS, ICC comments), turned upright by its EXIF orientation first.
 */
export async function processImage(input: Buffer, kind: ImageKind): Promise<Buffer> {
  if (input.length > MAX_IMAGE_BYTES) throw tooLargeError(kind);
  return imageWork.run(
    async () =>
      (
        await reencode(input, kind, (image) =>
          image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }),
        )
      ).data,
  );
}

/**
 * The same checks, re-encoded as a PNG that keeps its transparency (logos and signatures for printing).
 * `pixels` may change the RGBA pixels in place before the PNG is made (a signature's ink).
 */
export async function processPng(
  input: Buffer,
  kind: ImageKind,
  pixels?: (rgba: Buffer) => void,
): Promise<{ png: Buffer; width: number; height: number }> {
  if (input.length > MAX_IMAGE_BYTES) throw tooLargeError(kind);
  return imageWork.run(async () => {
    const encoded = await reencode(input, kind, async (image, sharp) => {
      if (!pixels) return image.png({ compressionLevel: 9 });
      const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      pixels(data);
      return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).png({
        compressionLevel: 9,
      });
    });
    return { png: encoded.data, width: encoded.width, height: encoded.height };
  });
}

type Encoder = (image: Sharp, sharp: CreateSharp) => Sharp | Promise<Sharp>;

async function reencode(
  input: Buffer,
  kind: ImageKind,
  encode: Encoder,
): Promise<{ data: Buffer; width: number; height: number }> {
  const reject = (detail: string): never => {
    throw new AppError('bad_request', detail, { [kind.field]: [detail] });
  };
  const wrongType = imageWrongType(kind.noun);
  if (looksLikeSvg(input)) reject(imageSvgRefused(kind.noun));
  if (!SIGNATURES.some((signature) => signature.matches(input))) reject(wrongType);
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
    const image = (
      await sharpOf(input, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, failOn: 'truncated' })
    )
      .rotate()
      .resize(kind.storedSide, kind.storedSide, { fit: 'inside', withoutEnlargement: true });
    const create = await loadSharp();
    const { data, info } = await (await encode(image, create)).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    return reject(`The ${kind.noun} could not be read: the file may be damaged.`);
  }
}
