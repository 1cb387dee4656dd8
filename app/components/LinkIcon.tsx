import type { LinkIcon as LinkIconName } from '../../common/profile-links';
import { LINK_ICON_GLYPHS, PLAIN_LINK_GLYPH } from './social-icons';

/** A link's icon as a 24×24 inline SVG in the text colour; decorative (the link's title says what it is). */
export function LinkIcon({ icon, size = 20 }: { icon: LinkIconName | null; size?: number }) {
  const glyph = icon ? LINK_ICON_GLYPHS[icon] : PLAIN_LINK_GLYPH;
  return (
    <svg
      className="link-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      {glyph.outline ? (
        <path
          d={glyph.path}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <path d={glyph.path} fill="currentColor" />
      )}
    </svg>
  );
}
