import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CARD_NOT_FOUND } from '../../common/messages/catalog';
import { readsNoQuery } from '../../common/page-query';
import { company } from '../../content/company';
import { PersonaliseCard } from '../components/card-design/PersonaliseCard';
import { CardImage } from '../components/cards/CardImage';
import { ErrorPage, type ErrorView, errorPageTitle, SOMETHING_WENT_WRONG } from '../components/ErrorPage';
import { addToCart, type CartCard } from '../lib/cart';
import { loadCard } from '../lib/catalog.server';
import { formatDollars } from '../lib/format';
import { publicPageHeaders } from '../lib/http-cache';
import { useHydrated } from '../lib/hydrated';
import type { RouteError } from '../lib/route-error';
import { breadcrumbLd, jsonLd, pageMeta, publicUrlOf } from '../lib/seo';
import { toast } from '../lib/toast';
import type { Route } from './+types/card-detail';

export const handle = readsNoQuery;

/** A missing card, or one that could not be loaded: either way, the shop and the verify page are the ways on. */
function describeError({ status }: RouteError): ErrorView {
  const actions = (
    <>
      <Link to="/cards" className="button">
        Browse all smart cards
      </Link>
      <Link to="/verify" className="button button-outline">
        Verify a product
      </Link>
    </>
  );
  if (status === 404)
    return {
      title: CARD_NOT_FOUND,
      advice:
        'This card is not in our shop, or its link has changed. Have a look at the cards we have, or check a card you hold by its serial number.',
      actions,
    };
  return {
    title: SOMETHING_WENT_WRONG,
    advice: 'Sorry, this card could not be loaded. Please try again.',
    actions,
  };
}

export const meta: Route.MetaFunction = (args) => {
  const card = args.data?.card;
  if (!card) return [{ title: errorPageTitle(describeError, args.error) }];
  const base = publicUrlOf(args);
  return [
    ...pageMeta(args, {
      title: card.name,
      description: card.description || `${card.name}, ${card.category}.`,
      image: card.cover_image,
      type: 'product',
    }),
    jsonLd({
      '@type': 'Product',
      name: card.name,
      sku: card.sku,
      description: card.description || undefined,
      image: card.cover_image ? `${base}${card.cover_image}` : undefined,
      brand: { '@type': 'Brand', name: company.name },
      offers: {
        '@type': 'Offer',
        price: card.price,
        priceCurrency: company.currency,
        availability: card.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url: `${base}/cards/${card.slug}`,
      },
    }),
    breadcrumbLd(base, [
      { name: 'Home', path: '/' },
      { name: 'Smart Cards', path: '/cards' },
      { name: card.name, path: `/cards/${card.slug}` },
    ]),
  ];
};

export async function loader({ params, context }: Route.LoaderArgs) {
  return { card: await loadCard(context, params.slug) };
}

export default function CardDetail({ loaderData }: Route.ComponentProps) {
  const { card } = loaderData;
  const navigate = useNavigate();
  const [added, setAdded] = useState(false);
  // Opened by a document load (from the light card list, a search, a shared link), the buttons are in the
  // page before their code: until React runs them they say so, instead of taking a click that does nothing.
  const hydrated = useHydrated();
  const personalised = card.personal_fields.length > 0;
  const cartCard: CartCard = {
    id: card.id,
    name: card.name,
    slug: card.slug,
    price: card.price,
    cover_image: card.cover_image,
  };

  return (
    <section className="container section cards-detail">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/cards">Smart Cards</Link>
          </li>
          <li aria-current="page">{card.name}</li>
        </ol>
      </nav>
      <div className="cards-detail-grid">
        <CardImage src={card.cover_image} alt={`${card.name} in ${card.category}`} eager />
        <div>
          <h1>{card.name}</h1>
          <p className="cards-detail-meta">
            <span className="cards-design-tag">{card.category}</span>
            <span className="sku">SKU {card.sku}</span>
          </p>
          <p className="cards-price cards-price-large">{formatDollars(card.price)}</p>
          <p className="description">{card.description || 'No description available.'}</p>
          {!card.in_stock && <p className="cards-stock-note">Out of stock</p>}
          {personalised ? (
            <p className="cards-actions">
              <a href="#personalise" className="button">
                Personalise it
              </a>
            </p>
          ) : (
            <div className="cards-actions">
              <button
                type="button"
                className="button"
                disabled={!card.in_stock || !hydrated}
                onClick={() => {
                  addToCart({ card: cartCard, design: card.category });
                  setAdded(true);
                  toast.success('Added to cart');
                }}
              >
                Add to Cart
              </button>
              <button
                type="button"
                className="button button-outline"
                disabled={!card.in_stock || !hydrated}
                onClick={() => {
                  addToCart({ card: cartCard, design: card.category });
                  navigate('/checkout');
                }}
              >
                Buy Now
              </button>
            </div>
          )}
          {added && (
            <p className="added-note">
              <Link to="/cart">View cart</Link>
            </p>
          )}
        </div>
      </div>
      {personalised && (
        <div id="personalise">
          <PersonaliseCard
            card={cartCard}
            fields={card.personal_fields}
            packSize={card.pack_size}
            design={card.category}
            inStock={card.in_stock}
          />
        </div>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage viewOf={describeError} />;
}

export const headers = publicPageHeaders;
