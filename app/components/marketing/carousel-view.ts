/*
 * The carousel's rules, shared by its React component (hydrated pages) and the site script (light pages).
 */

/** Slides visible at once by viewport width: the first entry whose `below` the width is under wins. */
export interface PerView {
  base: number;
  below?: Array<{ width: number; count: number }>;
}

export function perViewNow(perView: PerView): number {
  if (typeof window === 'undefined') return perView.base;
  let count = perView.base;
  // Narrowest breakpoint last, so it wins.
  for (const step of [...(perView.below ?? [])].sort((a, b) => b.width - a.width)) {
    if (window.matchMedia(`(max-width: ${step.width - 0.02}px)`).matches) count = step.count;
  }
  return count;
}

/** How many places the carousel can stop at: every slide when fading, one per first visible slide when sliding. */
export const positionsOf = (mode: 'fade' | 'slide', slides: number, visible: number) =>
  mode === 'fade' ? slides : Math.max(1, slides - visible + 1);

export const isShown = (mode: 'fade' | 'slide', slide: number, index: number, visible: number) =>
  mode === 'fade' ? slide === index : slide >= index && slide < index + visible;

export const trackOffset = (index: number, visible: number) => `translateX(-${(index * 100) / visible}%)`;

export const playLabel = (label: string, paused: boolean, reducedMotion: boolean) =>
  paused || reducedMotion ? `Play ${label}` : `Pause ${label}`;

export const playIcon = (paused: boolean) => (paused ? '▶' : '❚❚');
