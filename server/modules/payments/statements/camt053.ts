// ISO 20022 camt.053 (BankToCustomerStatement), versions 001.02 to 001.08: the credits booked to the account.
// Read with fast-xml-parser, which never fetches anything; a document type declaration (the only way to
// declare entities, external or nested: XXE and "billion laughs") is refused before the parser sees the file.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  centsOf,
  dateOf,
  type ParsedStatement,
  STATEMENT_LIMITS,
  StatementError,
  type StatementLine,
} from './lines.ts';

const NAMESPACE =
  /xmlns(?::[\w.-]+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:(camt\.\d{3}\.\d{3}\.\d{2})["']/;
const READ_VERSIONS = /^camt\.053\.001\.0[2-8]$/;
const ENTRY_TAG = /<(?:[\w.-]+:)?Ntry[\s>]/g;

const ARRAYS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'Ustrd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only the five predefined entities and character references: no declaration can reach the parser.
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

type Node = Record<string, unknown>;

function child(node: unknown, ...path: string[]): unknown {
  let at = node;
  for (const name of path) {
    if (!at || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = (at as Node)[name];
  }
  return at;
}

function text(node: unknown, ...path: string[]): string | null {
  const value = child(node, ...path);
  if (typeof value === 'string') return value || null;
  const inner = child(value, '#text');
  return typeof inner === 'string' && inner ? inner : null;
}

function list(node: unknown, ...path: string[]): unknown[] {
  const value = child(node, ...path);
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

function join(parts: (string | null)[]): string | null {
  const kept = parts.filter((part): part is string => Boolean(part));
  return kept.length > 0 ? kept.join(' ') : null;
}

/** The line each entry starts on, in document order (the parser gives lines only for errors of form). */
function entryLines(xml: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const match of xml.matchAll(ENTRY_TAG)) {
    for (let i = from; i < match.index; i++) if (xml.charCodeAt(i) === 10) line++;
    from = match.index;
    lines.push(line);
  }
  return lines;
}

/** The debtor's name: `Dbtr/Nm` up to version 07, `Dbtr/Pty/Nm` from 08. */
function debtorOf(details: unknown): string | null {
  return text(details, 'RltdPties', 'Dbtr', 'Nm') ?? text(details, 'RltdPties', 'Dbtr', 'Pty', 'Nm');
}

function remittanceOf(details: unknown): { reference: string | null; remittance: string | null } {
  const structured = list(details, 'RmtInf', 'Strd').map((strd) => text(strd, 'CdtrRefInf', 'Ref'));
  const free = list(details, 'RmtInf', 'Ustrd').map((line) => (typeof line === 'string' ? line : null));
  return { reference: join(structured), remittance: join(free) };
}

const accountOf = (stmt: unknown) =>
  text(stmt, 'Acct', 'Id', 'IBAN') ?? text(stmt, 'Acct', 'Id', 'Othr', 'Id');

/** `Sts` is a code up to version 05 and `Sts/Cd` from 06. */
function statusOf(entry: unknown): string | null {
  return text(entry, 'Sts') ?? text(entry, 'Sts', 'Cd');
}

function amountOf(node: unknown, where: string): { cents: number; currency: string } {
  const amount = child(node, 'Amt');
  const value = text(node, 'Amt');
  if (value === null) throw new StatementError(`${where}: the amount is missing.`);
  const cents = centsOf(value);
  if (cents === null || cents === 0)
    throw new StatementError(
      `${where}: the amount "${value.slice(0, 40)}" is not a positive amount of money.`,
    );
  const currency = text(amount, '@Ccy');
  if (!currency || !/^[A-Z]{3}$/.test(currency))
    throw new StatementError(`${where}: the amount has no currency.`);
  return { cents, currency };
}

function encodingOf(bytes: Buffer): string {
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.-]+)["']/i.exec(
    bytes.subarray(0, 200).toString('latin1'),
  );
  const name = declared?.[1]?.toLowerCase() ?? 'utf-8';
  if (name === 'utf-8' || name === 'utf8') return 'utf-8';
  if (['iso-8859-1', 'latin1', 'iso-8859-15', 'windows-1252'].includes(name)) return 'windows-1252';
  throw new StatementError(`The file is written in ${name}; export the statement as UTF-8.`);
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder(encodingOf(bytes), { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof StatementError) throw error;
    throw new StatementError('The file is not valid UTF-8 text.');
  }
}

/** Reads a camt.053 statement: every booked credit, each transaction of a batch on its own. */
export function readCamt053(bytes: Buffer): ParsedStatement {
  const xml = decode(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new StatementError(
      'The file declares a document type or entities, which a bank statement never does.',
    );
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new StatementError(`Line ${valid.err.line}: the file is not well-formed XML (${valid.err.msg})`);
  const version = NAMESPACE.exec(xml)?.[1];
  if (!version || !READ_VERSIONS.test(version))
    throw new StatementError(
      version
        ? `This is a ${version} file; upload the account statement (camt.053, versions 001.02 to 001.08).`
        : 'This is not an ISO 20022 camt.053 statement (its namespace is missing).',
    );
  const lines = entryLines(xml);
  if (lines.length > STATEMENT_LIMITS.maxLines)
    throw new StatementError(
      `The file has more than ${STATEMENT_LIMITS.maxLines} entries; import it in parts.`,
    );
  const root = child(parser.parse(xml), 'Document', 'BkToCstmrStmt');
  const statements = list(root, 'Stmt');
  if (!root || statements.length === 0)
    throw new StatementError('This is not a camt.053 statement: Document/BkToCstmrStmt/Stmt is missing.');

  const credits: StatementLine[] = [];
  let debits = 0;
  let notBooked = 0;
  let position = 0;
  let transactions = 0;
  for (const stmt of statements) {
    const account = accountOf(stmt);
    for (const entry of list(stmt, 'Ntry')) {
      position++;
      const where = `Entry ${position}${lines[position - 1] ? ` (line ${lines[position - 1]})` : ''}`;
      const total = amountOf(entry, where);
      const direction = text(entry, 'CdtDbtInd');
      if (direction !== 'CRDT' && direction !== 'DBIT')
        throw new StatementError(`${where}: CdtDbtInd must be CRDT or DBIT.`);
      const booked = text(entry, 'BookgDt', 'Dt') ?? text(entry, 'BookgDt', 'DtTm');
      const status = statusOf(entry);
      if (status !== null && status !== 'BOOK') {
        notBooked++;
        continue;
      }
      const bookedOn = booked === null ? null : dateOf(booked);
      if (bookedOn === null)
        throw new StatementError(
          `${where}: the booking date ${booked ? `"${booked.slice(0, 40)}" ` : ''}is missing or not a date.`,
        );
      if (direction === 'DBIT') {
        debits++;
        continue;
      }
      const details = list(entry, 'NtryDtls').flatMap((group) => list(group, 'TxDtls'));
      transactions += Math.max(1, details.length);
      if (transactions > STATEMENT_LIMITS.maxLines)
        throw new StatementError(
          `The file has more than ${STATEMENT_LIMITS.maxLines} transactions; import it in parts.`,
        );
      const entryRef = text(entry, 'AcctSvcrRef');
      const base = { account, bookedOn, counterparty: null, reference: null, remittance: null };
      if (details.length === 0) {
        credits.push({
          ...base,
          // Without details, some banks give the remittance as the entry's additional information.
          remittance: text(entry, 'AddtlNtryInf'),
          where,
          amountCents: total.cents,
          currency: total.currency,
          bankReference: entryRef,
        });
        continue;
      }
      details.forEach((tx, index) => {
        const at = details.length > 1 ? `${where}, transaction ${index + 1}` : where;
        if (text(tx, 'CdtDbtInd') === 'DBIT') {
          debits++;
          return;
        }
        // A batch's own amounts are in each transaction; a single one may leave it to the entry.
        const amount =
          details.length === 1 && !child(tx, 'Amt') && !child(tx, 'AmtDtls')
            ? total
            : child(tx, 'Amt')
              ? amountOf(tx, at)
              : amountOf(child(tx, 'AmtDtls', 'TxAmt'), at);
        const txRef = text(tx, 'Refs', 'AcctSvcrRef');
        const endToEnd = text(tx, 'Refs', 'EndToEndId');
        const given = remittanceOf(tx);
        credits.push({
          ...base,
          reference: given.reference,
          // With no remittance at all, the payer's own reference may be the invoice's.
          remittance: given.remittance ?? (!given.reference && endToEnd !== 'NOTPROVIDED' ? endToEnd : null),
          where: at,
          amountCents: amount.cents,
          currency: amount.currency,
          counterparty: debtorOf(tx),
          bankReference:
            details.length > 1
              ? entryRef || txRef
                ? `${entryRef ?? ''}/${txRef ?? index + 1}`
                : null
              : (entryRef ?? txRef),
        });
      });
    }
  }
  const first = statements[0];
  return {
    format: 'camt053',
    reference: text(first, 'Id') ?? 'camt.053',
    account: accountOf(first),
    credits,
    debits,
    notBooked,
  };
}
