import { CARD_ACCENTS } from '../../common/card-accents';
import type { PageQuery } from '../../common/page-query';
import { TAP_PROOF_PARAM } from '../../common/tap-proof.ts';
import { CardPage } from '../components/card-page/CardPage';
import { cardErrorView } from '../components/card-page/card-error';
import cardCss from '../components/card-page/card-page.css?raw';
import { ErrorPage, errorPageTitle } from '../components/ErrorPage';
import type { BarePage } from '../lib/bare-page';
import { cardImagePath, fullName, roleLine } from '../lib/card-page';
import { exchangeAction } from '../lib/exchange.server';
import { loadCardPage } from '../lib/profiles.server';
import type { Route } from './+types/public-profile';

/**
 * The owner's page, not the firm's: no site chrome, no app stylesheet, no React on the client. Of its query
 * it reads only a tap's proof: `?via=` (where the visit came from) is read by the recorder and the page's
 * script, so every source shares one kept page.
 */
export const handle: BarePage & PageQuery = { bare: true, style: cardCss, query: [TAP_PROOF_PARAM] };

/**
 * A public card is the same for everyone (the page cache keeps it); a private one is for its owner only;
 * the answer to a posted form is for whoever posted it (the action says `no-store`).
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  'Cache-Control':
    actionHeaders.get('Cache-Control') ??
    loaderHeaders.get('Cache-Control') ??
    'public, max-age=0, must-revalidate',
});

/** Opened from someone's card or code: the card page is bare, so its error page's links are plain <a>s. */
const describeError = cardErrorView({
  failed: 'Sorry, this profile could not be loaded. Please try again in a moment.',
  plainLinks: true,
});

/** OpenGraph tags so a shared link previews as the person's card (absolute URLs, as crawlers need). */
export const meta: Route.MetaFunction = ({ data, error }) => {
  if (!data) return [{ title: errorPageTitle(describeError, error) }, { name: 'robots', content: 'noindex' }];
  const { profile, publicUrl } = data;
  const name = fullName(profile);
  const role = roleLine(profile);
  const description = role || profile.bio.slice(0, 160) || `${name}'s intro card`;
  const url = new URL(`/profile/${profile.username}`, publicUrl).href;
  const image = new URL(cardImagePath(profile.username), publicUrl).href;
  return [
    { title: role ? `${name} · ${role}` : name },
    { name: 'description', content: description },
    { name: 'theme-color', content: CARD_ACCENTS[profile.accent].color },
    ...(data.private ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:type', content: 'profile' },
    { property: 'og:title', content: name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: role ? `${name}, ${role}` : name },
    { property: 'profile:first_name', content: profile.first_name },
    { property: 'profile:last_name', content: profile.last_name },
    { name: 'twitter:card', content: 'summary_large_image' },
    { tagName: 'link', rel: 'canonical', href: url },
    ...(profile.profile_image
      ? [{ tagName: 'link', rel: 'preload', as: 'image', href: profile.profile_image, fetchPriority: 'high' }]
      : []),
  ];
};

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return loadCardPage(context, params.username, request);
}

/** "Share your details with …", posted without JavaScript to the page's own URL. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return exchangeAction(request, context, params.username);
}

/** Anyone's intro card, opened from a tapped card, a QR code or a shared link. */
export default function PublicProfile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CardPage
      profile={loaderData.profile}
      isPrivate={loaderData.private}
      cardUrl={loaderData.cardUrl}
      exchange={actionData}
      tapProof={loaderData.tapProof}
    />
  );
}

export function ErrorBoundary() {
  return (
    <main id="main">
      <ErrorPage viewOf={describeError} />
    </main>
  );
}
