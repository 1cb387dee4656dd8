import { describe, expect, it } from 'vitest';
import { type DrawCardInput, drawCard, type QrMatrix } from './draw.ts';
import { CARD_UNITS, fitProblems } from './fit.ts';
import { CARD_SIZE_MM } from './personalisation.ts';

const ALL = ['name', 'title', 'company', 'logo', 'signature', 'qr'];
const card = (overrides: Partial<DrawCardInput> = {}): DrawCardInput => ({
  printed: {
    name: 'Alexandra Whitfield',
    title: 'Head of Product Design',
    company: 'Northwind Studio',
    qr: true,
  },
  design: 'Matte Black',
  fields: ALL,
  ...overrides,
});
const qr: QrMatrix = { size: 3, data: [1, 0, 1, 0, 1, 0, 1, 1, 1] };

describe('drawCard', () => {
  it('draws at the exact card size and ratio, and 3 mm larger each side with bleed', () => {
    const { front, back } = drawCard(card());
    expect(CARD_UNITS.width / CARD_UNITS.height).toBe(CARD_SIZE_MM.width / CARD_SIZE_MM.height);
    for (const svg of [front, back]) {
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 8560 5398" width="85.6mm" height="53.98mm"/);
      expect(svg).toContain('rx="318"');
    }
    const printed = drawCard(card({ bleed: true }));
    expect(printed.front).toMatch(/viewBox="-300 -300 9160 5998" width="91.6mm" height="59.98mm"/);
    expect(printed.front).not.toContain('rx="318"');
  });

  it('keeps a name with markup characters as text', () => {
    const { front } = drawCard(card({ printed: { name: `<b>Tom & "Jerry" O'Neil</b>` } }));
    expect(front).toContain('&lt;b&gt;Tom &amp; &quot;Jerry&quot; O&apos;Neil&lt;/b&gt;</text>');
    expect(front).not.toContain('<b>');
  });

  it('draws only the fields the card offers, and the same input gives the same output', () => {
    const offered = drawCard(card({ fields: ['name'], qr }));
    expect(offered.front).toContain('Alexandra Whitfield');
    expect(offered.front).not.toContain('Head of Product Design');
    expect(offered.back).not.toContain('Tap or scan');
    expect(drawCard(card({ qr }))).toEqual(drawCard(card({ qr })));
    expect(drawCard(card({ qr })).back).toContain('Tap or scan');
  });

  it('embeds only PNG data URLs as pictures', () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=' as const;
    expect(drawCard(card({ images: { logo } })).front).toContain(`<image href="${logo}"`);
    const svg = 'data:image/svg+xml;base64,PHN2Zz4=' as `data:image/png;base64,${string}`;
    expect(() => drawCard(card({ images: { logo: svg } }))).toThrow(/PNG data URL/);
  });

  it('gives an unknown design a palette rather than failing', () => {
    expect(drawCard(card({ design: 'Neon' })).front).toContain('#334155');
  });
});

describe('fitProblems', () => {
  it('accepts names that fit and flags the ones that would run off the card, with a message', () => {
    expect(fitProblems(card().printed, ALL)).toEqual([]);
    expect(fitProblems({ name: 'Maximilian Alexander von Hohenberg-Wittelsbach' }, ALL)).toEqual([
      { field: 'name', message: 'The printed name is too long for the card: shorten it to fit.' },
    ]);
    expect(
      fitProblems(
        { title: 'Senior Vice President of Global Strategic Partnerships and Alliances EMEA' },
        ALL,
      ),
    ).toEqual([{ field: 'title', message: 'The job title is too long for the card: shorten it to fit.' }]);
  });

  it('ignores fields the card does not offer and flags characters Inter cannot print', () => {
    expect(fitProblems({ name: 'W'.repeat(60) }, ['title'])).toEqual([]);
    expect(fitProblems({ company: '山田商事' }, ALL)).toEqual([
      {
        field: 'company',
        message: 'The company has characters the card’s typeface cannot print: 山 田 商 事',
      },
    ]);
  });

  it('measures the text as printed: runs of spaces count once', () => {
    const name = 'Alexandra Whitfield-Montgomery';
    expect(fitProblems({ name: `  ${name.replace(' ', '          ')}  ` }, ALL)).toEqual(
      fitProblems({ name }, ALL),
    );
  });
});
