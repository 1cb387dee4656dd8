import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub, MemoryRouter, NavLink } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isCurrentPath, SiteNavLink } from './SiteLink';

const PAGES = [
  '/',
  '/about',
  '/About',
  '/about/',
  '/cards',
  '/cards/classic',
  '/cardsx',
  '/services',
  '/services/',
];
const TARGETS = ['/', '/about', '/cards', '/services', '/services/', '/services/cloud-solutions'];

/** Whether React Router's own NavLink marks `to` as the page at `pathname`. */
function navLinkSaysCurrent(pathname: string, to: string, end: boolean): boolean {
  const markup = renderToStaticMarkup(
    createElement(MemoryRouter, { initialEntries: [pathname] }, createElement(NavLink, { to, end }, 'x')),
  );
  return markup.includes('aria-current="page"');
}

describe('isCurrentPath (light pages’ navigation links)', () => {
  for (const end of [false, true]) {
    for (const pathname of [...PAGES, '/services/cloud-solutions']) {
      it(`decides as NavLink does on ${pathname}${end ? ' with end' : ''}`, () => {
        for (const to of TARGETS) {
          expect(isCurrentPath(pathname, to, end), `${to} on ${pathname}`).toBe(
            navLinkSaysCurrent(pathname, to, end),
          );
        }
      });
    }
  }
});

function ShopLink() {
  return createElement(SiteNavLink, { to: '/cards', className: 'site-header-link' }, 'Shop');
}

describe('SiteNavLink (a hydrated page’s navigation link)', () => {
  it('marks its own page `is-active` and the current page, and no other', () => {
    const Stub = createRoutesStub([{ path: '*', Component: ShopLink }]);
    const at = (pathname: string) =>
      renderToStaticMarkup(createElement(Stub, { initialEntries: [pathname] }));
    expect(at('/cards/classic')).toContain('aria-current="page" class="site-header-link is-active"');
    expect(at('/about')).toContain('class="site-header-link" href="/cards"');
  });
});
