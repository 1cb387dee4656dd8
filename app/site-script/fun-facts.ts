import { REDUCED_MOTION } from '../components/chrome';
import { countUpWhenSeen, factText } from '../components/marketing/fun-facts-count';

/**
 * FunFacts.tsx's count-up on a light page: the server rendered the final numbers; figures still below the
 * fold count up once when they scroll into view, unless the visitor asked for less motion.
 */
export function enhanceFunFacts(list: HTMLElement): void {
  if (window.matchMedia(REDUCED_MOTION).matches) return;
  const values = Array.from(list.querySelectorAll<HTMLElement>('.fun-fact-value'));
  countUpWhenSeen(list, (progress) => {
    for (const value of values)
      value.textContent = factText(Number(value.dataset.value), value.dataset.suffix ?? '', progress);
  });
}
