import { Link } from 'react-router';
import { readsNoQuery } from '../../common/page-query';
import { blogTeasers } from '../../content/blog';
import { company } from '../../content/company';
import {
  aboutBlock,
  callToAction,
  funFacts,
  heroSlides,
  partners,
  portfolio,
  pricing,
  reasons,
  testimonials,
} from '../../content/home';
import { CardTile } from '../components/cards/CardTile';
import { BlogTeasers } from '../components/marketing/BlogTeasers';
import { Carousel } from '../components/marketing/Carousel';
import { FunFacts } from '../components/marketing/FunFacts';
import { Icon } from '../components/marketing/Icon';
import { Picture } from '../components/marketing/Picture';
import { ServiceTiles } from '../components/marketing/ServiceTiles';
import { LIGHT_PAGE } from '../lib/bare-page';
import { loadHomeProducts } from '../lib/catalog.server';
import { publicPageHeaders } from '../lib/http-cache';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: `${company.name} | IT services and smart intro cards`,
    description:
      'Cloud, design, web, software, AI and security services from one San Francisco team, and NFC intro cards that open your digital business card with one tap.',
  });

export const headers = publicPageHeaders;

// No React in the browser: the site script runs the chrome (decision 034).
export const handle = { ...LIGHT_PAGE, ...readsNoQuery };

export async function loader({ context }: Route.LoaderArgs) {
  const { best_selling_products, latest_products } = await loadHomeProducts(context);
  return {
    bestSelling: best_selling_products.slice(0, 4),
    latest: latest_products.slice(0, 4),
    posts: blogTeasers(3),
  };
}

/**
 * Where app/components/marketing/hero-slider.css hides `.hero-slider-picture`: on a phone the hero is text, and its picture is not
 * fetched.
 */
const PHONE = '(max-width: 860px)';

// On a phone the about picture is the largest paint of the first screen: fetched first there, and only there.
// It stays lazy: React preloads every eager image, for every width, and that preload would replace this one.
export const links: Route.LinksFunction = () => [
  {
    rel: 'preload',
    as: 'image',
    href: aboutBlock.picture.src,
    media: PHONE,
    fetchPriority: 'high',
  },
];

const euros = new Intl.NumberFormat('en-IE', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
});

