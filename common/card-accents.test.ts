import { describe, expect, it } from 'vitest';
import { CARD_ACCENTS } from './card-accents.ts';

/** WCAG 2 relative luminance of an sRGB colour written #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe('card accents', () => {
  it.each(Object.entries(CARD_ACCENTS))('%s carries white text at WCAG AA (4.5:1)', (_key, accent) => {
    const contrast = (1 + 0.05) / (luminance(accent.color) + 0.05);
    expect(contrast).toBeGreaterThanOrEqual(4.5);
  });
});
