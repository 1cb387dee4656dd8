import { useEffect, useRef, useState } from 'react';
import type { FunFact } from '../../../content/types';
import { useReducedMotion } from '../../lib/reduced-motion';
import { countUpWhenSeen, factText } from './fun-facts-count';

/**
 * The marketing figures. The server renders the final numbers (so they read right without JavaScript);
 * in the browser, figures still below the fold count up once when they scroll into view (on a light page the
 * site script does it, from the `data-` values: app/site-script/fun-facts.ts).
 */
export function FunFacts({ facts }: { facts: FunFact[] }) {
  const ref = useRef<HTMLUListElement>(null);
  const reducedMotion = useReducedMotion();
  const [progress, setProgress] = useState(1);

  useEffect(() => {
    const element = ref.current;
    if (!element || reducedMotion) return;
    return countUpWhenSeen(element, setProgress);
  }, [reducedMotion]);

  return (
    <ul className="fun-facts" ref={ref}>
      {facts.map((fact) => (
        <li key={fact.label} className="fun-fact">
          <span
            className="fun-fact-value"
            aria-hidden="true"
            data-value={fact.value}
            data-suffix={fact.suffix}
          >
            {factText(fact.value, fact.suffix, progress)}
          </span>
          {/* Screen readers get the final figure, never the moving one. */}
          <span className="visually-hidden">{factText(fact.value, fact.suffix, 1)}</span>
          <span className="fun-fact-label">{fact.label}</span>
        </li>
      ))}
    </ul>
  );
}
