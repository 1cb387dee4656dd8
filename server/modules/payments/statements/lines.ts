// What a statement file comes to once read, whatever its format: its credits, what was left out and why.

/** One credit to the firm's account, as the bank booked it. */
export interface StatementLine {
  /** Where it is in the file, for messages: "Entry 3 (line 57)" or "Row 4". */
  where: string;
  /** The account credited (IBAN), when the file says. */
  account: string | null;
  /** YYYY-MM-DD. */
  bookedOn: string;
  amountCents: number;
  currency: string;
  counterparty: string | null;
  /** The structured reference (an RF reference) and the free text, as the bank gave them. */
  reference: string | null;
  remittance: string | null;
  /** The bank's own reference for the booking (camt.053 AcctSvcrRef, the CSV's bank_reference). */
  bankReference: string | null;
  /** Why the admin must judge this line even when it quotes an order (a reversal, amounts that do not add up). */
  hold?: string;
}

export interface ParsedStatement {
  format: 'camt053' | 'csv';
  /** The statement's own id, or the file's name. */
  reference: string;
  account: string | null;
  credits: StatementLine[];
  /** Money out: not payments, left out and counted. */
  debits: number;
  /** Entries not booked yet (pending, information only): left out and counted. */
  notBooked: number;
  /** Bookings the admin must look at that are not credits to assign (a credit of ours reversed by the bank). */
  notices: string[];
}

/** A file that cannot be read as a statement, with where it is wrong: nothing of it is imported. */
export class StatementError extends Error {}

export const STATEMENT_LIMITS = {
  /** A day's statement of a small firm is a few kilobytes; a month's of a busy account is well under this. */
  maxBytes: 2 * 1024 * 1024,
  /** Credits, debits and a batch's transactions together. */
  maxLines: 5000,
  /** Tags ("<") in an XML file: a full entry with its details has well under 80. */
  maxMarkup: 400_000,
} as const;

/**
 * A decimal amount in integer cents; null if not one. XML ("1234.50") is a decimal number, so trailing zeros
 * are allowed; CSV (`csv`: "." or ",", one or two decimals) is written by hand or by spreadsheets, where
 * "1,200" and "1.200" are a thousand and two hundred: the caller refuses three decimals as ambiguous.
 */
export function centsOf(text: string, csv = false): number | null {
  const normal = csv ? text.trim().replace(',', '.') : text.trim();
  const parts = (csv ? /^(\d{1,7})(?:\.(\d{1,2}))?$/ : /^(\d{1,7})(?:\.(\d{1,2})0*)?$/).exec(normal);
  if (!parts?.[1]) return null;
  return Number(parts[1]) * 100 + Number((parts[2] ?? '').padEnd(2, '0'));
}

/** A calendar date written YYYY-MM-DD (a camt.053 date-time's date part counts); null if not a real date. */
export function dateOf(text: string): string | null {
  const parts = /^(\d{4})-(\d{2})-(\d{2})(?:T[0-9:.]+(?:Z|[+-]\d{2}:\d{2})?)?$/.exec(text.trim());
  if (!parts) return null;
  const day = `${parts[1]}-${parts[2]}-${parts[3]}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
}

/** C0 control characters (and DEL) other than tab and line breaks: no statement has them, a database refuses NUL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose.
export const CONTROL_CHARACTER = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/;

/** Refuses a text holding a control character, naming the line it is on. */
export function refuseControlCharacters(text: string, pattern: RegExp = CONTROL_CHARACTER): void {
  const found = pattern.exec(text);
  if (!found) return;
  const line = text.slice(0, found.index).split('\n').length;
  throw new StatementError(
    `Line ${line}: the file holds a control character (a byte that is not text); export the statement again.`,
  );
}
