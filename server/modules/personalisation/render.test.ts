import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type DrawCardInput, drawCard } from '../../../common/card-design/draw.ts';
import { drawTextOutlined, outlineDrawnText } from './outline.ts';
import { printFileOf, printPdf, renderPng } from './render.ts';

const URL = 'https://cards.example.com/profile/alexandra';
const input = (design: string): DrawCardInput => ({
  printed: {
    name: 'Alexandra Whitfield',
    title: 'Head of Product Design',
    company: 'Northwind Studio',
    qr: true,
  },
  design,
  fields: ['name', 'title', 'company', 'qr'],
  qr: QRCode.create(URL, { errorCorrectionLevel: 'M' }).modules,
  drawText: drawTextOutlined,
});

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

describe('print rendering', () => {
  it('renders the bleed size at 300 dpi as 1082 × 708 pixels', async () => {
    const { front } = drawCard({ ...input('Pearl White'), bleed: true });
    const { width, height } = await pixels(renderPng(front, 300));
    expect(width).toBe(1082);
    expect(Math.abs(height - 708)).toBeLessThanOrEqual(1);
  });

  it('draws the text as outlines that show in the raster', async () => {
    const drawn = drawCard(input('Matte Black')).front;
    const blank = drawCard({ ...input('Matte Black'), drawText: () => '' }).front;
    expect(drawn).not.toContain('<text');
    // The name's first letters, bottom left: light ink on the black card only where the outlines are.
    const region = async (svg: string) => {
      const { data, width } = await pixels(renderPng(svg, 300));
      let light = 0;
      for (let y = 470; y < 520; y++)
        for (let x = 85; x < 400; x++) if ((data[(y * width + x) * 4] ?? 0) > 160) light++;
      return light;
    };
    expect(await region(blank)).toBe(0);
    expect(await region(drawn)).toBeGreaterThan(1500);
  });

  for (const design of ['Matte Black', 'Metal Gold', 'Bamboo', 'Pearl White', 'Carbon Fibre']) {
    it(`prints a QR code on the ${design} back that decodes to the card page`, async () => {
      const { data, width, height } = await pixels(renderPng(drawCard(input(design)).back, 300));
      expect(jsQR(data, width, height)?.data).toBe(URL);
    });
  }

  it('makes a two-page PDF of 91.6 × 59.98 mm pages with trim and bleed boxes', async () => {
    const pdf = await printFileOf(input('Carbon Fibre'));
    const dir = mkdtempSync(path.join(tmpdir(), 'print-'));
    const file = path.join(dir, 'card.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', ['-box', file], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+2/);
    expect(info).toMatch(/Page size:\s+259\.654 x 170\.022 pts/);
    expect(info).toMatch(/TrimBox:\s+8\.50\s+8\.50\s+251\.15\s+161\.52/);
    expect(info).toMatch(/BleedBox:\s+0\.00\s+0\.00\s+259\.65\s+170\.02/);
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    const placed = images.split('\n').filter((line) => /^\s+\d+\s+\d+\s+\w+\s+\d+/.test(line));
    expect(placed.map((line) => line.trim().split(/\s+/).slice(0, 5))).toEqual([
      ['1', '0', 'image', '1082', '708'],
      ['2', '1', 'image', '1082', '708'],
    ]);
    expect(placed.every((line) => / 300 +300 /.test(line))).toBe(true);
    // The texts print as outlines in the picture; the file names them as invisible text (3 Tr), once.
    expect(
      execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
        .trim()
        .split(/\s*\n\s*/),
    ).toEqual(['Alexandra Whitfield', 'Head of Product Design', 'Northwind Studio']);
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(/Inter-Regular.+yes\s+yes\s+yes/);
  });

  it('refuses sides drawn without bleed', async () => {
    const { front, back } = drawCard(input('Bamboo'));
    await expect(printPdf(front, back)).rejects.toThrow(/bleed/);
  });
});

describe('a stored preview, outlined for the proof', () => {
  it('is the drawing with outlined text, whatever the typed text holds', () => {
    const typed = {
      ...input('Pearl White'),
      printed: { name: 'Zoë <O’Brien> & "Co"', title: 'R&D lead', company: 'A > B', qr: true },
    };
    const { drawText: _outlined, ...withText } = typed;
    const stored = drawCard(withText);
    expect(stored.front).toContain('<text');
    const outlined = drawCard(typed);
    expect(outlineDrawnText(stored.front)).toBe(outlined.front);
    expect(outlineDrawnText(stored.back)).toBe(outlined.back);
    expect(outlineDrawnText(stored.front)).not.toContain('<text');
  });
});
