// ISO 20022 camt.053 (BankToCustomerStatement), versions 001.02 to 001.08: the credits booked to the account.
// Read with fast-xml-parser, which never fetches anything; a document type declaration (the only way to
// declare entities, external or nested: XXE and "billion laughs") is refused before the parser sees the file.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  centsOf,
  dateOf,
  type ParsedStatement,
  refuseControlCharacters,
  STATEMENT_LIMITS,
  StatementError,
  type StatementLine,
} from './lines.ts';

const CAMT_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:(camt\.\d{3}\.\d{3}\.\d{2})$/;
const READ_VERSIONS = /^camt\.053\.001\.0[2-8]$/;
const ENTRY_TAG = /<(?:[\w.-]+:)?Ntry[\s>]/g;
const TRANSACTION_TAG = /<(?:[\w.-]+:)?TxDtls[\s>]/g;
/** A character reference to a C0 control character or DEL (tab and line breaks are text). */
const CONTROL_REFERENCE =
  /&#(?:0*(?:[0-8]|1[124-9]|2\d|3[01]|127)|[xX]0*(?:[0-8bcefBCEF]|1[0-9a-fA-F]|7[fF]));/;
/** Comments, CDATA sections and processing instructions: what looks like markup in them is not. */
const NOT_MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>/g;

const ARRAYS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'Ustrd']);

/** A statement is about ten levels deep; the parser's own limit (100) would throw without words. */
const MAX_DEPTH = 40;

