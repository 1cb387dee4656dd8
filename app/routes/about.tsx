import { Link } from 'react-router';
import { readsNoQuery } from '../../common/page-query';
import { aboutPage, team } from '../../content/about';
import { company } from '../../content/company';
import { Picture } from '../components/marketing/Picture';
import { PageHeader } from '../components/page-header/PageHeader';
import { LIGHT_PAGE } from '../lib/bare-page';
import { publicPageHeaders } from '../lib/http-cache';
import { breadcrumbLd, pageMeta, publicUrlOf } from '../lib/seo';
import type { Route } from './+types/about';

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: 'About',
    description: `${company.name}: our mission, our vision, the problems we solve and the people who solve them.`,
  }),
  breadcrumbLd(publicUrlOf(args), [
    { name: 'Home', path: '/' },
    { name: 'About', path: '/about' },
  ]),
];

export const headers = publicPageHeaders;

// No React in the browser: the site script runs the chrome (decision 034).
export const handle = { ...LIGHT_PAGE, ...readsNoQuery };

export default function About() {
  return (
    <>
      <PageHeader title="About" />
      <section className="container section marketing-split" aria-labelledby="who-heading">
        <div>
          <h2 id="who-heading">Who we are</h2>
          {aboutPage.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <Picture picture={aboutPage.picture} eager className="marketing-rounded-picture" />
      </section>
      <section className="section marketing-band" aria-label="Mission and vision">
        <div className="container marketing-tile-grid marketing-tile-grid-2">
          <div className="marketing-tile">
            <h2>Our mission</h2>
            <p>{aboutPage.mission}</p>
          </div>
          <div className="marketing-tile">
            <h2>Our vision</h2>
            <p>{aboutPage.vision}</p>
          </div>
        </div>
      </section>
      <section className="container section" aria-labelledby="challenges-heading">
        <h2 id="challenges-heading">Challenges we take on</h2>
        <ul className="marketing-tile-grid marketing-tile-grid-2">
          {aboutPage.challenges.map((challenge) => (
            <li key={challenge.title} className="marketing-tile">
              <h3>{challenge.title}</h3>
              <p>{challenge.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="container section" aria-labelledby="team-heading">
        <h2 id="team-heading">Our team</h2>
        <ul className="team-grid">
          {team.map((member) => (
            <li key={member.name} className="team-member">
              <Picture picture={member.picture} />
              <h3>{member.name}</h3>
              <p className="marketing-eyebrow">{member.role}</p>
              <p>{member.bio}</p>
            </li>
          ))}
        </ul>
        <p>
          <Link className="button" to="/contact">
            Work with us
          </Link>
        </p>
      </section>
    </>
  );
}
