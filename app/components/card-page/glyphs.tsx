/** Outline glyphs for the card's actions, drawn for this page (24×24, stroked in the current colour). */
const ACTION_GLYPHS = {
  save: 'M12 3v12m0 0-5-5m5 5 5-5M5 21h14',
  call: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  email: 'M3 6h18v12H3zM3 6l9 7 9-7',
  directions:
    'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5',
  share: 'M12 15V3m0 0L8 7m4-4 4 4M5 12v8h14v-8',
  link: 'M10 14a4 4 0 0 0 5.7 0l3.6-3.6a4 4 0 0 0-5.7-5.7L12.5 5.8M14 10a4 4 0 0 0-5.7 0l-3.6 3.6a4 4 0 0 0 5.7 5.7l1.1-1.1',
  go: 'M7 17 17 7M9 7h8v8',
} as const;

export type ActionGlyph = keyof typeof ACTION_GLYPHS;

export function ActionIcon({ name, className }: { name: ActionGlyph; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ACTION_GLYPHS[name]} />
    </svg>
  );
}
