import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { company } from '../../content/company';
import { type NavLink as NavItem, productLinks, serviceLinks } from '../../content/navigation';
import { useAuth } from '../lib/auth';
import { useCartCount } from '../lib/cart';
import { cartLinkLabel } from '../lib/cart-storage';
import { AccountLinks } from './AccountLinks';
import { SCROLL_THRESHOLD } from './chrome';
import { MobileNav } from './MobileNav';
import { SiteLink, SiteNavLink } from './SiteLink';

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

function Submenu({ label, links }: { label: string; links: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const location = useLocation();
  const ref = useRef<HTMLLIElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the page changes
  useEffect(() => setOpen(false), [location.pathname]);
  return (
    <li
      ref={ref}
      className={`nav-item has-submenu${open ? ' open' : ''}`}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="nav-link"
        aria-expanded={open}
        aria-controls={id}
        // A mouse click lands after the hover already opened the menu, so it keeps it open; keyboard and
        // assistive technology (detail 0) toggle it.
        onClick={(event) => setOpen(event.detail === 0 ? !open : true)}
      >
        {label} <span aria-hidden="true" className="caret" />
      </button>
      <ul id={id} className="submenu">
        {links.map((link) => (
          <li key={link.to}>
            <SiteNavLink to={link.to} className="submenu-link">
              {link.label}
            </SiteNavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

function CartLink() {
  const count = useCartCount();
  return (
    <SiteLink to="/cart" className="cart-link" aria-label={cartLinkLabel(count)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H20l-2.2 8.1a2 2 0 0 1-1.9 1.4H8.4a2 2 0 0 1-2-1.6L4.4 4H2V2h3.2a1 1 0 0 1 1 .8Z"
        />
      </svg>
      <span className="cart-count" data-testid="cart-count">
        {count}
      </span>
    </SiteLink>
  );
}

/**
 * The header. On a light page it is rendered here and run by the site script (app/site-script/header.ts):
 * the same markup, with the same classes and ARIA states.
 */
export function SiteHeader() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  // Signed in, the header holds Welcome, Admin and Logout too: it folds into the menu button sooner.
  const signedIn = !!useAuth().user;
  return (
    <header
      className={`site-header${scrolled ? ' scrolled' : ''}${signedIn ? ' signed-in' : ''}`}
      data-scrolled={scrolled}
    >
      <div className="container header-inner">
        <SiteLink to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            N
          </span>
          {company.name}
        </SiteLink>
        <nav aria-label="Main" className="main-nav">
          <ul className="nav-list">
            <li className="nav-item">
              <SiteNavLink to="/" end className="nav-link">
                Home
              </SiteNavLink>
            </li>
            <li className="nav-item">
              <SiteNavLink to="/about" className="nav-link">
                About
              </SiteNavLink>
            </li>
            <Submenu label="Services" links={[{ label: 'All Services', to: '/services' }, ...serviceLinks]} />
            <Submenu label="Products" links={productLinks} />
            <li className="nav-item">
              <SiteNavLink to="/cards" className="nav-link">
                Shop
              </SiteNavLink>
            </li>
            <li className="nav-item">
              <SiteNavLink to="/contact" className="nav-link">
                Contact
              </SiteNavLink>
            </li>
          </ul>
        </nav>
        <div className="header-actions">
          <CartLink />
          <AccountLinks variant="header" />
          <MobileNav />
        </div>
      </div>
    </header>
  );
}
