// The simple CSV statement: one booking a row under a header naming the columns (any order, "," or ";"
// between fields). An amount below zero is money out; a decimal comma is read as European banks write it.
import { parse } from 'csv-parse/sync';
import {
  centsOf,
  dateOf,
  type ParsedStatement,
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
  const header = csv.slice(0, csv.search(/\r?\n|$/));
  const delimiter = header.includes(';') ? ';' : ',';
  const names = header.split(delimiter).map((column) => column.trim().replace(/^"|"$/g, '').toLowerCase());
  const missing = CSV_COLUMNS.filter((column) => !names.includes(column));
  const unknown = names.filter((column) => !(CSV_COLUMNS as readonly string[]).includes(column));
  if (missing.length > 0 || unknown.length > 0)
    throw new StatementError(`Line 1: the header must name the columns ${CSV_COLUMNS.join(', ')}.`);
  let rows: Array<{ record: string[]; info: { lines: number } }>;
  try {
    rows = parse(csv, {
      delimiter,
      from_line: 2,
      skip_empty_lines: true,
      trim: true,
      info: true,
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
  for (const { record, info } of rows) {
    const where = `Line ${info.lines}`;
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
    const cents = centsOf(negative ? amount.slice(1) : amount, true);
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
  return { format: 'csv', reference: name, account: null, credits, debits, notBooked: 0 };
}
