import { Link, useNavigation } from 'react-router';
import { USER_NOT_FOUND } from '../../common/messages/profiles';
import { company } from '../../content/company';
import { ErrorPage, type ErrorView, errorPageTitle, SOMETHING_WENT_WRONG } from '../components/ErrorPage';
import { ProfileCard } from '../components/profile/ProfileCard';
import { publicPageHeaders } from '../lib/http-cache';
import { loadPublicProfile } from '../lib/profiles.server';
import type { RouteError } from '../lib/route-error';
import type { Route } from './+types/public-profile';

export const headers = publicPageHeaders;

/** Opened from someone's card or code, maybe by a stranger to the site: say what to do, and offer a way on. */
function describeError({ status }: RouteError): ErrorView {
  return {
    title: status === 404 ? USER_NOT_FOUND : SOMETHING_WENT_WRONG,
    advice:
      status === 404
        ? 'No intro card lives at this address. Check the link or code you were given, or ask its owner to share their card again.'
        : 'Sorry, this profile could not be loaded. Please try again in a moment.',
    actions: (
      <>
        <Link to="/" className="button">
          Go to the home page
        </Link>
        <Link to="/d" className="button button-outline">
          Get your own intro card
        </Link>
      </>
    ),
  };
}

/** OpenGraph tags so a shared link previews as the person's card (absolute URLs, as crawlers need). */
export const meta: Route.MetaFunction = ({ data, error }) => {
  if (!data) return [{ title: errorPageTitle(describeError, error) }];
  const { profile, publicUrl } = data;
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  const role = [profile.job_title, profile.company].filter(Boolean).join(' at ');
  const description = role || profile.bio.slice(0, 160) || `${name}'s digital intro card`;
  const url = new URL(`/profile/${profile.username}`, publicUrl).href;
  return [
    { title: `${name} | ${company.name}` },
    { name: 'description', content: description },
    { property: 'og:type', content: 'profile' },
    { property: 'og:title', content: name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'profile:first_name', content: profile.first_name },
    { property: 'profile:last_name', content: profile.last_name },
    ...(profile.profile_image
      ? [{ property: 'og:image', content: new URL(profile.profile_image, publicUrl).href }]
      : []),
    { name: 'twitter:card', content: 'summary' },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
};

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadPublicProfile(context, params.username);
}

/** Anyone's digital intro card, opened from a tapped card, a QR code or a shared link. */
export default function PublicProfile({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const navigation = useNavigation();
  if (navigation.state === 'loading' && navigation.location.pathname.startsWith('/profile/')) {
    return (
      <section className="container section">
        <p role="status">Loading...</p>
      </section>
    );
  }
  return (
    <section className="container section public-profile">
      <ProfileCard
        person={profile}
        headingLevel={1}
        actions={
          <a
            className="button"
            href={`/api/auth/public-profile/${encodeURIComponent(profile.username)}/vcard/`}
            download
          >
            Save contact
          </a>
        }
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <ErrorPage viewOf={describeError} />;
}
