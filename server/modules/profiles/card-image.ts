import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { CARD_ACCENTS } from '../../../common/card-accents.ts';
import type { PublicCard } from '../../../common/profile-visibility.ts';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../storage/index.ts';
import { viewCard } from './service.ts';

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

async function photoDataUrl(storage: MediaStorage, card: PublicCard): Promise<string | undefined> {
  const original = card.profile_image ? await storage.read(card.profile_image) : undefined;
  if (!original) return undefined;
  const small = await sharp(original).resize(360, 360, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
  return `data:image/jpeg;base64,${small.toString('base64')}`;
}

/** What the picture is drawn from: the same version means the same picture. */
function versionOf(card: PublicCard, site: string): string {
  const { links: _links, bio: _bio, email: _email, phone: _phone, location: _location, ...drawn } = card;
  return createHash('sha256')
    .update(JSON.stringify([drawn, site, 1]))
    .digest('base64url')
    .slice(0, 22);
}

interface CardImage {
  etag: string;
  png(): Promise<Buffer>;
}

// Drawing takes a few tenths of a second: the last pictures are kept, by version.
const drawn = new Map<string, Promise<Buffer>>();
const KEPT = 50;

/**
 * A public card's preview picture (1200×630 PNG); a private or unknown card is a 404 like its page. Only
 * what the page shows others is drawn: it starts from the same public view.
 */
export async function cardImage(
  deps: { db: Db; storage: MediaStorage; publicUrl: string },
  username: string,
): Promise<CardImage> {
  const { profile } = await viewCard(deps.db, username);
  const site = new URL(deps.publicUrl).host;
  const version = versionOf(profile, site);
  return {
    etag: `"card-${version}"`,
    png() {
      let png = drawn.get(version);
      if (!png) {
        png = (async () => {
          const svg = await satori(
            cardTree(profile, await photoDataUrl(deps.storage, profile), site) as never,
            {
              ...CARD_IMAGE,
              fonts: await loadFonts(),
            },
          );
          return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
        })();
        png.catch(() => drawn.delete(version));
        drawn.set(version, png);
        if (drawn.size > KEPT) drawn.delete(drawn.keys().next().value as string);
      }
      return png;
    },
  };
}
