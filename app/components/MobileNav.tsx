import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { type NavLink as NavItem, productLinks, serviceLinks } from '../../content/navigation';
import { AccountLinks } from './AccountLinks';
import { SiteNavLink } from './SiteLink';

function Collapsible({ label, links }: { label: string; links: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className="sheet-group">
      <button
        type="button"
        className="sheet-link sheet-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {label} <span aria-hidden="true" className="caret" />
      </button>
      <ul id={id} className="sheet-submenu" hidden={!open}>
        {links.map((link) => (
          <li key={link.to}>
            <SiteNavLink to={link.to} className="sheet-sublink">
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
 * and an inert page behind it for free.
 */
export function MobileNav() {
  const dialog = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const id = useId();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a followed link closes the sheet
  useEffect(() => setOpen(false), [location.pathname]);

  return (
    <>
      <button
        type="button"
        className="menu-button"
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true" className="menu-icon" />
      </button>
      <dialog
        id={id}
        ref={dialog}
        className="side-sheet"
        aria-label="Menu"
        onClose={() => setOpen(false)}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself, outside its panel) closes it.
          if (event.target === event.currentTarget) setOpen(false);
        }}
        onKeyDown={() => {}}
      >
        <div className="sheet-panel">
          <button
            type="button"
            className="sheet-close"
            aria-label="Close menu"
            onClick={() => setOpen(false)}
          >
            ×
          </button>
          <nav aria-label="Mobile">
            <ul className="sheet-list">
              <li>
                <SiteNavLink to="/" end className="sheet-link">
                  Home
                </SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/about" className="sheet-link">
                  About
                </SiteNavLink>
              </li>
              <Collapsible
                label="Services"
                links={[{ label: 'All Services', to: '/services' }, ...serviceLinks]}
              />
              <Collapsible label="Products" links={productLinks} />
              <li>
                <SiteNavLink to="/cards" className="sheet-link">
                  Shop
                </SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/contact" className="sheet-link">
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
