import type { AnchorHTMLAttributes } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useLightPage } from '../lib/light-page';

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to a page of the site, for components light pages render (the chrome alone has some sixty links).
 * On a light page, which is only ever rendered on the server, it is a plain <a>: React Router's Link
 * resolves its path on each render, about a quarter of a light page's render (decision 031), for an
 * element no router will run. Elsewhere it is React Router's Link, which a hydrated page navigates with.
 */
export function SiteLink({ to, children, ...rest }: SiteLinkProps) {
  if (useLightPage()) {
    return (
      <a {...rest} href={to}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  );
}

/** Whether a navigation link to `to` is the current page's, as React Router's NavLink decides it. */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === '/');
}

/** The link's classes, with the `is-active` state on its own page (the header's sheet styles it). */
function marked(className: string | undefined, current: boolean): string | undefined {
  return current ? [className, 'is-active'].filter(Boolean).join(' ') : className;
}

/** SiteLink for the navigation: marked `is-active` and `aria-current="page"` on its own page, as NavLink marks it. */
export function SiteNavLink({ to, className, end, children, ...rest }: SiteLinkProps & { end?: boolean }) {
  const light = useLightPage();
  const { pathname } = useLocation();
  if (!light) {
    return (
      <NavLink to={to} end={end} className={({ isActive }) => marked(className, isActive)} {...rest}>
        {children}
      </NavLink>
    );
  }
  const current = isCurrentPath(pathname, to, end);
  return (
    <a aria-current={current ? 'page' : undefined} className={marked(className, current)} {...rest} href={to}>
      {children}
    </a>
  );
}
