/** Paper at least this light (0–255) is left out; ink at least this dark prints solid. */
const PAPER = 215;
const INK = 60;

/**
 * A photographed or scanned signature as ink on transparent, in place: each pixel's darkness becomes its
 * opacity and its colour black, so the card prints it in its own ink colour (a light sheet of paper, a
 * shadow or a coloured pen all print the same). Returns whether any ink was found.
 */
export function inkOnTransparent(rgba: Buffer): boolean {
  let inked = false;
  for (let at = 0; at < rgba.length; at += 4) {
    const luminance = 0.299 * (rgba[at] ?? 0) + 0.587 * (rgba[at + 1] ?? 0) + 0.114 * (rgba[at + 2] ?? 0);
    const darkness = Math.min(1, Math.max(0, (PAPER - luminance) / (PAPER - INK)));
    const alpha = Math.round(darkness * (rgba[at + 3] ?? 0));
    rgba[at] = 0;
    rgba[at + 1] = 0;
    rgba[at + 2] = 0;
    rgba[at + 3] = alpha;
    if (alpha > 127) inked = true;
  }
  return inked;
}
