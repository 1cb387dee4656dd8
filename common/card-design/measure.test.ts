import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { textWidth, unprintableCharacters } from './measure.ts';

const require = createRequire(import.meta.url);
const open = (subset: string, weight: number) =>
  fontkit.openSync(
    require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
  ) as fontkit.Font;

describe('Inter metrics table', () => {
  for (const weight of [400, 700] as const) {
    it(`measures weight ${weight} as fontkit lays it out, never narrower beyond a hair`, () => {
      const latin = open('latin', weight);
      const ext = open('latin-ext', weight);
      for (const text of [
        'Alexandra Whitfield',
        'Head of Product Design',
        'AVATAR Tower WAVE',
        'Łukasz Żółć',
        'Ærø',
      ]) {
        // Characters of each subset laid out by that subset's file (each file holds one subset).
        const laid = [...text].reduce((sum, char) => {
          const font = latin.hasGlyphForCodePoint(char.codePointAt(0) ?? 0) ? latin : ext;
          return sum + font.layout(char).advanceWidth;
        }, 0);
        const kerned = latin.layout(text).advanceWidth;
        const measured = textWidth(text, weight, 2048);
        expect(measured).toBeCloseTo(laid, 0);
        // Kerning only tightens these lines: the table's sum of advances is the wider, by a few per cent
        // at most even for a line made of kerning pairs (AV, To, WA).
        if ([...text].every((char) => latin.hasGlyphForCodePoint(char.codePointAt(0) ?? 0))) {
          expect(measured).toBeGreaterThanOrEqual(kerned);
          expect(measured / kerned).toBeLessThan(text.startsWith('AVATAR') ? 1.08 : 1.02);
        }
      }
    });
  }

  it('counts a character outside latin as the widest glyph, and knows which ones cannot print', () => {
    expect(textWidth('Ж', 700, 1000)).toBeGreaterThanOrEqual(textWidth('W', 700, 1000));
    expect(unprintableCharacters('Анна Σοφία Nguyễn')).toEqual([]);
    expect(unprintableCharacters('山田 太郎 🙂')).toEqual(['山', '田', '太', '郎', '🙂']);
  });
});
