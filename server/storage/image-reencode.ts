import sharp, { type Metadata, type Sharp } from 'sharp';
import { imageSvgRefused, imageWrongType } from '../../common/messages/images.ts';
import { AppError } from '../errors.ts';
import type { ImageKind } from './image-kind.ts';

/** Uploaded images are checked the same way: these limits and these rules (in the pool's children). */
const MAX_IMAGE_SIDE = 4096;

// One libvips thread and no cache: a child holds one image at a time.
sharp.cache(false);
sharp.concurrency(1);

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

type Encoder = (image: Sharp) => Sharp | Promise<Sharp>;

interface Reencoded {
  data: Buffer;
  width: number;
  height: number;
  /** Made smaller than it came: its long side beyond the kind's. */
  resized: boolean;
}

/**
 * Checks an image by its content (never its name or declared type), then re-encodes it without any metadata
 * (EXIF, GPS, ICC comments), turned upright by its EXIF orientation first and at most `storedSide` a side.
 */
export async function reencodeWith(input: Buffer, kind: ImageKind, encode: Encoder): Promise<Reencoded> {
  const reject = (detail: string): never => {
    throw new AppError('bad_request', detail, { [kind.field]: [detail] });
  };
  const wrongType = imageWrongType(kind.noun);
  if (looksLikeSvg(input)) reject(imageSvgRefused(kind.noun));
  if (!SIGNATURES.some((signature) => signature.matches(input))) reject(wrongType);
  let metadata: Metadata;
  try {
    // The pixel limit refuses decompression bombs before decoding; the header alone tells the size.
    metadata = await sharp(input, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE }).metadata();
  } catch {
    return reject(wrongType);
  }
  if (!['jpeg', 'png', 'webp'].includes(metadata.format ?? '')) reject(wrongType);
  if ((metadata.width ?? 0) > MAX_IMAGE_SIDE || (metadata.height ?? 0) > MAX_IMAGE_SIDE) {
    reject(`The ${kind.noun} must be at most ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE} pixels.`);
  }
  try {
    const image = sharp(input, { limitInputPixels: MAX_IMAGE_SIDE * MAX_IMAGE_SIDE, failOn: 'truncated' })
      .rotate()
      .resize(kind.storedSide, kind.storedSide, { fit: 'inside', withoutEnlargement: true });
    const { data, info } = await (await encode(image)).toBuffer({ resolveWithObject: true });
    const side = Math.max(metadata.width ?? 0, metadata.height ?? 0);
    return { data, width: info.width, height: info.height, resized: side > kind.storedSide };
  } catch (error) {
    if (error instanceof AppError) throw error;
    return reject(`The ${kind.noun} could not be read: the file may be damaged.`);
  }
}

export interface ReencodeInput {
  input: Buffer;
  kind: ImageKind;
}

/** A photo or cover as a JPEG on white (the pool's `reencode` task). */
export function reencode({ input, kind }: ReencodeInput): Promise<Reencoded> {
  return reencodeWith(input, kind, (image) =>
    image.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: true }),
  );
}
