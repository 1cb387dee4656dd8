import { MAX_IMAGE_BYTES } from '../../common/limits.ts';
import { imageTooLarge } from '../../common/messages/images.ts';
import { CARD_COVER_UPLOAD, PROFILE_PHOTO_UPLOAD } from '../../common/upload-fields.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { enforceLimit, type Limit } from '../http/rate-limit.ts';
import { type Owner, runHeavy } from '../jobs/heavy-work.ts';
import type { ImageKind } from './image-kind.ts';

export const PROFILE_PHOTO: ImageKind = { ...PROFILE_PHOTO_UPLOAD, storedSide: 800 };
export const CARD_COVER: ImageKind = { ...CARD_COVER_UPLOAD, storedSide: 1200 };

export const tooLarge = (kind: ImageKind) => imageTooLarge(kind.noun);

const TOO_MANY_UPLOADS = 'You have uploaded many images in a short time. Please wait a while and try again.';
/** Image uploads one user may send in an hour (profile photos and card covers together). */
const UPLOAD_LIMIT: Limit = { max: 30, windowMs: 60 * 60 * 1000 };

/** Counts an upload by its user before any decoding; beyond UPLOAD_LIMIT it is a 429. */
export async function countUpload(db: Db, userId: number): Promise<void> {
  await enforceLimit(db, `upload:${userId}`, UPLOAD_LIMIT, TOO_MANY_UPLOADS);
}

function tooLargeError(kind: ImageKind): AppError {
  return new AppError('payload_too_large', tooLarge(kind), { [kind.field]: [tooLarge(kind)] });
}

/**
 * Checks an image by its content and re-encodes it as a JPEG without metadata (image-reencode.ts), in the
 * pool, in its owner's turn: decoding a large image takes a core for a second or more.
 */
export async function processImage(input: Buffer, kind: ImageKind, owner: Owner): Promise<Buffer> {
  if (input.length > MAX_IMAGE_BYTES) throw tooLargeError(kind);
  return (await runHeavy(owner, 'reencode', { input, kind })).data;
}
