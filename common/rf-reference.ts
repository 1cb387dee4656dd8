// ISO 11649 structured creditor references ("RF24 NX7K 3M9Q 2P"): what a bank transfer quotes so that the
// statement line finds its order by itself. The reference is the order's number without its dashes, so it
// needs no column of its own and reads back to the order.

/** ISO 7064 MOD 97-10 over letters as numbers (A = 10 … Z = 35), as IBANs and RF references compute it. */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const digits = /[0-9]/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** "RF24NX7K3M9Q2P" for "NX-7K3M-9Q2P": the reference with its two check digits, electronic form (no spaces). */
export function rfReference(orderNumber: string): string {
  const body = orderNumber.replaceAll('-', '').toUpperCase();
  if (!/^[0-9A-Z]{1,21}$/.test(body)) throw new Error(`not a reference body: ${orderNumber}`);
  const check = 98 - mod97(`${body}RF00`);
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** The paper form, in groups of four: "RF24 NX7K 3M9Q 2P". */
export function rfPrinted(reference: string): string {
  return reference.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Whether a text is a well-formed RF reference with right check digits (spaces and case ignored). */
export function isRfReference(text: string): boolean {
  const compact = text.replaceAll(' ', '').toUpperCase();
  if (!/^RF[0-9]{2}[0-9A-Z]{1,21}$/.test(compact)) return false;
  return mod97(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1;
}

/**
 * The first valid RF reference found in a remittance text (banks add words around it), compact; else null.
 * With `wanted`, the first valid one it accepts: a run that swallowed the next word can pass the check
 * digits by chance (about one time in 97 per letter swallowed) before the reference itself is reached.
 */
export function findRfReference(text: string, wanted?: (reference: string) => boolean): string | null {
  for (const match of text.toUpperCase().matchAll(/RF\s?[0-9]{2}(?:\s?[0-9A-Z]){1,21}/g)) {
    // A longer run may swallow the next word: try the candidate shortened until a check digit fits.
    let candidate = match[0].replaceAll(' ', '');
    while (candidate.length > 4) {
      if (isRfReference(candidate) && (!wanted || wanted(candidate))) return candidate;
      candidate = candidate.slice(0, -1);
    }
  }
  return null;
}

/** The order number an RF reference of ours stands for ("RF24NX7K3M9Q2P" → "NX-7K3M-9Q2P"); null if not ours. */
export function orderNumberOf(reference: string): string | null {
  const body = reference.replaceAll(' ', '').toUpperCase().slice(4);
  const parts = /^NX([0-9A-Z]{4})([0-9A-Z]{4})$/.exec(body);
  return parts ? `NX-${parts[1]}-${parts[2]}` : null;
}
