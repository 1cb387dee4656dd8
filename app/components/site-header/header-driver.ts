import type { User } from '../../../server/modules/profiles/responses';
import { cartLinkLabel } from '../../lib/cart-storage';
import { listener, SCROLL_THRESHOLD } from '../chrome';
import { driveAccountLinks } from './account-links-driver';

/** What the header's driver is told from outside: state that does not live in the header's markup. */
export interface Header {
  /** Who is signed in: the header's `is-signed-in` class (it folds into the menu button sooner) and its account links. */
  setSignedIn(user: User | null | undefined): void;
  /** The cart's count, on the cart link's badge and in its label. */
  setCartCount(count: number): void;
  /** Closes an open submenu: a navigation does. */
  closeMenus(): void;
  /** Takes every listener off. */
  stop(): void;
}

/**
 * The header's one driver, on the markup SiteHeader.tsx renders (not scrolled, submenus closed, signed out,
 * an empty cart, as the server renders it for everyone): the solid header once the page has scrolled, the
 * desktop submenus, and what the caller tells it (who is signed in, the cart's count, a navigation). The
 * component calls it once mounted and feeds it from React's state; on a light page (no React in the
 * browser) the site script calls it and feeds it from the session and the saved cart. The side sheet has its
 * own driver (side-sheet-driver.ts). React renders these attributes the same on every render, so it never
 * undoes what the driver set.
 */
export function driveHeader(header: HTMLElement, logout: () => void): Header {
  const stopped = new AbortController();
  const on = listener(stopped.signal);

  const scrolled = () => {
    const past = window.scrollY > SCROLL_THRESHOLD;
    header.classList.toggle('is-scrolled', past);
    header.dataset.scrolled = String(past);
  };
  // Reading scrollY lays the page out: not while the site script runs before the first paint, but with the frame.
  const frame = requestAnimationFrame(scrolled);
  window.addEventListener('scroll', scrolled, { passive: true, signal: stopped.signal });

  // A submenu's state is its item's `is-open` class, and its button's `aria-expanded` says the same.
  const submenus = header.querySelectorAll<HTMLElement>('.site-header-has-submenu');
  const set = (item: HTMLElement, open: boolean) => {
    item.classList.toggle('is-open', open);
    item.querySelector('button')?.setAttribute('aria-expanded', String(open));
  };
  for (const item of submenus) {
    on(item, 'mouseenter', () => set(item, true));
    on(item, 'mouseleave', () => set(item, false));
    on(item, 'focusout', (event: FocusEvent) => {
      if (!item.contains(event.relatedTarget as Node | null)) set(item, false);
    });
    on(item, 'keydown', (event: KeyboardEvent) => {
      if (event.key === 'Escape') set(item, false);
    });
    // A mouse click lands after the hover already opened the menu, so it keeps it open; keyboard and
    // assistive technology (detail 0) toggle it.
    const button = item.querySelector('button');
    if (button)
      on(button, 'click', (event: MouseEvent) =>
        set(item, event.detail > 0 || !item.classList.contains('is-open')),
      );
  }

  const showAccount = driveAccountLinks(header, logout, stopped.signal);
  const cart = header.querySelector<HTMLElement>('.site-header-cart');
  const badge = cart?.querySelector('.site-header-cart-count');
  return {
    setSignedIn(user) {
      header.classList.toggle('is-signed-in', !!user);
      showAccount(user);
    },
    setCartCount(count) {
      cart?.setAttribute('aria-label', cartLinkLabel(count));
      if (badge) badge.textContent = String(count);
    },
    closeMenus() {
      for (const item of submenus) set(item, false);
    },
    stop() {
      stopped.abort();
      cancelAnimationFrame(frame);
    },
  };
}
