import { Link } from 'react-router';
import { USER_NOT_FOUND } from '../../../common/messages/profiles';
import type { RouteError } from '../../lib/route-error';
import { type ErrorView, SOMETHING_WENT_WRONG } from '../ErrorPage';

/**
 * The error page of an address that leads to someone's card (`/profile/{u}`, the printed `/p/{code}`),
 * opened maybe by a stranger to the site: say what to do, and offer a way on. The routes differ in what a
 * failed look-up says and in their links: the card page is bare (no React in the browser, decision 019), so
 * its links are plain <a>s; elsewhere they are React Router's Links, which a hydrated page navigates with.
 */
export function cardErrorView(options: {
  /** The advice when the look-up failed (not a 404). */
  failed: string;
  plainLinks: boolean;
}): (error: RouteError) => ErrorView {
  const { failed, plainLinks } = options;
  const wayOn = (to: string, className: string, text: string, reloadDocument = false) =>
    plainLinks ? (
      <a href={to} className={className}>
        {text}
      </a>
    ) : (
      <Link to={to} className={className} reloadDocument={reloadDocument}>
        {text}
      </Link>
    );
  return ({ status }) => ({
    title: status === 404 ? USER_NOT_FOUND : SOMETHING_WENT_WRONG,
    advice:
      status === 404
        ? 'No intro card lives at this address. Check the link or code you were given, or ask its owner to share their card again.'
        : failed,
    actions: (
      <>
        {wayOn('/', 'button', 'Go to the home page')}
        {wayOn('/d', 'button button-outline', 'Get your own intro card', true)}
      </>
    ),
  });
}
