import sharp from 'sharp';
import { DESIGN_PICTURE_CAP } from '../../../common/card-design/personalisation.ts';
import { DESIGN_UPLOAD_MESSAGES } from '../../../common/messages/card-design.ts';
import { AppError } from '../../errors.ts';
import type { ImageKind } from '../../storage/image-kind.ts';
import { reencodeWith } from '../../storage/image-reencode.ts';
import { inkOnTransparent } from './signature-ink.ts';

export interface DesignPictureInput {
  input: Buffer;
  kind: ImageKind;
  /** A signature: its pixels become ink on transparent. */
  ink: boolean;
}

interface DesignPicture {
  png: Buffer;
  width: number;
  height: number;
  /** Made smaller (fewer pixels or fewer colours) to fit DESIGN_PICTURE_CAP: the buyer is told. */
  reduced: boolean;
}

/** Smallest long side tried before a picture is refused as too detailed. */
const SMALLEST_SIDE = 400;

/**
 * A logo or signature as kept (the pool's `designPicture` task): a PNG with transparency, at most
 * DESIGN_PICTURE_CAP. A PNG too large in bytes gets a palette of 256 colours first (a logo rarely needs
 * more), then fewer pixels, down to what still prints at 300 dpi; only then is it refused.
 */
export async function designPicture({ input, kind, ink }: DesignPictureInput): Promise<DesignPicture> {
  const noInk = () => {
    throw new AppError('bad_request', DESIGN_UPLOAD_MESSAGES.noInk, {
      [kind.field]: [DESIGN_UPLOAD_MESSAGES.noInk],
    });
  };
  const bounded = { ...kind, storedSide: Math.min(kind.storedSide, DESIGN_PICTURE_CAP.side) };
  const first = await reencodeWith(input, bounded, async (image) => {
    if (!ink) return image.png({ compressionLevel: 9 });
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    if (!inkOnTransparent(data)) noInk();
    return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).png({
      compressionLevel: 9,
    });
  });
  if (first.data.length <= DESIGN_PICTURE_CAP.bytes) {
    return { png: first.data, width: first.width, height: first.height, reduced: first.resized };
  }
  // Effort 1: on a noisy 800 px picture the palette took 1.3 s, at effort 7 26 s for the same bytes.
  let side = Math.max(first.width, first.height);
  while (side >= SMALLEST_SIDE) {
    const { data, info } = await sharp(first.data)
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .png({ palette: true, colours: 256, effort: 1, compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    if (data.length <= DESIGN_PICTURE_CAP.bytes) {
      return { png: data, width: info.width, height: info.height, reduced: true };
    }
    side = Math.floor(side * 0.75);
  }
  throw new AppError('bad_request', DESIGN_UPLOAD_MESSAGES.tooDetailed, {
    [kind.field]: [DESIGN_UPLOAD_MESSAGES.tooDetailed],
  });
}
