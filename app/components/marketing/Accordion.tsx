import type { AccordionItem } from '../../../content/types';

/**
 * One item open at a time, and all may be closed: native <details> sharing a `name` (exclusive
 * accordion), so it works with the keyboard, in screen readers and without JavaScript.
 */
export function Accordion({ items, name }: { items: AccordionItem[]; name: string }) {
  return (
    <div className="accordion">
      {items.map((item, index) => (
        <details key={item.title} name={name} open={index === 0} className="accordion-item">
          <summary className="accordion-summary">{item.title}</summary>
          <div className="accordion-panel">
            <p>{item.text}</p>
            <ul>
              {item.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
        </details>
      ))}
    </div>
  );
}
