/**
 * What is printed of a typed text: trimmed, runs of white space as one space (SVG would fold them anyway).
 * A module of its own because the cart's line keys need it in the light pages' script, which must not carry
 * the fitting rules' messages and metrics along.
 */
export function printedText(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}
