import type { HeadersFunction } from 'react-router';

/**
 * For route modules whose page is the same for every visitor: browsers revalidate each time, and the
 * server keeps the rendered page until data changes. Never use it on a page that shows personal data.
 */
export const publicPageHeaders: HeadersFunction = () => ({
  'Cache-Control': 'public, max-age=0, must-revalidate',
});
