import type { Card } from '../../../server/modules/catalog/responses';
import { formatDollars } from '../../lib/format';
import { SiteLink } from '../SiteLink';
import { CardImage } from './CardImage';

/** What a tile shows of a card: all a list page needs to send its browser. */
type CardTileData = Pick<Card, 'id' | 'slug' | 'name' | 'cover_image' | 'category' | 'price'>;

export function tileOf({ id, slug, name, cover_image, category, price }: CardTileData): CardTileData {
  return { id, slug, name, cover_image, category, price };
}

export function CardTile({ card, eager = false }: { card: CardTileData; eager?: boolean }) {
  return (
    <article className="cards-tile">
      <SiteLink to={`/cards/${card.slug}`} className="cards-tile-link">
        <CardImage src={card.cover_image} alt="" eager={eager} />
        <h2 className="cards-tile-name">{card.name}</h2>
      </SiteLink>
      <p className="cards-tile-meta">
        <span className="cards-design-tag">{card.category}</span>
        <span className="cards-price">{formatDollars(card.price)}</span>
      </p>
    </article>
  );
}