const parser = new XMLParser({
  maxNestedTags: MAX_DEPTH,
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

/** The document with comments, CDATA and processing instructions blanked out, its lines kept where they were. */
function markupOnly(xml: string): string {
  return xml.replace(NOT_MARKUP, (skipped) => skipped.replace(/[^\n]/g, ' '));
}

/** The line each entry starts on, in document order (the parser gives lines only for errors of form). */
function entryLines(markup: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  const xml = markup;
  for (const match of markup.matchAll(ENTRY_TAG)) {
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

/**
 * `Sts` is a code up to version 05 and `Sts/Cd` from 06; a proprietary status (`Sts/Prtry`) is not a
 * booking the firm can count on. Null when the entry has none.
 */
function statusOf(entry: unknown): string | null {
  const status = child(entry, 'Sts');
  if (status === undefined) return null;
  return text(entry, 'Sts') ?? text(entry, 'Sts', 'Cd') ?? 'proprietary';
}

/** An amount where it may not be given (a transaction of a batch): null instead of refusing the file. */
function amountIfGiven(node: unknown): { cents: number; currency: string } | null {
  const value = text(node, 'Amt');
  const cents = value === null ? null : centsOf(value);
  const currency = text(child(node, 'Amt'), '@Ccy');
  return cents && currency ? { cents, currency } : null;
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

/** The root element's own namespace; null when the root is not a `Document` in a namespace. */
function rootNamespace(markup: string): string | null {
  const root = /<([\w.-]+:)?([\w.-]+)((?:\s+[^>]*)?)\/?>/.exec(markup.replace(/<![^>]*>/g, ''));
  if (root?.[2] !== 'Document') return null;
  const prefix = root[1] ? `:${root[1].slice(0, -1)}` : '';
  for (const attribute of (root[3] ?? '').matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    if (attribute[1] === `xmlns${prefix}`) return attribute[2] ?? attribute[3] ?? null;
  return null;
}

const money = (amount: { cents: number; currency: string }) =>
  `${(amount.cents / 100).toFixed(2)} ${amount.currency}`;

/** Reads a camt.053 statement: every booked credit, each transaction of a batch on its own. */
export function readCamt053(bytes: Buffer): ParsedStatement {
  const xml = decode(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new StatementError(
      'The file declares a document type or entities, which a bank statement never does.',
    );
  refuseControlCharacters(xml);
  refuseControlCharacters(xml, CONTROL_REFERENCE);
  const markup = markupOnly(xml);
  // Counted before any parsing, so a file built to be slow is refused at the cost of one scan.
  const lines = entryLines(markup);
  if (lines.length > STATEMENT_LIMITS.maxLines)
    throw new StatementError(
      `The file has more than ${STATEMENT_LIMITS.maxLines} entries; import it in parts.`,
    );
  if ((markup.match(TRANSACTION_TAG)?.length ?? 0) > STATEMENT_LIMITS.maxLines)
    throw new StatementError(
      `The file has more than ${STATEMENT_LIMITS.maxLines} transactions; import it in parts.`,
    );
  let elements = 0;
  for (let at = markup.indexOf('<'); at !== -1; at = markup.indexOf('<', at + 1)) elements++;
  if (elements > STATEMENT_LIMITS.maxMarkup)
    throw new StatementError(
      `The file has more than ${STATEMENT_LIMITS.maxMarkup} tags, far more than a statement of ${STATEMENT_LIMITS.maxLines} entries; import it in parts.`,
    );
  // The parser checks each tag's attributes against each other: thousands on one tag take seconds.
  const longTag = /<[^<>]{1000,}>/.exec(markup);
  if (longTag)
    throw new StatementError(
      `Line ${markup.slice(0, longTag.index).split('\n').length}: a tag is over 1000 characters long, which no statement's is.`,
    );
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new StatementError(`Line ${valid.err.line}: the file is not well-formed XML (${valid.err.msg})`);
  const namespace = rootNamespace(markup);
  const version = namespace ? CAMT_NAMESPACE.exec(namespace)?.[1] : undefined;
  if (!version || !READ_VERSIONS.test(version))
    throw new StatementError(
      version
        ? `This is a ${version} file; upload the account statement (camt.053, versions 001.02 to 001.08).`
        : 'This is not an ISO 20022 camt.053 statement (its Document has no camt namespace).',
    );
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    throw new StatementError(
      /nest/i.test(message)
        ? `The file nests elements more than ${MAX_DEPTH} deep, which a bank statement never does.`
        : 'The file cannot be read as a camt.053 statement (an element has a name or content the reader refuses).',
    );
  }
  const root = child(document, 'Document', 'BkToCstmrStmt');
  const statements = list(root, 'Stmt');
  if (!root || statements.length === 0)
    throw new StatementError('This is not a camt.053 statement: Document/BkToCstmrStmt/Stmt is missing.');

  const credits: StatementLine[] = [];
  const notices: string[] = [];
  let debits = 0;
  let notBooked = 0;
  let position = 0;
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
      // Sts is mandatory in every version: an entry without it is not a statement's.
      if (status === null) throw new StatementError(`${where}: the entry has no status (Sts).`);
      if (status !== 'BOOK') {
        notBooked++;
        continue;
      }
      const bookedOn = booked === null ? null : dateOf(booked);
      if (bookedOn === null)
        throw new StatementError(
          `${where}: the booking date ${booked ? `"${booked.slice(0, 40)}" ` : ''}is missing or not a date.`,
        );
      const reversal = ['true', '1'].includes(text(entry, 'RvslInd') ?? '');
      const entryRef = text(entry, 'AcctSvcrRef');
      if (direction === 'DBIT') {
        if (reversal)
          notices.push(
            `${where}: the bank took back a credit of ${money(total)} on ${bookedOn}${entryRef ? ` (bank reference ${entryRef.slice(0, 40)})` : ''}; the order it paid may no longer be paid, so check it.`,
          );
        else debits++;
        continue;
      }
      const details = list(entry, 'NtryDtls').flatMap((group) => list(group, 'TxDtls'));
      const base = { account, bookedOn, counterparty: null, reference: null, remittance: null };
      const wholeEntry = (hold?: string): StatementLine => ({
        ...base,
        // Without details, some banks give the remittance as the entry's additional information.
        remittance: text(entry, 'AddtlNtryInf'),
        ...(details.length === 1 ? remittanceAndPayer(details[0]) : {}),
        where,
        amountCents: total.cents,
        currency: total.currency,
        bankReference: entryRef ?? (details.length === 1 ? text(details[0], 'Refs', 'AcctSvcrRef') : null),
        ...(hold ? { hold } : {}),
      });
      if (reversal) {
        credits.push(
          wholeEntry(
            'the bank marks this credit as a reversal of an earlier booking, so it is not matched by itself.',
          ),
        );
        continue;
      }
      // A single transaction's amount is the entry's: its own may be the amount instructed, in another currency.
      if (details.length <= 1) {
        credits.push(wholeEntry());
        continue;
      }
      const amounts = details.map((tx) => amountIfGiven(tx) ?? amountIfGiven(child(tx, 'AmtDtls', 'TxAmt')));
      const sum = amounts.reduce(
        (cents, amount, index) =>
          amount === null
            ? Number.NaN
            : cents + (text(details[index], 'CdtDbtInd') === 'DBIT' ? -1 : 1) * amount.cents,
        0,
      );
      if (sum !== total.cents || amounts.some((amount) => amount?.currency !== total.currency)) {
        credits.push(
          wholeEntry(
            'the transactions of this batch do not add up to the entry in its currency, so the entry is one line.',
          ),
        );
        continue;
      }
      details.forEach((tx, index) => {
        if (text(tx, 'CdtDbtInd') === 'DBIT') {
          debits++;
          return;
        }
        const amount = amounts[index] as { cents: number; currency: string };
        const txRef = text(tx, 'Refs', 'AcctSvcrRef');
        credits.push({
          ...base,
          ...remittanceAndPayer(tx),
          where: `${where}, transaction ${index + 1}`,
          amountCents: amount.cents,
          currency: amount.currency,
          bankReference: entryRef || txRef ? `${entryRef ?? ''}/${txRef ?? index + 1}` : null,
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
    notices,
  };
}

/** A transaction's references and payer; with no remittance at all, the payer's own reference may be the invoice's. */
function remittanceAndPayer(tx: unknown): Pick<StatementLine, 'reference' | 'remittance' | 'counterparty'> {
  const endToEnd = text(tx, 'Refs', 'EndToEndId');
  const given = remittanceOf(tx);
  return {
    reference: given.reference,
    remittance: given.remittance ?? (!given.reference && endToEnd !== 'NOTPROVIDED' ? endToEnd : null),
    counterparty: debtorOf(tx),
  };
}
