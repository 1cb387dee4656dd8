import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { company } from '../../../content/company';
import { type NavLink as NavItem, productLinks, serviceLinks } from '../../../content/navigation';
import { useAuth } from '../../lib/auth';
import { useCartCount } from '../../lib/cart';
import { cartLinkLabel } from '../../lib/cart-storage';
import { SiteLink, SiteNavLink } from '../SiteLink';
import { AccountLinks } from './AccountLinks';
import { driveHeader, type Header } from './header-driver';
import { MobileNav } from './MobileNav';

/** A desktop submenu, closed: the header's driver opens and closes it. */
function Submenu({ label, links }: { label: string; links: NavItem[] }) {
  const id = useId();
  return (
    <li className="site-header-nav-item site-header-has-submenu">
      <button type="button" className="site-header-link" aria-expanded={false} aria-controls={id}>
        {label} <span aria-hidden="true" className="site-header-caret" />
      </button>
      <ul id={id} className="site-header-submenu">
        {links.map((link) => (
          <li key={link.to}>
            <SiteNavLink to={link.to} className="site-header-submenu-link">
              {link.label}
            </SiteNavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The cart link with an empty cart, as the server renders it: the header's driver shows the count. */
function CartLink() {
  return (
    <SiteLink to="/cart" className="site-header-cart" aria-label={cartLinkLabel(0)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H20l-2.2 8.1a2 2 0 0 1-1.9 1.4H8.4a2 2 0 0 1-2-1.6L4.4 4H2V2h3.2a1 1 0 0 1 1 .8Z"
        />
      </svg>
      <span className="site-header-cart-count" data-testid="cart-count">
        0
      </span>
    </SiteLink>
  );
}

/**
 * The header. It renders the markup the server renders for everyone (not scrolled, submenus closed, signed
 * out, an empty cart) and never changes it: its one driver (header-driver.ts) runs it once mounted and is
 * told who is signed in, the cart's count and each navigation from React's state here. On a light page the
 * site script calls the same driver.
 */
export function SiteHeader() {
  const root = useRef<HTMLElement>(null);
  const driver = useRef<Header>(undefined);
  const { user, logout } = useAuth();
  const latestLogout = useRef(logout);
  const count = useCartCount();
  const { pathname } = useLocation();

  useEffect(() => {
    latestLogout.current = logout;
  }, [logout]);
  useEffect(() => {
    if (!root.current) return;
    const header = driveHeader(root.current, () => void latestLogout.current());
    driver.current = header;
    return () => {
      header.stop();
      driver.current = undefined;
    };
  }, []);
  useEffect(() => {
    driver.current?.setSignedIn(user);
  }, [user]);
  useEffect(() => {
    driver.current?.setCartCount(count);
  }, [count]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the open submenu
  useEffect(() => {
    driver.current?.closeMenus();
  }, [pathname]);

  return (
    <header ref={root} className="site-header" data-scrolled={false}>
      <div className="container site-header-inner">
        <SiteLink to="/" className="site-header-brand">
          <span className="site-header-brand-mark" aria-hidden="true">
            N
          </span>
          {company.name}
        </SiteLink>
        <nav aria-label="Main" className="site-header-nav">
          <ul className="site-header-nav-list">
            <li className="site-header-nav-item">
              <SiteNavLink to="/" end className="site-header-link">
                Home
              </SiteNavLink>
            </li>
            <li className="site-header-nav-item">
              <SiteNavLink to="/about" className="site-header-link">
                About
              </SiteNavLink>
            </li>
            <Submenu label="Services" links={[{ label: 'All Services', to: '/services' }, ...serviceLinks]} />
            <Submenu label="Products" links={productLinks} />
            <li className="site-header-nav-item">
              <SiteNavLink to="/cards" className="site-header-link">
                Shop
              </SiteNavLink>
            </li>
            <li className="site-header-nav-item">
              <SiteNavLink to="/contact" className="site-header-link">
                Contact
              </SiteNavLink>
            </li>
          </ul>
        </nav>
        <div className="site-header-actions">
          <CartLink />
          <AccountLinks variant="header" />
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
