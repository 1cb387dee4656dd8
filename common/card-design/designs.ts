/**
 * The colours of each card design (`cards.category`), for the catalogue's cover art and the printed card.
 * `from`/`to` run the background diagonally; `ink` is the printed (or engraved) text, `muted` the second
 * line, `accent` the company, `signature` the ink a signature is printed in.
 */
export interface DesignPalette {
  from: string;
  to: string;
  ink: string;
  muted: string;
  accent: string;
  signature: string;
  /** A light card prints its QR straight on the card; a dark or metal one on a white plate. */
  light: boolean;
  texture?: 'carbon' | 'grain' | 'brushed';
}

const PALETTES: Record<string, DesignPalette> = {
  'Matte Black': {
    from: '#1c1f26',
    to: '#050608',
    ink: '#f3f4f6',
    muted: '#a1a1aa',
    accent: '#d4d4d8',
    signature: '#f3f4f6',
    light: false,
  },
  'Metal Gold': {
    from: '#f6d98b',
    to: '#a4771f',
    ink: '#2b1d05',
    muted: '#4a3610',
    accent: '#5c4310',
    signature: '#2b1d05',
    light: false,
    texture: 'brushed',
  },
  Bamboo: {
    from: '#d9c08c',
    to: '#9c7a3c',
    ink: '#2f2410',
    muted: '#4b3a1c',
    accent: '#5b4520',
    signature: '#2f2410',
    light: true,
    texture: 'grain',
  },
  'Pearl White': {
    from: '#ffffff',
    to: '#dfe3ea',
    ink: '#1f2937',
    muted: '#6b7280',
    accent: '#1e3a8a',
    signature: '#1e3a8a',
    light: true,
  },
  'Carbon Fibre': {
    from: '#3a3f47',
    to: '#111318',
    ink: '#e5e7eb',
    muted: '#9ca3af',
    accent: '#38bdf8',
    signature: '#e5e7eb',
    light: false,
    texture: 'carbon',
  },
};

const NEUTRAL: DesignPalette = {
  from: '#334155',
  to: '#0f172a',
  ink: '#f8fafc',
  muted: '#94a3b8',
  accent: '#cbd5e1',
  signature: '#f8fafc',
  light: false,
};

/** The design's palette; a design the list does not know gets a neutral slate one. */
export function paletteOf(design: string): DesignPalette {
  return PALETTES[design] ?? NEUTRAL;
}
