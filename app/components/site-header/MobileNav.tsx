import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { type NavLink as NavItem, productLinks, serviceLinks } from '../../../content/navigation';
import { SiteNavLink } from '../SiteLink';
import { AccountLinks } from './AccountLinks';
import { driveSideSheet, type SideSheet } from './side-sheet-driver';

/** A group of the sheet's links, collapsed: the side sheet's driver expands and collapses it. */
function Collapsible({ label, links }: { label: string; links: NavItem[] }) {
  const id = useId();
  return (
    <li className="side-sheet-group">
      <button
        type="button"
        className="side-sheet-link side-sheet-toggle"
        aria-expanded={false}
        aria-controls={id}
      >
        {label} <span aria-hidden="true" className="site-header-caret" />
      </button>
      <ul id={id} className="side-sheet-submenu" hidden>
        {links.map((link) => (
          <li key={link.to}>
            <SiteNavLink to={link.to} className="side-sheet-sublink">
              {link.label}
            </SiteNavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The small-screen menu: a side sheet built on <dialog>, which gives focus trapping, Escape to close
 * and an inert page behind it for free. Rendered closed, as the server renders it; its one driver
 * (side-sheet-driver.ts) runs it once mounted, and a navigation closes it. On a light page the site script
 * calls the same driver.
 */
export function MobileNav() {
  const button = useRef<HTMLButtonElement>(null);
  const sheet = useRef<SideSheet>(undefined);
  const { pathname } = useLocation();
  const id = useId();

  useEffect(() => {
    if (!button.current) return;
    const driver = driveSideSheet(button.current);
    sheet.current = driver;
    return () => {
      driver.stop();
      sheet.current = undefined;
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the sheet
  useEffect(() => {
    sheet.current?.close();
  }, [pathname]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="site-header-menu-button"
        aria-label="Open menu"
        aria-expanded={false}
        aria-controls={id}
      >
        <span aria-hidden="true" className="site-header-menu-icon" />
      </button>
      <dialog id={id} className="side-sheet" aria-label="Menu">
        <div className="side-sheet-panel">
          <button type="button" className="side-sheet-close" aria-label="Close menu">
            ×
          </button>
          <nav aria-label="Mobile">
            <ul className="side-sheet-list">
              <li>
                <SiteNavLink to="/" end className="side-sheet-link">
                  Home
                </SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/about" className="side-sheet-link">
                  About
                </SiteNavLink>
              </li>
              <Collapsible
                label="Services"
                links={[{ label: 'All Services', to: '/services' }, ...serviceLinks]}
              />
              <Collapsible label="Products" links={productLinks} />
              <li>
                <SiteNavLink to="/cards" className="side-sheet-link">
                  Shop
                </SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/contact" className="side-sheet-link">
                  Contact
                </SiteNavLink>
              </li>
              <AccountLinks variant="sheet" />
            </ul>
          </nav>
        </div>
      </dialog>
    </>
  );
}
