import { enhanceAccount } from './account';
import { enhanceCarousel } from './carousel';
import { enhanceFunFacts } from './fun-facts';
import { enhanceHeader } from './header';
import { enhanceMap } from './map';

/*
 * The site script of light pages (decision 034): no React in the browser, so what the page's React
 * components do in a browser is done here, on the markup they rendered on the server. Inlined at the end
 * of <body> by root.tsx, built by the `site-script` plugin in vite.config.ts.
 */

const header = document.querySelector<HTMLElement>('.site-header');
if (header) {
  enhanceHeader(header);
  enhanceAccount(header);
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
