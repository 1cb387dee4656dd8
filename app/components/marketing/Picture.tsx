import type { Picture as PictureData } from '../../../content/types';

/** A content picture with its size (no layout shift), lazy below the fold unless `eager`. */
export function Picture({
  picture,
  eager = false,
  className,
}: {
  picture: PictureData;
  eager?: boolean;
  className?: string;
}) {
  return (
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
}
