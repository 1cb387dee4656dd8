import { enhanceCarousel } from '../components/marketing/carousel-driver';
import { enhanceFunFacts } from '../components/marketing/fun-facts-driver';
import { enhanceMap } from '../components/marketing/map-driver';
import { enhanceAccount } from './account';
import { enhanceHeader } from './header';

/*
 * The site script of light pages (decision 034): no React in the browser, so the drivers the page's React
 * components call once mounted (the carousel's, the fun facts', the map's) are called here, on the markup
 * they rendered on the server; the header and its account links are still driven here on their own. Inlined at the end
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
