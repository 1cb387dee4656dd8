/*
 * Constants of the site chrome's behaviour, shared by its React components (hydrated pages) and the site
 * script (light pages), so the two behave alike.
 */

/** The header turns solid once the page has scrolled past this many pixels (spec: 10px). */
export const SCROLL_THRESHOLD = 10;

/** The visitor asked for less motion: nothing moves by itself. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * What the chrome's drivers listen with: `on(target, type, listener)` adds a listener that `signal` takes
 * off (the driver's stop aborts it).
 */
export const listener =
  (signal: AbortSignal) =>
  <E extends Event>(target: EventTarget, type: string, listen: (event: E) => void) =>
    target.addEventListener(type, listen as EventListener, { signal });
