import type { User } from '../../server/modules/profiles/responses';
import { cartLinkLabel } from '../lib/cart-storage';
import { driveAccountLinks } from './account-links-driver';
import { SCROLL_THRESHOLD } from './chrome';

/** What the header's driver is told from outside: state that does not live in the header's markup. */
export interface Header {
  /** Who is signed in: the header's `signed-in` class (it folds into the menu button sooner) and its account links. */
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
  const signal = stopped.signal;

  const scrolled = () => {
    const past = window.scrollY > SCROLL_THRESHOLD;
    header.classList.toggle('scrolled', past);
    header.dataset.scrolled = String(past);
  };
  // Reading scrollY lays the page out: not while the site script runs before the first paint, but with the frame.
  const frame = requestAnimationFrame(scrolled);
  window.addEventListener('scroll', scrolled, { passive: true, signal });

  const closers: Array<() => void> = [];
  for (const item of header.querySelectorAll<HTMLElement>('.has-submenu')) {
    const button = item.querySelector('button');
    if (!button) continue;
    let open = false;
    const set = (next: boolean) => {
      open = next;
      item.classList.toggle('open', open);
      button.setAttribute('aria-expanded', String(open));
    };
    closers.push(() => set(false));
    item.addEventListener('mouseenter', () => set(true), { signal });
    item.addEventListener('mouseleave', () => set(false), { signal });
    item.addEventListener(
      'focusout',
      (event) => {
        if (!item.contains(event.relatedTarget as Node | null)) set(false);
      },
      { signal },
    );
    item.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Escape') set(false);
      },
      { signal },
    );
    // A mouse click lands after the hover already opened the menu, so it keeps it open; keyboard and
    // assistive technology (detail 0) toggle it.
    button.addEventListener('click', (event) => set(event.detail === 0 ? !open : true), { signal });
  }

  const account = driveAccountLinks(header, logout);
  const cart = header.querySelector<HTMLElement>('.cart-link');
  const badge = cart?.querySelector('.cart-count');
  return {
    setSignedIn(user) {
      header.classList.toggle('signed-in', !!user);
      account.setUser(user);
    },
    setCartCount(count) {
      cart?.setAttribute('aria-label', cartLinkLabel(count));
      if (badge) badge.textContent = String(count);
    },
    closeMenus() {
      for (const close of closers) close();
    },
    stop() {
      stopped.abort();
      cancelAnimationFrame(frame);
      account.stop();
    },
  };
}
