import { useEffect, useRef } from 'react';
import type { FunFact } from '../../../content/types';
import { factText } from './fun-facts-count';
import { enhanceFunFacts } from './fun-facts-driver';

/**
 * The marketing figures. The server renders the final numbers (so they read right without JavaScript); in
 * the browser the driver counts the ones still below the fold up once, when they scroll into view (the
 * same driver runs them on a light page, from the `data-` values).
 */
export function FunFacts({ facts }: { facts: FunFact[] }) {
  const ref = useRef<HTMLUListElement>(null);

  useEffect(() => (ref.current ? enhanceFunFacts(ref.current) : undefined), []);

  return (
    <ul className="fun-facts" ref={ref}>
      {facts.map((fact) => (
        <li key={fact.label} className="fun-fact">
          <span
            className="fun-facts-value"
            aria-hidden="true"
            data-value={fact.value}
            data-suffix={fact.suffix}
          >
            {factText(fact.value, fact.suffix, 1)}
          </span>
          {/* Screen readers get the final figure, never the moving one. */}
          <span className="visually-hidden">{factText(fact.value, fact.suffix, 1)}</span>
          <span className="fun-facts-label">{fact.label}</span>
        </li>
      ))}
    </ul>
  );
}
