import { SCROLL_THRESHOLD } from '../components/chrome';
import { cartCount, cartLinkLabel, parseCart, storedCart } from '../lib/cart-storage';

/*
 * The header's behaviour on a light page, on the markup SiteHeader, MobileNav and AccountLinks render:
 * the same classes and ARIA states their React versions set on hydrated pages.
 */

function scrolledClass(header: HTMLElement): void {
  const update = () => {
    const scrolled = window.scrollY > SCROLL_THRESHOLD;
    header.classList.toggle('scrolled', scrolled);
    header.dataset.scrolled = String(scrolled);
  };
  // Reading scrollY lays the page out: not while the script runs before the first paint, but with the frame.
  requestAnimationFrame(update);
  window.addEventListener('scroll', update, { passive: true });
}

function submenu(item: HTMLElement): void {
  const button = item.querySelector('button');
  if (!button) return;
  let open = false;
  const set = (next: boolean) => {
    open = next;
    item.classList.toggle('open', open);
    button.setAttribute('aria-expanded', String(open));
  };
  item.addEventListener('mouseenter', () => set(true));
  item.addEventListener('mouseleave', () => set(false));
  item.addEventListener('focusout', (event) => {
    if (!item.contains(event.relatedTarget as Node | null)) set(false);
  });
  item.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') set(false);
  });
  // A mouse click lands after the hover already opened the menu, so it keeps it open; keyboard and
  // assistive technology (detail 0) toggle it.
  button.addEventListener('click', (event) => set(event.detail === 0 ? !open : true));
}

function sideSheet(button: HTMLElement): void {
  const dialog = document.getElementById(
    button.getAttribute('aria-controls') ?? '',
  ) as HTMLDialogElement | null;
  if (!dialog) return;
  const close = () => dialog.open && dialog.close();
  button.addEventListener('click', () => {
    dialog.showModal();
    button.setAttribute('aria-expanded', 'true');
  });
  dialog.addEventListener('close', () => button.setAttribute('aria-expanded', 'false'));
  dialog.addEventListener('click', (event) => {
    // A click on the backdrop (the dialog element itself, outside its panel) closes it; so does a link.
    const target = event.target as Element;
    if (target === dialog || target.closest('.sheet-close, a')) close();
  });
  // Back to a page kept in the back-forward cache: the sheet a followed link left open is closed.
  window.addEventListener('pageshow', close);
  for (const toggle of dialog.querySelectorAll<HTMLElement>('.sheet-toggle')) {
    toggle.addEventListener('click', () => {
      const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      if (list) list.hidden = !open;
    });
  }
}

function cartCountLink(link: HTMLElement): void {
  const badge = link.querySelector('.cart-count');
  const update = () => {
    const count = cartCount(parseCart(storedCart()));
    link.setAttribute('aria-label', cartLinkLabel(count));
    if (badge) badge.textContent = String(count);
  };
  update();
  // Another tab's change, or a page back from the back-forward cache after the cart changed elsewhere.
  window.addEventListener('storage', update);
  window.addEventListener('pageshow', update);
}

export function enhanceHeader(header: HTMLElement): void {
  scrolledClass(header);
  for (const item of header.querySelectorAll<HTMLElement>('.has-submenu')) submenu(item);
  const menuButton = header.querySelector<HTMLElement>('.menu-button');
  if (menuButton) sideSheet(menuButton);
  const cart = header.querySelector<HTMLElement>('.cart-link');
  if (cart) cartCountLink(cart);
}
