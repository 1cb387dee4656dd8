import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';

/** Where screenshots go when SHOTS_DIR is set (to look at them); nothing is written otherwise. */
const SHOTS = process.env.SHOTS_DIR;

/** Full-page screenshots of the page at each width, named `{name}-{width}.png`. */
export async function shot(page: Page, name: string, widths: number[]) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}
