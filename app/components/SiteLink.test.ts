import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, NavLink } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isCurrentPath } from './SiteLink';

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
