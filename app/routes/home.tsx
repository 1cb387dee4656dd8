import { Link } from 'react-router';
import { company } from '../../content/company';
import { CardTile } from '../components/CardTile';
import { loadHomeProducts } from '../lib/catalog.server';
import { publicPageHeaders } from '../lib/http-cache';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: `${company.name} | IT services and smart intro cards` },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { latest_products } = await loadHomeProducts(context);
  return { latest: latest_products.slice(0, 4) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="hero">
        <div className="container">
          <p className="eyebrow">{company.tagline}</p>
          <h1>Technology that works for your business, and a card that introduces you.</h1>
          <p className="lead">
            Cloud, design, web, software, AI and security services from one team, plus NFC intro cards that
            open your digital business card with a single tap.
          </p>
          <p className="hero-actions">
            <Link className="button" to="/cards">
              Shop smart cards
            </Link>
            <Link className="button button-outline-light" to="/services">
              Our services
            </Link>
          </p>
        </div>
      </section>
      <section className="container section" aria-labelledby="latest-heading">
        <h2 id="latest-heading">Latest cards</h2>
        <div className="card-grid">
          {loaderData.latest.map((card) => (
            <CardTile key={card.id} card={card} />
          ))}
        </div>
        <p>
          <Link to="/cards">See all smart cards</Link>
        </p>
      </section>
    </>
  );
}

export const headers = publicPageHeaders;
