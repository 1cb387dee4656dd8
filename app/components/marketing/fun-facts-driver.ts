import { REDUCED_MOTION } from '../chrome';
import { countUpWhenSeen, factText } from './fun-facts-count';

/**
 * The fun facts' one driver, on the markup FunFacts.tsx renders with the final numbers: figures still below
 * the fold count up once when they scroll into view, unless the visitor asked for less motion. The React
 * component calls it once it has mounted; on a light page the site script does. Returns what stops it.
 */
export function enhanceFunFacts(list: HTMLElement): () => void {
  if (window.matchMedia(REDUCED_MOTION).matches) return () => {};
  const values = Array.from(list.querySelectorAll<HTMLElement>('.fun-facts-value'));
  return countUpWhenSeen(list, (progress) => {
    for (const value of values)
      value.textContent = factText(Number(value.dataset.value), value.dataset.suffix ?? '', progress);
  });
}
