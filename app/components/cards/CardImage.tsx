import type { SyntheticEvent } from 'react';

const DEFAULT_CARD_IMAGE = '/images/card-default.svg';

function useDefault(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (!image.src.endsWith(DEFAULT_CARD_IMAGE)) image.src = DEFAULT_CARD_IMAGE;
}

/** A card's cover, or the default picture when it has none or it fails to load; `eager` for the first screen's. */
export function CardImage({
  src,
  alt,
  eager = false,
}: {
  src: string | null | undefined;
  alt: string;
  eager?: boolean;
}) {
  return (
    <img
      className="card-image"
      src={src || DEFAULT_CARD_IMAGE}
      alt={alt}
      width={856}
      height={540}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      onError={useDefault}
    />
  );
}
