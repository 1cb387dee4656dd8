// The simple CSV statement: one booking a row under a header naming the columns (any order, "," or ";"
// between fields). An amount below zero is money out; a decimal comma is read as European banks write it.
import { parse } from 'csv-parse/sync';
import {
  centsOf,
  dateOf,
  type ParsedStatement,
  refuseControlCharacters,
  STATEMENT_LIMITS,
  StatementError,
  type StatementLine,
} from './lines.ts';

const CSV_COLUMNS = ['date', 'amount', 'currency', 'reference', 'name', 'bank_reference'] as const;
type Column = (typeof CSV_COLUMNS)[number];

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new StatementError('The file is not valid UTF-8 text.');
  }
}

/** Reads a CSV statement; `name` is the file's name, which stands for the statement's own id. */
export function readCsvStatement(bytes: Buffer, name: string): ParsedStatement {
  const csv = decode(bytes).replace(/^\uFEFF/, '');
  refuseControlCharacters(csv);
  const header = csv.slice(0, csv.search(/\r?\n|$/));
  const delimiter = header.includes(';') ? ';' : ',';
  const names = header.split(delimiter).map((column) => column.trim().replace(/^"|"$/g, '').toLowerCase());
  const missing = CSV_COLUMNS.filter((column) => !names.includes(column));
  const unknown = names.filter((column) => !(CSV_COLUMNS as readonly string[]).includes(column));
  if (missing.length > 0 || unknown.length > 0)
    throw new StatementError(`Line 1: the header must name the columns ${CSV_COLUMNS.join(', ')}.`);
  const twice = names.find((column, index) => names.indexOf(column) !== index);
  if (twice) throw new StatementError(`Line 1: the header names the column "${twice}" twice.`);
  let rows: Array<{ record: string[]; raw: string; info: { bytes: number } }>;
  try {
    rows = parse(csv, {
      delimiter,
      from_line: 2,
      skip_empty_lines: true,
      trim: true,
      info: true,
      raw: true,
    }) as unknown as typeof rows;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    const wrongCount = (error as { code?: string }).code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH';
    throw new StatementError(
      `Line ${line ?? '?'}: ${wrongCount ? `a row must have ${names.length} fields, like the header.` : 'the row cannot be read as CSV.'}`,
    );
  }
  if (rows.length > STATEMENT_LIMITS.maxLines)
    throw new StatementError(`The file has more than ${STATEMENT_LIMITS.maxLines} rows; import it in parts.`);
  const credits: StatementLine[] = [];
  let debits = 0;
  const utf8 = Buffer.from(csv);
  const newlinesIn = (bytes: Buffer) => bytes.reduce((count, byte) => count + (byte === 10 ? 1 : 0), 0);
  for (const { record, raw, info } of rows) {
    // A quoted field may span lines: the record is named by the line it starts on (the parser's own line
    // count is off when such a field holds CRLF).
    const end = utf8[info.bytes - 1] === 10 ? info.bytes - 1 : info.bytes;
    const where = `Line ${newlinesIn(utf8.subarray(0, end)) + 1 - (raw.trim().match(/\n/g)?.length ?? 0)}`;
    if (record.length !== names.length)
      throw new StatementError(`${where}: a row must have ${names.length} fields, like the header.`);
    const field = (column: Column) => record[names.indexOf(column)] ?? '';
    const bookedOn = dateOf(field('date'));
    if (!bookedOn)
      throw new StatementError(
        `${where}: the date "${field('date').slice(0, 40)}" is not a date (YYYY-MM-DD).`,
      );
    const amount = field('amount');
    const negative = amount.startsWith('-');
    const digits = negative ? amount.slice(1) : amount;
    if (/^\d{1,3}[.,]\d{3}$/.test(digits.trim()))
      throw new StatementError(
        `${where}: the amount "${amount.slice(0, 40)}" could be a thousand-separated whole amount or three decimals; write it with two decimals (1200.00) and no thousands separator.`,
      );
    const cents = centsOf(digits, true);
    if (cents === null || cents === 0)
      throw new StatementError(`${where}: the amount "${amount.slice(0, 40)}" is not an amount of money.`);
    const currency = field('currency').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency))
      throw new StatementError(
        `${where}: the currency "${currency.slice(0, 40)}" is not a three-letter code.`,
      );
    if (negative) {
      debits++;
      continue;
    }
    credits.push({
      where,
      account: null,
      bookedOn,
      amountCents: cents,
      currency,
      counterparty: field('name') || null,
      reference: null,
      remittance: field('reference') || null,
      bankReference: field('bank_reference') || null,
    });
  }
  return { format: 'csv', reference: name, account: null, credits, debits, notBooked: 0, notices: [] };
}
