import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type { TextDrawer, TextRun } from '../../../common/card-design/draw.ts';
import {
  PRINT_FONT_SUBSETS,
  PRINT_FONT_WEIGHTS,
  type PrintFontWeight,
} from '../../../common/card-design/fonts.ts';

let fonts: Map<PrintFontWeight, fontkit.Font[]> | undefined;

/** Inter's subset files per weight, in PRINT_FONT_SUBSETS order (a character comes from the first that has it). */
function fontsOf(weight: PrintFontWeight): fontkit.Font[] {
  if (!fonts) {
    // One file named in full, so the dependency is plain to see; its siblings are the other subsets.
    const files = path.dirname(
      createRequire(import.meta.url).resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
    );
    fonts = new Map(
      PRINT_FONT_WEIGHTS.map((w) => [
        w,
        PRINT_FONT_SUBSETS.map((subset) => {
          const font = fontkit.openSync(path.join(files, `inter-${subset}-${w}-normal.woff`));
          if ('fonts' in font) throw new Error('expected one font, not a collection');
          return font;
        }),
      ]),
    );
  }
  return fonts.get(weight) ?? [];
}

/** The text cut into runs that one subset file draws, so each run is shaped (kerned) as a whole. */
function runsOf(text: string, candidates: fontkit.Font[]): { font: fontkit.Font; text: string }[] {
  const runs: { font: fontkit.Font; text: string }[] = [];
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    const font = candidates.find((candidate) => candidate.hasGlyphForCodePoint(point)) ?? candidates[0];
    if (!font) continue;
    const last = runs.at(-1);
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

/** A line of text as glyph outlines in font units (y up, from its start), and its advance. */
export function outlineText(
  text: string,
  weight: PrintFontWeight,
): { d: string; advance: number; unitsPerEm: number } {
  const candidates = fontsOf(weight);
  let pen = 0;
  let d = '';
  for (const run of runsOf(text, candidates)) {
    const laid = run.font.layout(run.text);
    for (const [index, glyph] of laid.glyphs.entries()) {
      const position = laid.positions[index];
      d += glyph.path.translate(pen + (position?.xOffset ?? 0), position?.yOffset ?? 0).toSVG();
      pen += position?.xAdvance ?? glyph.advanceWidth;
    }
  }
  return { d, advance: pen, unitsPerEm: candidates[0]?.unitsPerEm ?? 1000 };
}

const num = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * drawCard's text as filled outlines: the rasteriser (resvg) cannot read WOFF, and a print shop must not
 * substitute fonts. Shaped with Inter's kerning, so a line is at most as wide as fitProblems measured it.
 */
export const drawTextOutlined: TextDrawer = (run: TextRun) => {
  const { d, advance, unitsPerEm } = outlineText(run.text, run.weight);
  const scale = run.size / unitsPerEm;
  const x = run.anchor === 'middle' ? run.x - (advance * scale) / 2 : run.x;
  return `<path transform="translate(${num(x)} ${num(run.y)}) scale(${num(scale)} ${num(-scale)})" d="${d}" fill="${run.fill}"/>`;
};
