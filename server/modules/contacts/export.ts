import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { PHONE_PATTERN } from '../../../common/phone.ts';
import { describeVisit } from '../../../common/visit-source.ts';
import type { ExchangedContactRow } from '../../db/schema/index.ts';
import { exchangedContactVCard } from './contact-vcard.ts';

/**
 * An international phone number as people type it (`+44 20 7946 0000`): a + and a digit, then only the
 * phone's own characters, with enough digits for a real number. Made of digits, spaces and + ( ) . - alone,
 * it can call no function, so it needs no guard; a CRM would import the guard's `'` as part of the number.
 */
function isPlausiblePhone(cell: string): boolean {
  return /^\+\d/.test(cell) && PHONE_PATTERN.test(cell) && cell.replace(/\D/g, '').length >= 7;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return before one) as a formula:
 * a visitor could type `=HYPERLINK(…)` as their name. OWASP's advice: such a cell starts with a `'`, so it
 * is shown as the text it is; a plausible phone number is written as it is. The only place CSV cells are
 * made safe.
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) && !isPlausiblePhone(cell) ? `'${cell}` : cell;
}

const CSV_HEADER = [
  'Name',
  'E-mail',
  'Phone',
  'Company',
  'Job title',
  'Note',
  'Came from',
  'Shared at (UTC)',
];

const CSV_OPTIONS = { quoted: true, record_delimiter: 'windows' } as const;

/**
 * The contacts as CSV: a header row, CRLF lines (RFC 4180), every cell quoted, and a byte-order mark, without
 * which Excel reads UTF-8 names as Windows-1252. Every cell, because csv-stringify with CRLF records quotes
 * only cells holding a whole CRLF: a note with a bare line break would otherwise start a new row.
 */
export function contactsCsv(pages: AsyncIterable<ExchangedContactRow[]>): Readable {
  return chunks(pages, stringify([CSV_HEADER], { ...CSV_OPTIONS, bom: true }), (contacts) => {
    const rows = contacts.map((contact) => [
      contact.name,
      contact.email,
      contact.phone,
      contact.company,
      contact.jobTitle,
      contact.note,
      describeVisit({ source: contact.source, card: contact.cardSerial }),
      contact.createdAt.toISOString().replace('T', ' ').slice(0, 16),
    ]);
    return stringify(
      rows.map((row) => row.map(neutraliseFormula)),
      CSV_OPTIONS,
    );
  });
}

/** Every contact in one .vcf file: one vCard after another, as address books import them. */
export function contactsVCard(pages: AsyncIterable<ExchangedContactRow[]>): Readable {
  return chunks(pages, '', (contacts) => contacts.map(exchangedContactVCard).join(''));
}

/**
 * A file sent as it is made: `head`, then each page of contacts as text, the next page read only once the
 * last is taken (one page in memory, and the event loop free between pages).
 */
function chunks(
  pages: AsyncIterable<ExchangedContactRow[]>,
  head: string,
  text: (contacts: ExchangedContactRow[]) => string,
): Readable {
  async function* file() {
    if (head) yield head;
    for await (const contacts of pages) yield text(contacts);
  }
  return Readable.from(file(), { highWaterMark: 1 });
}

/** `contacts-2026-11-24.csv`: the day the file was made (UTC). */
export function exportFileName(extension: 'csv' | 'vcf', now = new Date()): string {
  return `contacts-${now.toISOString().slice(0, 10)}.${extension}`;
}
