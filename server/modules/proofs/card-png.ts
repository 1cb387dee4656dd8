import sharp from 'sharp';
import { PRINT_DPI } from '../../../common/card-design/personalisation.ts';
import { outlineDrawnText } from '../personalisation/outline.ts';
import { renderPng } from '../personalisation/render.ts';

/**
 * A printed card's stored preview (its pictures embedded) as a picture for its proof: the text outlined in
 * Inter, at print resolution, as a JPEG on white (a tenth of the PNG's bytes for a photo-like logo).
 */
export function rasteriseCardSvg(svg: string): Promise<Buffer> {
  return sharp(renderPng(outlineDrawnText(svg), PRINT_DPI))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer();
}
