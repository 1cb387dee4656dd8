import { type ReactNode, useEffect } from 'react';
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
} from 'react-router';
import { company } from '../content/company';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { ErrorPage, type ErrorView, errorPageTitle, SOMETHING_WENT_WRONG } from './components/ErrorPage';
import { LazyToaster } from './components/LazyToaster';
import { NavigationProgress } from './components/nav-progress/NavigationProgress';
import { OrganizationLd } from './components/OrganizationLd';
import { SiteFooter } from './components/site-footer/SiteFooter';
import { SiteHeader } from './components/site-header/SiteHeader';
import { AuthProvider } from './lib/auth';
import { barePageOf, hasOwnFrame } from './lib/bare-page';
import { readInputBeforeHydration } from './lib/input-before-hydration';
import { useLightPage } from './lib/light-page';
import { useNonce } from './lib/nonce';
import type { RouteError } from './lib/route-error';
import type { RootData } from './lib/seo';
import './lib/context';
import formGuard from 'virtual:form-guard';
import siteScript from 'virtual:site-script';
import { HYDRATED_EVENT } from './form-guard/hydrated-event';

// The site's stylesheet is linked in Layout, not here: a bare page (the card page) goes without it.
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function loader({ context }: Route.LoaderArgs): RootData {
  return { publicUrl: context.publicUrl };
}

// The public address never changes while the app runs: no need to ask again on each navigation.
export const shouldRevalidate = () => false;

/** The root error page: a path no route claims, or a failure no route's own page catches. */
function describeError({ status }: RouteError): ErrorView {
  return {
    title: status === 404 ? 'Page not found' : SOMETHING_WENT_WRONG,
    advice:
      status === 404
        ? 'The page you are looking for does not exist or has moved.'
        : 'Sorry, we could not show this page. Please try again in a moment.',
    actions: (
      <Link to="/" className="button">
        Back to the home page
      </Link>
    ),
  };
}

// The only <title> of a page comes from route `meta` (the leaf route's wins); error pages get theirs here too.
export const meta: Route.MetaFunction = ({ error }) => [
  { title: error ? errorPageTitle(describeError, error) : company.name },
  { name: 'description', content: `${company.name}: ${company.tagline}.` },
];

const CARD_DETAIL_PATH = /^\/cards\/[^/]+\/?$/;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const bare = barePageOf(useMatches());
  const light = useLightPage();
  const ownFrame = hasOwnFrame(useMatches());
  // Runs only where React does (a hydrated page), after every page component's first effects: what was
  // typed or chosen before is taken into React's state, then the form guard hands on what it held
  // (decision 035).
  useEffect(() => {
    const handOver = readInputBeforeHydration();
    queueMicrotask(() => {
      try {
        handOver();
      } finally {
        document.dispatchEvent(new Event(HYDRATED_EVENT));
      }
    });
  }, []);
  if (bare) {
    // The page brings its own styles and script: no React on the client, no site chrome.
    return (
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <Meta />
          <Links />
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own stylesheet, from the build */}
          <style dangerouslySetInnerHTML={{ __html: bare.style }} />
        </head>
        <body>{children}</body>
      </html>
    );
  }
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1b3a" />
        <Meta />
        {/* With a precedence React puts the sheet first in the head, ahead of the script preloads it hoists
            there: a phone fetches what its first paint waits for before the hydration code. */}
        <link rel="stylesheet" href={stylesheet} precedence="site" />
        <Links />
        <OrganizationLd />
        {!light && (
          // In <head>: it holds a form's submission made before React runs, so it must run before any form
          // can be sent. The browser's build has no copy of it (suppressHydrationWarning).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own script, from the build
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: formGuard }} suppressHydrationWarning />
        )}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <AuthProvider>
          {ownFrame ? (
            children
          ) : (
            <>
              <SiteHeader />
              {children}
              <SiteFooter />
            </>
          )}
        </AuthProvider>
        {light ? (
          // A light page: no React in the browser, only the site script for the chrome (decision 034).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own script, from the build
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: siteScript }} />
        ) : (
          <>
            <LazyToaster />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const navigation = useNavigation();
  const matches = useMatches();
  const bare = barePageOf(matches) !== undefined;
  const openingCard = navigation.state === 'loading' && CARD_DETAIL_PATH.test(navigation.location.pathname);
  // A bare page is its own <main>.
  if (bare) return <Outlet />;
  // So is a page with its own frame, its <main> beside its own header and navigation.
  if (hasOwnFrame(matches))
    return (
      <>
        <NavigationProgress />
        <Outlet />
      </>
    );
  return (
    <>
      <NavigationProgress />
      <main id="main" tabIndex={-1}>
        {openingCard ? (
          <div className="container page-status" role="status">
            Loading card details...
          </div>
        ) : (
          <Outlet />
        )}
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <main id="main" tabIndex={-1}>
      <ErrorPage viewOf={describeError} />
    </main>
  );
}
