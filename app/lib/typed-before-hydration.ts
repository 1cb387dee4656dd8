/** The fields whose text React reads through `onChange`. */
const TEXT_FIELD =
  'input:not([type]), input[type=text], input[type=email], input[type=password], input[type=search], input[type=tel], input[type=url], input[type=number], textarea';

/**
 * Hands React what a visitor typed before it hydrated the page. React keeps such text in the field but not
 * in its state: it starts tracking the field from the text it finds, so a controlled field would go on
 * sending the value it rendered (a check of an empty code, a login whose e-mail empties when the button
 * turns busy). For each field whose text differs from the value React rendered (its `defaultValue`), the
 * rendered value is put back through React's own setter and the typed text set again through the
 * browser's, then an `input` event: React sees a change, as it does when a visitor types, and its
 * `onChange` takes the text into state.
 */
export function adoptTypedText(root: ParentNode = document): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELD)) {
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    field.value = field.defaultValue;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
