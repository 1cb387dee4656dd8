import { randomInt } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a printed serial cannot be misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const N = ALPHABET.length;
const SERIAL_LENGTH = 12;
const SERIAL_SHAPE = /^[0-9A-HJKMNP-TV-Z]{12}$/;

function digitValue(char: string): number {
  const value = ALPHABET.indexOf(char);
  if (value < 0) throw new Error(`Not a base32 character: ${char}`);
  return value;
}

/**
 * The Luhn mod N check character over base32 (N = 32): it catches every single mistyped character and
 * most swaps of neighbours. Crockford's own mod-37 check needs symbols (* ~ $ = U) that do not belong in
 * a URL or on a small engraving, so it is not used.
 */
export function checkCharacter(data: string): string {
  let factor = 2;
  let sum = 0;
  for (let i = data.length - 1; i >= 0; i--) {
    let addend = factor * digitValue(data[i] as string);
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / N) + (addend % N);
    sum += addend;
  }
  return ALPHABET[(N - (sum % N)) % N] as string;
}

export function hasValidCheck(serial: string): boolean {
  if (!SERIAL_SHAPE.test(serial)) return false;
  return checkCharacter(serial.slice(0, -1)) === serial.slice(-1);
}

/** 11 random characters (55 bits from the system's CSPRNG) and the check character. */
export function generateSerial(): string {
  let data = '';
  for (let i = 0; i < SERIAL_LENGTH - 1; i++) data += ALPHABET[randomInt(N)];
  return data + checkCharacter(data);
}

/** What was typed, without spaces and dashes, in capitals: "abcd-efgh-jkmn " → "ABCDEFGHJKMN". */
export function compactCode(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '');
}

/**
 * The serial a typed code stands for, read the way Crockford's base32 reads (I and L are 1, O is 0), or
 * undefined when it does not have a serial's shape.
 */
export function serialShape(compact: string): string | undefined {
  const read = compact.replace(/[IL]/g, '1').replace(/O/g, '0');
  return SERIAL_SHAPE.test(read) ? read : undefined;
}
