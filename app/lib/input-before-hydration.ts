import { flushSync } from 'react-dom';

/**
 * The fields whose text React reads through `onChange`. Not range, colour or date fields: the browser
 * normalises their value (a range without one reads "50"), so theirs would differ from the rendered one
 * though nobody touched them.
 */
const TEXT_FIELD =
  'input:not([type]), input[type=text], input[type=email], input[type=password], input[type=search], input[type=tel], input[type=url], input[type=number], textarea';
const CHOICE = 'input[type=checkbox], input[type=radio]';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Once per page load (React's development mode runs effects twice). */
let read = false;

/**
 * Hands React what a visitor typed or chose before it hydrated the page. React keeps such input in the
 * field but not in its state: it starts tracking a field from what it finds there, and the value, box or
 * option it rendered stays in its state. A controlled field would go on sending what was rendered (a check
 * of an empty code, a login whose e-mail empties when the button turns busy), and the next render puts it
 * back on screen (a checkout's address choice undone). Each field whose input differs from what React
 * rendered (its `defaultValue`, `defaultChecked`, `defaultSelected`) gets the event React listens for, as
 * if the visitor had just made the change, and its `onChange` takes it into state.
 *
 * Read when React has hydrated (its first effects), before the next render puts rendered values back;
 * handed over once React's own work is done (a microtask later: no key the visitor presses can come in
 * between), in the page's order, each change rendered before the next (`flushSync`, which React honours
 * only outside its own work): a change can re-render fields further on (a pack's "which card" select
 * shows that card's fields), and what was typed there must reach the card then shown.
 */
export function readInputBeforeHydration(root: ParentNode = document): () => void {
  if (read) return () => {};
  read = true;
  const fields = root.querySelectorAll<Field>(`${TEXT_FIELD}, ${CHOICE}, select`);
  const handOvers = [...fields].flatMap((field) => handOverOf(field) ?? []);
  return () => {
    for (const handOver of handOvers) flushSync(handOver);
  };
}

function handOverOf(field: Field): (() => void) | undefined {
  if (field.disabled) return undefined;
  if (field instanceof HTMLSelectElement) return selection(field);
  if (field instanceof HTMLInputElement && field.matches(CHOICE)) return choice(field);
  return text(field);
}

/**
 * The value React holds is put back through React's own setter (React reads a change against it), the
 * typed text set again through the browser's, then an `input` event, as typing sends.
 */
function text(field: HTMLInputElement | HTMLTextAreaElement): (() => void) | undefined {
  const typed = field.value;
  if (typed === field.defaultValue) return undefined;
  return () => {
    if (typed === field.defaultValue) return;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  };
}

/**
 * React reads a box or radio's change from its click: the field is set to the other state through React's
 * setter, then clicked, as the visitor did. A radio turned off by choosing another follows from that one.
 */
function choice(field: HTMLInputElement): (() => void) | undefined {
  const chosen = field.checked;
  if (chosen === field.defaultChecked || (field.type === 'radio' && !chosen)) return undefined;
  return () => {
    if (field.disabled) return;
    field.checked = !chosen;
    field.click();
  };
}

/** React reads a select's change from its `change` event alone (it tracks no value for it). */
function selection(select: HTMLSelectElement): (() => void) | undefined {
  const options = [...select.options];
  const chosen = options.map((option) => option.selected);
  const rendered = renderedSelection(select, options);
  if (options.every((_, i) => chosen[i] === rendered[i])) return undefined;
  return () => {
    options.forEach((option, i) => {
      option.selected = chosen[i] === true;
    });
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };
}

/**
 * Which options the rendered select showed chosen: those marked `selected` (a single select shows the last
 * of them); none marked, a drop-down shows its first enabled option and a list box none.
 */
function renderedSelection(select: HTMLSelectElement, options: HTMLOptionElement[]): boolean[] {
  const marked = options.map((option) => option.defaultSelected);
  if (select.multiple) return marked;
  const shown = marked.includes(true)
    ? marked.lastIndexOf(true)
    : select.size > 1
      ? -1
      : options.findIndex((option) => !option.disabled);
  return options.map((_, i) => i === shown);
}
