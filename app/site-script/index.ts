import { enhanceCarousel } from '../components/marketing/carousel-driver';
import { enhanceFunFacts } from '../components/marketing/fun-facts-driver';
import { enhanceMap } from '../components/marketing/map-driver';
import { driveHeader } from '../components/site-header/header-driver';
import { driveSideSheet } from '../components/site-header/side-sheet-driver';
import { cartCount, parseCart, storedCart } from '../lib/cart-storage';
import { noteLoggedOut, restoreSession } from '../lib/signed-in';

/*
 * The site script of light pages (decision 034): no React in the browser, so the drivers the page's React
 * components call once mounted are called here, on the markup they rendered on the server, and fed what
 * React would have given them: who is signed in (restoreSession, as AuthProvider asks), the saved cart's
 * count, and a Logout that loads the login page. Inlined at the end of <body> by root.tsx, built by the
 * `site-script` plugin in vite.config.ts.
 */

/** Logout without React: the next page (hydrated) says "Logged out successfully" (AuthProvider). */
async function logout(): Promise<void> {
  try {
    await fetch('/api/auth/logout/', { method: 'POST', credentials: 'include' });
  } catch {
    // The session is dropped on this side either way, as the React header's Logout does.
  }
  noteLoggedOut();
  location.assign('/login');
}

const element = document.querySelector<HTMLElement>('.site-header');
if (element) {
  const header = driveHeader(element, logout);
  const cart = () => header.setCartCount(cartCount(parseCart(storedCart())));
  cart();
  // Another tab's change, or a page back from the back-forward cache after the cart changed elsewhere.
  addEventListener('storage', cart);
  addEventListener('pageshow', cart);
  const menu = element.querySelector<HTMLElement>('.site-header-menu-button');
  if (menu) driveSideSheet(menu);
  void restoreSession().then((user) => user && header.setSignedIn(user));
}
// The rest waits until after the first paint, in a task of its own: the header's part is what the first
// screen needs at once, and the fun facts read the layout, which is then already done.
requestAnimationFrame(() =>
  setTimeout(() => {
    for (const carousel of document.querySelectorAll<HTMLElement>('.carousel')) enhanceCarousel(carousel);
    for (const list of document.querySelectorAll<HTMLElement>('.fun-facts')) enhanceFunFacts(list);
    for (const button of document.querySelectorAll<HTMLElement>('[data-map-src]')) enhanceMap(button);
    // Tests wait for this as they wait for React's first commit on a hydrated page.
    document.documentElement.dataset.enhanced = '';
  }),
);
