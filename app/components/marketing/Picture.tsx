import type { Picture as PictureData } from '../../../content/types';

/** A 1×1 transparent GIF: what a `<picture>` picks where its image is hidden, so nothing is fetched there. */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

/**
 * A content picture with its size (no layout shift), lazy below the fold unless `eager` (then fetched first:
 * it is the page's largest paint). `hiddenMedia` is the media query under which the stylesheet hides it: there
 * the browser fetches nothing, and React does not preload it (it never preloads an image inside `<picture>`).
 */
export function Picture({
  picture,
  eager = false,
  hiddenMedia,
  className,
}: {
  picture: PictureData;
  eager?: boolean;
  hiddenMedia?: string;
  className?: string;
}) {
  const image = (
    <img
      className={className}
      src={picture.src}
      alt={picture.alt}
      width={picture.width}
      height={picture.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
  if (!hiddenMedia) return image;
  return (
    <picture>
      <source media={hiddenMedia} srcSet={NOTHING} />
      {image}
    </picture>
  );
}
