/** The fields whose text React reads through `onChange` (React's own list of text-like inputs). */
const TEXT_TYPES = ['text', 'email', 'password', 'search', 'tel', 'url', 'number']
  .concat(['date', 'datetime-local', 'month', 'week', 'time', 'color', 'range'])
  .map((type) => `input[type=${type}]`);
const TEXT_FIELD = ['textarea', 'input:not([type])', ...TEXT_TYPES].join(', ');
const CHOICE = 'input[type=checkbox], input[type=radio]';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Hands React what a visitor typed or chose before it hydrated the page. React keeps such input in the
 * field but not in its state: it starts tracking a field from what it finds there, and the value, box or
 * option it rendered stays in its state. A controlled field would go on sending what was rendered (a check
 * of an empty code, a login whose e-mail empties when the button turns busy), and the next render puts it
 * back on screen (a checkout's address choice undone). Each field whose input differs from what React
 * rendered (its `defaultValue`, `defaultChecked`, `defaultSelected`) gets the event React listens for, as
 * if the visitor had just made the change, and its `onChange` takes it into state.
 *
 * All input is read first, then handed over in the page's order, a task apart: a change can re-render
 * fields further on (a pack's "which card" select shows that card's fields), and what was typed there must
 * reach the state of the card then shown, so React renders each change before the next is handed over.
 */
export async function adoptInputBeforeHydration(root: ParentNode = document): Promise<void> {
  const fields = root.querySelectorAll<Field>(`${TEXT_FIELD}, ${CHOICE}, select`);
  const handOvers = [...fields].flatMap((field) => handOverOf(field) ?? []);
  for (const handOver of handOvers) {
    handOver();
    await new Promise((rendered) => setTimeout(rendered));
  }
}

function handOverOf(field: Field): (() => void) | undefined {
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
    field.checked = !chosen;
    field.click();
  };
}

/** React reads a select's change from its `change` event alone (it tracks no value for it). */
function selection(select: HTMLSelectElement): (() => void) | undefined {
  const options = [...select.options];
  // Without a `selected` option, a single select shows its first.
  const shownFirst = !select.multiple && !options.some((option) => option.defaultSelected);
  const chosen = options.map((option) => option.selected);
  if (options.every((option, i) => chosen[i] === (option.defaultSelected || (shownFirst && i === 0)))) {
    return undefined;
  }
  return () => {
    options.forEach((option, i) => {
      option.selected = chosen[i] === true;
    });
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };
}
