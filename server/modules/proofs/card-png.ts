import { PRINT_DPI } from '../../../common/card-design/personalisation.ts';
import { outlineDrawnText } from '../personalisation/outline.ts';
import { renderPng } from '../personalisation/render.ts';

/** A printed card's stored preview as a picture for its proof: the text outlined in Inter, at print resolution. */
export async function rasteriseCardSvg(svg: string): Promise<Buffer> {
  return renderPng(outlineDrawnText(svg), PRINT_DPI);
}
