/*
 * Constants of the site chrome's behaviour, shared by its React components (hydrated pages) and the site
 * script (light pages), so the two behave alike.
 */

/** The header turns solid once the page has scrolled past this many pixels (spec: 10px). */
export const SCROLL_THRESHOLD = 10;

/** The visitor asked for less motion: nothing moves by itself. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
