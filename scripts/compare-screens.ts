/**
 * Screenshots of the public pages, to check that a change to the stylesheet changes no pixel.
 *
 *   node --import tsx scripts/compare-screens.ts shoot <dir> [--no-build] [--widths 700,1000]
 *     `npm run build` (unless --no-build), then the production build on a copy of the seeded embedded
 *     database (with the demo card owners), and a full-page PNG of each page at 390×844 and 1280×800 (or at
 *     the widths given, 800 high: the widths between breakpoints, when a breakpoint moves), device scale 1,
 *     reduced motion, into <dir>.
 *   node --import tsx scripts/compare-screens.ts compare <before> <after>
 *     The count of differing pixels for each screenshot (a different size counts as all pixels differing);
 *     exits 1 when any differs, and writes <after>/diff-<name>.png marking the differing pixels in red.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_CARD_OWNERS, seedCardOwners } from '../server/test/card-owners.ts';
import {
  makeTemplateDataDir,
  projectRoot,
  startServer,
  stopServer,
} from '../tests/e2e/support/server-process.ts';

/** The public pages (and the home page scrolled, its header dark): each route of app/routes.ts that needs no account or token, one page of each kind. */
const PAGES: Record<string, string> = {
  home: '/',
  about: '/about',
  services: '/services',
  'service-detail': '/services/cloud-solutions',
  contact: '/contact',
  blog: '/blog',
  'blog-post': '/blog/why-paper-business-cards-get-lost',
  faq: '/faq',
  privacy: '/privacy',
  terms: '/terms',
  cards: '/cards',
  'card-detail': '/cards/classic-intro-card-matte-black',
  'product-d': '/d',
  'product-b': '/products/b',
  'product-c': '/products/c',
  cart: '/cart',
  checkout: '/checkout',
  login: '/login',
  'forgot-password': '/forgot-password',
  verify: '/verify',
  'profile-full': `/profile/${DEMO_CARD_OWNERS[0]?.username}`,
  'profile-long': `/profile/${DEMO_CARD_OWNERS[1]?.username}`,
  'not-found': '/no-such-page',
};

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** The viewports asked for with `--widths 700,1000`, or WIDTHS. */
function viewportsAsked(argv: string[]): { width: number; height: number }[] {
  const asked = argv[argv.indexOf('--widths') + 1];
  if (!argv.includes('--widths') || !asked) return WIDTHS;
  return asked.split(',').map((width) => ({ width: Number(width), height: 800 }));
}

async function shoot(dir: string, build: boolean, viewports = WIDTHS): Promise<void> {
  if (build) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`npm run build failed (${built.status})`);
  }
  await mkdir(dir, { recursive: true });
  const template = await makeTemplateDataDir();
  await seedCardOwners(template, DEMO_CARD_OWNERS);
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    for (const viewport of viewports) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
      for (const [name, url] of Object.entries(PAGES)) {
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        await page.goto(server.baseUrl + url, { waitUntil: 'load' });
        // Lazy pictures below the fold would not be loaded by a full-page screenshot: load them all.
        await page.evaluate(async () => {
          for (const image of document.querySelectorAll('img')) image.loading = 'eager';
          await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
          await document.fonts.ready;
        });
        await page.waitForLoadState('networkidle');
        const file = path.join(dir, `${name}-${viewport.width}.png`);
        const shot = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
        // The demo portrait is drawn again with each seeded database and may differ by a few thousand pixels
        // from run to run: its box is painted over in one colour here (its place and size still count).
        // Playwright's own mask is an injected style, which the pages' Content-Security-Policy refuses.
        const boxes = await page.locator('img.profile-avatar, img.card-photo').evaluateAll((images) =>
          images.map((image) => {
            const box = image.getBoundingClientRect();
            return {
              left: Math.round(box.left + window.scrollX),
              top: Math.round(box.top + window.scrollY),
              width: Math.round(box.width),
              height: Math.round(box.height),
            };
          }),
        );
        await sharp(shot)
          .composite(
            boxes
              .filter((box) => box.width > 0 && box.height > 0)
              .map((box) => ({
                input: {
                  create: { width: box.width, height: box.height, channels: 4, background: '#ff00ff' },
                },
                left: box.left,
                top: box.top,
              })),
          )
          .png()
          .toFile(file);
        console.log(`${file}  ${url}`);
        if (name === 'home') {
          // The header's dark state once the page is scrolled (site-script adds .scrolled): the viewport only.
          await page.evaluate(() => window.scrollTo(0, 900));
          await page.locator('.site-header.is-scrolled').waitFor();
          const scrolled = path.join(dir, `home-scrolled-${viewport.width}.png`);
          await page.screenshot({ path: scrolled, animations: 'disabled', caret: 'hide' });
          console.log(`${scrolled}  ${url} scrolled`);
        }
        await page.close();
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await stopServer(server);
    await rm(template, { recursive: true, force: true });
  }
}

async function pixels(file: string) {
  return sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

async function compare(before: string, after: string): Promise<number> {
  const names = (await readdir(before)).filter((name) => name.endsWith('.png') && !name.startsWith('diff-'));
  let differing = 0;
  for (const name of names.sort()) {
    const a = await pixels(path.join(before, name));
    let b: Awaited<ReturnType<typeof pixels>>;
    try {
      b = await pixels(path.join(after, name));
    } catch {
      console.log(`${name}: missing in ${after}`);
      differing++;
      continue;
    }
    const { width, height } = a.info;
    if (width !== b.info.width || height !== b.info.height) {
      console.log(`${name}: size ${width}×${height} → ${b.info.width}×${b.info.height}`);
      differing++;
      continue;
    }
    const marked = Buffer.from(b.data);
    let count = 0;
    for (let i = 0; i < a.data.length; i += 4) {
      if (
        a.data[i] !== b.data[i] ||
        a.data[i + 1] !== b.data[i + 1] ||
        a.data[i + 2] !== b.data[i + 2] ||
        a.data[i + 3] !== b.data[i + 3]
      ) {
        count++;
        marked.set([255, 0, 0, 255], i);
      }
    }
    console.log(`${name}: ${width}×${height}, ${count} differing pixels`);
    if (count > 0) {
      differing++;
      await sharp(marked, { raw: { width, height, channels: 4 } })
        .png()
        .toFile(path.join(after, `diff-${name}`));
    }
  }
  console.log(`${names.length} screenshots, ${differing} differing`);
  return differing;
}

const [mode, first, second] = process.argv.slice(2);
if (mode === 'shoot' && first) {
  await shoot(path.resolve(first), !process.argv.includes('--no-build'), viewportsAsked(process.argv));
} else if (mode === 'compare' && first && second) {
  if ((await compare(path.resolve(first), path.resolve(second))) > 0) process.exitCode = 1;
} else {
  console.error(
    'usage: compare-screens.ts shoot <dir> [--no-build] [--widths 700,1000] | compare <before> <after>',
  );
  process.exitCode = 2;
}
