import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator } from '@playwright/test';
import ICAL from 'ical.js';
import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * Decodes the QR code shown in `element` from a screenshot at device scale 1 (what a low-end camera sees
 * at best) with two independent decoders, jsQR and Debian's zbarimg; both must read the same text.
 */
export async function decodeQr(element: Locator): Promise<string> {
  const png = await element.screenshot({ scale: 'css' });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const byJsQr = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  )?.data;
  expect(byJsQr, 'jsQR could not decode the QR code').toBeDefined();
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'qr-')), 'code.png');
  await writeFile(file, png);
  const byZbar = execFileSync('zbarimg', ['--quiet', '--raw', '-Sbinary', file]).toString('utf8');
  // zbarimg may end its output with a newline of its own.
  expect([byJsQr, `${byJsQr}\n`]).toContain(byZbar);
  return byJsQr as string;
}

/** A vCard read by ical.js (not our own code): property name → the first value of each such property. */
export function parseVCard(text: string): (name: string) => unknown[] {
  const card = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
  return (name) => card.getAllProperties(name).map((property) => property.getFirstValue());
}
