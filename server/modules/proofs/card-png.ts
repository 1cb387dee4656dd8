import { Resvg } from '@resvg/resvg-js';

/** Wide enough for the proof's card pictures (drawn 171 mm wide) to look sharp in print and on screen. */
const PICTURE_WIDTH = 1400;

/**
 * The stand-in for the design module's renderer until it is wired (decision 026): resvg cannot read Inter's
 * WOFF files, so <text> is drawn with whatever sans-serif the host has, and with none where it has none.
 * The proof's cover page lists every printed text as real text either way.
 */
export async function rasteriseCardSvg(svg: string): Promise<Buffer> {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: PICTURE_WIDTH },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  });
  return Buffer.from(resvg.render().asPng());
}
