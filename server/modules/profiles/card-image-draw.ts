import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { CARD_ACCENTS } from '../../../common/card-accents.ts';
import type { PublicCard } from '../../../common/profile-visibility.ts';

// One libvips thread and no cache: a child of the pool draws one picture at a time.
sharp.cache(false);
sharp.concurrency(1);

/** The size chat apps and social sites show large (og:image, twitter:card summary_large_image). */
const CARD_IMAGE = { width: 1200, height: 630 } as const;

/**
 * Inter from @fontsource (OFL-1.1) in the scripts its subsets cover, so a name renders the same on a
 * fresh machine with no system fonts. WOFF, not WOFF2: satori reads WOFF, TTF and OTF only.
 */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'vietnamese'];
const WEIGHTS = [400, 700] as const;

type SatoriFont = { name: string; data: Buffer; weight: (typeof WEIGHTS)[number]; style: 'normal' };
let fonts: Promise<SatoriFont[]> | undefined;

function loadFonts(): Promise<SatoriFont[]> {
  // One file named in full, so the dependency is plain to see; its siblings are the other subsets.
  const files = path.dirname(
    createRequire(import.meta.url).resolve('@fontsource/inter/files/inter-latin-400-normal.woff'),
  );
  fonts ??= Promise.all(
    WEIGHTS.flatMap((weight) =>
      SUBSETS.map(async (subset) => ({
        name: 'Inter',
        weight,
        style: 'normal' as const,
        data: await readFile(path.join(files, `inter-${subset}-${weight}-normal.woff`)),
      })),
    ),
  );
  return fonts;
}

const PADDING = 80;
const PORTRAIT = 340;
const GAP = 64;
const TEXT_WIDTH = CARD_IMAGE.width - 2 * PADDING - PORTRAIT - GAP;

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown> } };
const el = (type: string, style: Record<string, unknown>, children?: unknown, props = {}): Node => ({
  type,
  props: { style, children, ...props },
});

function initialsOf(card: PublicCard): string {
  return [card.first_name, card.last_name]
    .map((part) => Array.from(part.trim())[0] ?? '')
    .join('')
    .toUpperCase();
}

/** The picture: photo (or initials) on the owner's accent, name, and the title and company they show. */
function cardTree(card: PublicCard, photo: string | undefined, site: string): Node {
  const accent = CARD_ACCENTS[card.accent].color;
  const name = [card.first_name, card.last_name].filter(Boolean).join(' ');
  const role = [card.job_title, card.company].filter(Boolean).join(' at ');
  const portrait = photo
    ? el(
        'img',
        {
          width: PORTRAIT,
          height: PORTRAIT,
          borderRadius: '50%',
          border: '10px solid #fff',
          objectFit: 'cover',
        },
        undefined,
        {
          src: photo,
          width: PORTRAIT,
          height: PORTRAIT,
        },
      )
    : el(
        'div',
        {
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: PORTRAIT,
          height: PORTRAIT,
          borderRadius: '50%',
          border: '10px solid #fff',
          background: 'rgba(255,255,255,0.16)',
          color: '#fff',
          fontSize: 120,
          fontWeight: 700,
        },
        initialsOf(card) || '?',
      );
  const text: Node[] = [
    el(
      'div',
      {
        fontSize: name.length > 22 ? 60 : 72,
        fontWeight: 700,
        lineHeight: 1.1,
        lineClamp: 2,
        display: 'block',
      },
      name,
    ),
  ];
  if (role) {
    text.push(
      el(
        'div',
        { marginTop: 24, fontSize: 38, lineHeight: 1.25, opacity: 0.9, lineClamp: 2, display: 'block' },
        role,
      ),
    );
  }
  return el(
    'div',
    {
      width: CARD_IMAGE.width,
      height: CARD_IMAGE.height,
      display: 'flex',
      flexDirection: 'column',
      backgroundColor: accent,
      backgroundImage: 'linear-gradient(135deg, rgba(255,255,255,0.18) 0%, rgba(0,0,0,0.28) 100%)',
      color: '#fff',
      fontFamily: 'Inter',
      padding: `0 ${PADDING}px`,
    },
    [
      el('div', { display: 'flex', flex: 1, alignItems: 'center', gap: GAP }, [
        portrait,
        el('div', { display: 'flex', flexDirection: 'column', width: TEXT_WIDTH }, text),
      ]),
      el(
        'div',
        {
          display: 'flex',
          justifyContent: 'space-between',
          width: CARD_IMAGE.width - 2 * PADDING,
          paddingBottom: 44,
          fontSize: 26,
          opacity: 0.85,
        },
        [el('div', {}, 'Intro card'), el('div', {}, site)],
      ),
    ],
  );
}

export interface CardImageInput {
  profile: PublicCard;
  /** The owner's photo as stored (a JPEG), when they have one. */
  photo: Buffer | undefined;
  /** The site's host, printed in the corner. */
  site: string;
}

/** The preview picture, 1200×630 PNG (the pool's `cardImage` task). */
export async function drawCardImage({ profile, photo, site }: CardImageInput): Promise<Buffer> {
  const small = photo
    ? await sharp(photo).resize(360, 360, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer()
    : undefined;
  const svg = await satori(
    cardTree(profile, small && `data:image/jpeg;base64,${small.toString('base64')}`, site) as never,
    { ...CARD_IMAGE, fonts: await loadFonts() },
  );
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
