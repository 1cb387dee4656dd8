import { readsNoQuery } from '../../common/page-query';
import { privacy, terms } from '../../content/legal';
import { PageHeader } from '../components/page-header/PageHeader';
import { LIGHT_PAGE } from '../lib/bare-page';
import { publicPageHeaders } from '../lib/http-cache';
import { pageError } from '../lib/route-error';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/legal';

const documents = { '/privacy': privacy, '/terms': terms } as const;

/** /privacy and /terms: one screen for both documents in content/legal.ts. */
export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/$/, '');
  if (!(path in documents)) throw pageError(404, 'Page not found.');
  return { path: path as keyof typeof documents };
}

export const meta: Route.MetaFunction = (args) => {
  const document = args.data ? documents[args.data.path] : undefined;
  return document ? pageMeta(args, { title: document.title, description: document.intro.slice(0, 155) }) : [];
};

export const headers = publicPageHeaders;

// No React in the browser: the site script runs the chrome (decision 034).
export const handle = { ...LIGHT_PAGE, ...readsNoQuery };

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export default function Legal({ loaderData }: Route.ComponentProps) {
  const document = documents[loaderData.path];
  return (
    <>
      <PageHeader title={document.title} />
      <article className="container section marketing-narrow legal">
        <p className="muted">
          Last updated{' '}
          <time dateTime={document.updated}>{dateFormat.format(new Date(document.updated))}</time>
        </p>
        <p>{document.intro}</p>
        {document.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </>
  );
}