function SectionHeading({
  id,
  eyebrow,
  title,
  text,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text?: string;
}) {
  return (
    <div className="marketing-section-heading">
      <p className="marketing-eyebrow">{eyebrow}</p>
      <h2 id={id}>{title}</h2>
      {text && <p className="muted">{text}</p>}
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* 1. Hero slider: 5000 ms autoplay, 1000 ms fade. */}
      <Carousel
        label="Highlights"
        mode="fade"
        intervalMs={5000}
        transitionMs={1000}
        className="hero-slider"
        slides={heroSlides.map((slide, index) => (
          <div className="hero-slide" key={slide.title}>
            <div className="container hero-slider-inner">
              <div>
                <p className="marketing-eyebrow">{slide.eyebrow}</p>
                {index === 0 ? <h1>{slide.title}</h1> : <p className="hero-slider-title">{slide.title}</p>}
                <p className="hero-lead">{slide.text}</p>
                <p className="hero-actions">
                  <Link className="button" to={slide.cta.to}>
                    {slide.cta.label}
                  </Link>
                </p>
              </div>
              <Picture
                picture={slide.picture}
                eager={index === 0}
                hiddenMedia={PHONE}
                className="hero-slider-picture"
              />
            </div>
          </div>
        ))}
      />

      {/* 2. About */}
      <section className="container section marketing-split" aria-labelledby="about-heading">
        <Picture picture={aboutBlock.picture} className="marketing-rounded-picture" />
        <div>
          <SectionHeading id="about-heading" eyebrow="About us" title={aboutBlock.heading} />
          {aboutBlock.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <ul className="marketing-check-list">
            {aboutBlock.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          <Link to="/about">More about us</Link>
        </div>
      </section>

      {/* 3. Four reasons */}
      <section className="section marketing-band" aria-labelledby="reasons-heading">
        <div className="container">
          <SectionHeading
            id="reasons-heading"
            eyebrow="Why us"
            title={`Why companies choose ${company.name}`}
          />
          <ul className="marketing-tile-grid marketing-tile-grid-4">
            {reasons.map((reason) => (
              <li key={reason.title} className="marketing-tile">
                <Icon name={reason.icon} />
                <h3>{reason.title}</h3>
                <p>{reason.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* 4. Portfolio */}
      <section className="container section" aria-labelledby="portfolio-heading">
        <SectionHeading id="portfolio-heading" eyebrow="Portfolio" title="Recent work" />
        <ul className="portfolio-grid">
          {portfolio.map((item) => (
            <li key={item.title} className="portfolio-item">
              <Picture picture={item.picture} />
              <div className="portfolio-text">
                <p className="marketing-eyebrow">{item.category}</p>
                <h3>{item.title}</h3>
                <p className="muted">{item.client}</p>
                <p>{item.summary}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {/* 5. Call to action */}
      <section className="cta-band" aria-labelledby="cta-heading">
        <div className="container cta-band-inner">
          <div>
            <h2 id="cta-heading">{callToAction.heading}</h2>
            <p>{callToAction.text}</p>
          </div>
          <Link className="button button-outline-light" to={callToAction.to}>
            {callToAction.label}
          </Link>
        </div>
      </section>

      {/* 6. Services */}
      <section className="container section" aria-labelledby="services-heading">
        <SectionHeading id="services-heading" eyebrow="Services" title="What we do" />
        <ServiceTiles />
      </section>

      {/* 7. Fun facts */}
      <section className="section marketing-dark-band" aria-labelledby="facts-heading">
        <div className="container">
          <h2 id="facts-heading" className="visually-hidden">
            {company.name} in numbers
          </h2>
          <FunFacts facts={funFacts} />
        </div>
      </section>

      {/* Smart cards from the shop: best selling and latest. */}
      <section className="container section" aria-labelledby="best-heading">
        <SectionHeading id="best-heading" eyebrow="Smart cards" title="Best selling intro cards" />
        <div className="cards-grid">
          {loaderData.bestSelling.map((card) => (
            <CardTile key={card.id} card={card} />
          ))}
        </div>
        <h2 className="marketing-strip-heading">Latest cards</h2>
        <div className="cards-grid">
          {loaderData.latest.map((card) => (
            <CardTile key={card.id} card={card} />
          ))}
        </div>
        <p>
          <Link to="/cards">See all smart cards</Link>
        </p>
      </section>

      {/* 8. Pricing */}
      <section className="section marketing-band" aria-labelledby="pricing-heading">
        <div className="container">
          <SectionHeading
            id="pricing-heading"
            eyebrow="Pricing"
            title="Digital marketing care plans"
            text="Monthly plans, no setup fee, cancel any month."
          />
          <ul className="pricing-grid">
            {pricing.map((plan) => (
              <li key={plan.name} className={`pricing-plan${plan.highlighted ? ' is-highlighted' : ''}`}>
                <h3>{plan.name}</h3>
                <p className="pricing-plan-price">
                  <strong>{euros.format(plan.priceEur)}</strong> <span className="muted">per month</span>
                </p>
                <ul className="marketing-check-list">
                  <li>{plan.campaigns} campaigns</li>
                  <li>{plan.keywords} keywords</li>
                  <li>{plan.socialAccounts} social accounts</li>
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                <Link className={plan.highlighted ? 'button' : 'button button-outline'} to="/contact">
                  Choose {plan.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* 9. Testimonials: 4000 ms autoplay, 800 ms fade. */}
      <section className="container section" aria-labelledby="testimonials-heading">
        <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What our clients say" />
        <Carousel
          label="Testimonials"
          mode="fade"
          intervalMs={4000}
          transitionMs={800}
          className="testimonials carousel-centred-controls"
          slides={testimonials.map((item) => (
            <figure className="testimonials-item" key={item.name}>
              <blockquote>“{item.quote}”</blockquote>
              <figcaption>
                <strong>{item.name}</strong>, {item.role}, {item.company}
              </figcaption>
            </figure>
          ))}
        />
      </section>

      {/* 10. Partners: 2000 ms, 4 / 3 below 1024 / 2 below 768 / 1 below 480. */}
      <section className="section marketing-band" aria-labelledby="partners-heading">
        <div className="container">
          <h2 id="partners-heading" className="partners-heading">
            Trusted by teams we work with
          </h2>
          <Carousel
            label="Partners"
            mode="slide"
            intervalMs={2000}
            transitionMs={600}
            className="partners"
            perView={{
              base: 4,
              below: [
                { width: 1024, count: 3 },
                { width: 768, count: 2 },
                { width: 480, count: 1 },
              ],
            }}
            slides={partners.map((partner) => (
              <Picture key={partner.name} picture={partner.logo} className="partners-logo" />
            ))}
          />
        </div>
      </section>

      {/* 11. Blog teasers */}
      <section className="container section" aria-labelledby="blog-heading">
        <SectionHeading id="blog-heading" eyebrow="Blog" title="From our notebook" />
        <BlogTeasers posts={loaderData.posts} headingLevel={3} />
        <p className="blog-section-more">
          <Link to="/blog">All articles</Link>
        </p>
      </section>
    </>
  );
}
