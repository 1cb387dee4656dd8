/**
 * The card page's cover colours. Each is dark enough for white text at WCAG AA (4.5:1, checked in
 * card-accents.test.ts), so an owner cannot pick a colour that makes their own name unreadable.
 */
export const CARD_ACCENTS = {
  ocean: { label: 'Ocean', color: '#0b4f8a' },
  teal: { label: 'Teal', color: '#0f5e63' },
  forest: { label: 'Forest', color: '#1d5e3a' },
  plum: { label: 'Plum', color: '#5b2a86' },
  ember: { label: 'Ember', color: '#a3361b' },
  graphite: { label: 'Graphite', color: '#2f3640' },
} as const;

export type CardAccent = keyof typeof CARD_ACCENTS;
export const CARD_ACCENT_KEYS = Object.keys(CARD_ACCENTS) as [CardAccent, ...CardAccent[]];
export const DEFAULT_ACCENT: CardAccent = 'ocean';
