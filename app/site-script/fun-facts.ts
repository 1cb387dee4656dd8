import { REDUCED_MOTION } from '../components/chrome';
import { countUpProgress, factText } from '../components/marketing/fun-facts-count';

/**
 * FunFacts.tsx's count-up on a light page: the server rendered the final numbers; figures still below the
 * fold count up once when they scroll into view, unless the visitor asked for less motion.
 */
export function enhanceFunFacts(list: HTMLElement): void {
  if (window.matchMedia(REDUCED_MOTION).matches || typeof IntersectionObserver === 'undefined') return;
  // Already on screen: leave the final numbers alone rather than flash them back to zero.
  if (list.getBoundingClientRect().top < window.innerHeight) return;
  const values = Array.from(list.querySelectorAll<HTMLElement>('.fun-fact-value'));
  const show = (progress: number) => {
    for (const value of values)
      value.textContent = factText(Number(value.dataset.value), value.dataset.suffix ?? '', progress);
  };
  show(0);
  const observer = new IntersectionObserver(
    ([entry]) => {
      if (!entry?.isIntersecting) return;
      observer.disconnect();
      const start = performance.now();
      const tick = (now: number) => {
        const { progress, done } = countUpProgress(start, now);
        show(progress);
        if (!done) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    { threshold: 0.4 },
  );
  observer.observe(list);
}
