import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STATEMENT_LIMITS, StatementError } from './lines.ts';
import { readStatement } from './read.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const xml = (text: string) => Buffer.from(text);
const refused = (bytes: Buffer, name = 'statement.xml') => {
  try {
    readStatement(bytes, name);
  } catch (error) {
    if (error instanceof StatementError) return error.message;
    throw error;
  }
  throw new Error('the file was read');
};

/** A minimal camt.053.001.08 document around these entries. */
const camt = (entries: string, version = '08') =>
  xml(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">
<BkToCstmrStmt><GrpHdr><MsgId>M</MsgId><CreDtTm>2026-11-27T00:00:00</CreDtTm></GrpHdr>
<Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
${entries}
</Stmt></BkToCstmrStmt></Document>`);
const entry = (amount: string, booked = '<Dt>2026-11-27</Dt>', ref = 'R1') =>
  `<Ntry>\n${amount}\n<CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt>${booked}</BookgDt><AcctSvcrRef>${ref}</AcctSvcrRef>\n</Ntry>`;
const amount = (value: string) => `<Amt Ccy="USD">${value}</Amt>`;

describe('camt.053', () => {
  it('reads every booked credit of version 08, each transaction of a batch on its own, and counts what it leaves out', () => {
    const statement = readStatement(fixture('day-1.camt053.xml'), 'day-1.xml');
    expect(statement).toMatchObject({
      format: 'camt053',
      reference: 'EXB-STMT-20261127',
      account: 'DE89370400440532013000',
      debits: 1,
      notBooked: 1,
    });
    expect(statement.credits).toEqual([
      {
        where: 'Entry 1 (line 27)',
        account: 'DE89370400440532013000',
        bookedOn: '2026-11-27',
        amountCents: 5000,
        currency: 'USD',
        counterparty: 'Ada Lovelace & Co',
        reference: 'RF24NX7K3M9Q2P',
        remittance: null,
        bankReference: 'EXB-20261127-A001',
      },
      expect.objectContaining({
        amountCents: 2000,
        counterparty: 'Grace Hopper',
        reference: null,
        remittance: 'First part for order nx 4h8t 2w6r, thank you',
      }),
      expect.objectContaining({
        amountCents: 7500,
        bookedOn: '2026-11-27',
        remittance: 'Thanks for the consultation',
      }),
      expect.objectContaining({
        where: 'Entry 5 (line 94), transaction 1',
        amountCents: 5000,
        reference: 'RF66 NX5C 1D8E 3F',
        bankReference: 'EXB-20261127-A005/A005-1',
      }),
      expect.objectContaining({
        amountCents: 3000,
        reference: 'RF11NXZZZZZZZZ',
        bankReference: 'EXB-20261127-A005/A005-2',
      }),
    ]);
  });

  it('reads version 02 (status a code, the debtor named under Dbtr, amounts in AmtDtls)', () => {
    const statement = readStatement(fixture('day-2.camt053.xml'), 'day-2.xml');
    expect(
      statement.credits.map((line) => [line.amountCents, line.counterparty, line.bankReference]),
    ).toEqual([
      [5000, 'Ada Lovelace & Co', 'EXB-20261127-A001'],
      [3000, 'Grace Hopper', 'EXB-20261128-B001'],
    ]);
  });

  it('refuses a malformed file with the entry and its line', () => {
    expect(refused(xml('this is not a statement'))).toBe(
      'Line 1: the header must name the columns date, amount, currency, reference, name, bank_reference.',
    );
    expect(refused(xml('<Document>\n<BkToCstmrStmt>\n</Document>'))).toMatch(
      /^Line 3: the file is not well-formed XML/,
    );
    expect(refused(xml('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"/>'))).toBe(
      'This is a camt.054.001.08 file; upload the account statement (camt.053, versions 001.02 to 001.08).',
    );
    expect(refused(xml('<Report xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"/>'))).toBe(
      'This is not an ISO 20022 camt.053 statement (its Document has no camt namespace).',
    );
    expect(refused(xml('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"/>'))).toBe(
      'This is not a camt.053 statement: Document/BkToCstmrStmt/Stmt is missing.',
    );
    expect(refused(camt(`${entry(amount('1.00'))}\n${entry('', undefined, 'R2')}`))).toBe(
      'Entry 2 (line 9): the amount is missing.',
    );
    expect(refused(camt(entry(amount('12,50'))))).toBe(
      'Entry 1 (line 5): the amount "12,50" is not a positive amount of money.',
    );
    expect(refused(camt(entry(amount('1e3'))))).toMatch(/^Entry 1 \(line 5\): the amount "1e3"/);
    expect(refused(camt(entry(amount('10.00'), '<Dt>2026-02-30</Dt>')))).toBe(
      'Entry 1 (line 5): the booking date "2026-02-30" is missing or not a date.',
    );
    expect(refused(camt(entry('<Amt>10.00</Amt>')))).toBe('Entry 1 (line 5): the amount has no currency.');
  });

  it('refuses a document type declaration: no external entity is read, no entity is expanded', () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE Document [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>&secret;</Id></Stmt></BkToCstmrStmt></Document>`;
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>&lol3;</Id></Stmt></BkToCstmrStmt></Document>`;
    const message = 'The file declares a document type or entities, which a bank statement never does.';
    expect(refused(xml(xxe))).toBe(message);
    expect(refused(xml(laughs))).toBe(message);
    // An entity used without a declaration is no more than text the parser leaves alone.
    const undeclared = readStatement(
      camt(
        `<Ntry>${amount('1.00')}<CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-27</Dt></BookgDt><NtryDtls><TxDtls><RmtInf><Ustrd>&secret; &amp; more</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
      ),
      's.xml',
    );
    expect(undeclared.credits[0]?.remittance).toBe('&secret; & more');
    const summary = readStatement(
      camt(
        `<Ntry>${amount('5.00')}<CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-27</Dt></BookgDt><AddtlNtryInf>NX-7K3M-9Q2P</AddtlNtryInf></Ntry>`,
      ),
      's.xml',
    );
    expect(summary.credits[0]?.remittance).toBe('NX-7K3M-9Q2P');
  });

  it('refuses more entries than it reads in one file, before reading them', () => {
    const many = Array.from({ length: STATEMENT_LIMITS.maxLines + 1 }, (_, i) =>
      entry(amount('1.00'), undefined, `R${i}`),
    );
    expect(refused(camt(many.join('')))).toBe(
      `The file has more than ${STATEMENT_LIMITS.maxLines} entries; import it in parts.`,
    );
    expect(refused(Buffer.alloc(STATEMENT_LIMITS.maxBytes + 1, 32))).toBe('The file is larger than 2 MB.');
  });
});

describe('the CSV statement', () => {
  it('reads credits with a decimal point or comma, skips money out, and takes the header in any order', () => {
    const statement = readStatement(fixture('statement.csv'), 'november.csv');
    expect(statement).toMatchObject({ format: 'csv', reference: 'november.csv', debits: 1 });
    expect(
      statement.credits.map((line) => [line.where, line.amountCents, line.remittance, line.bankReference]),
    ).toEqual([
      ['Line 2', 5000, 'RF97NX6A2B7C9D', 'CSV-0001'],
      ['Line 3', 1250, 'Invoice for the workshop', null],
    ]);
    const semicolons = readStatement(
      xml(
        '\uFEFFname;amount;date;currency;bank_reference;reference\nAda;7,10;2026-11-28;usd;;NX-7K3M-9Q2P\n',
      ),
      'x.csv',
    );
    expect(semicolons.credits[0]).toMatchObject({ amountCents: 710, currency: 'USD', counterparty: 'Ada' });
  });

  it('refuses a wrong row with its line, and nothing of the file', () => {
    const header = 'date,amount,currency,reference,name,bank_reference\n';
    expect(refused(xml(`${header}2026-11-28,1.00,USD,a,b,c\n2026-11-28,1.00,USD,a,b\n`), 'x.csv')).toBe(
      'Line 3: a row must have 6 fields, like the header.',
    );
    expect(refused(xml(`${header}28/11/2026,1.00,USD,a,b,c\n`), 'x.csv')).toBe(
      'Line 2: the date "28/11/2026" is not a date (YYYY-MM-DD).',
    );
    expect(refused(xml(`${header}2026-11-28,ten,USD,a,b,c\n`), 'x.csv')).toBe(
      'Line 2: the amount "ten" is not an amount of money.',
    );
    expect(refused(xml(`${header}2026-11-28,1.00,$,a,b,c\n`), 'x.csv')).toBe(
      'Line 2: the currency "$" is not a three-letter code.',
    );
    expect(refused(xml('date,amount\n2026-11-28,1.00\n'), 'x.csv')).toMatch(/^Line 1: the header must name/);
    expect(refused(Buffer.from([0x64, 0xff, 0xfe]), 'x.csv')).toBe('The file is not valid UTF-8 text.');
  });
});

describe('review findings: what a statement file may not do', () => {
  const header = 'date,amount,currency,reference,name,bank_reference\n';
  const csv = (rows: string) => xml(`${header}${rows}`);
  const booked = (inner: string, extra = '', status = '<Sts><Cd>BOOK</Cd></Sts>', direction = 'CRDT') =>
    `<Ntry>${amount('10.00')}<CdtDbtInd>${direction}</CdtDbtInd>${status}<BookgDt><Dt>2026-11-27</Dt></BookgDt><AcctSvcrRef>R1</AcctSvcrRef>${extra}${inner}</Ntry>`;

  it('reads a CSV amount with one or two decimals and refuses three as ambiguous, with its line', () => {
    expect(
      readStatement(csv('2026-11-27,"1,20",USD,a,b,c\n2026-11-27,12.5,USD,a,b,d\n'), 'x.csv').credits.map(
        (line) => line.amountCents,
      ),
    ).toEqual([120, 1250]);
    for (const written of ['"1,200"', '1.200', '-1.200'])
      expect(refused(csv(`2026-11-27,1.00,USD,a,b,c\n2026-11-27,${written},USD,a,b,d\n`), 'x.csv')).toMatch(
        /^Line 3: the amount "-?1[.,]200" could be a thousand-separated whole amount or three decimals/,
      );
    expect(refused(csv('2026-11-27,12.3400,USD,a,b,c\n'), 'x.csv')).toBe(
      'Line 2: the amount "12.3400" is not an amount of money.',
    );
    // XML decimals are numbers: trailing zeros are still zeros there.
    expect(readStatement(camt(booked('')), 's.xml').credits[0]?.amountCents).toBe(1000);
    expect(readStatement(camt(booked('').replace('10.00', '10.000')), 's.xml').credits[0]?.amountCents).toBe(
      1000,
    );
  });

  it('refuses control characters in the text, as character references, and in the file name (400, not 500)', () => {
    const control = /^Line 3: the file holds a control character/;
    expect(refused(csv('2026-11-27,1.00,USD,a,b,c\n2026-11-27,1.00,USD,a\u0000b,n,d\n'), 'x.csv')).toMatch(
      control,
    );
    expect(refused(camt(booked('<AddtlNtryInf>a\u0001b</AddtlNtryInf>')))).toMatch(
      /^Line 5: the file holds a control character/,
    );
    expect(refused(camt(booked('<AddtlNtryInf>a&#0;b</AddtlNtryInf>')))).toMatch(/^Line 5: /);
    expect(refused(camt(booked('<AddtlNtryInf>a&#x1F;b</AddtlNtryInf>')))).toMatch(/^Line 5: /);
    expect(refused(csv('2026-11-27,1.00,USD,a,b,c\n'), 'x\u0000.csv')).toBe(
      'The file’s name holds a control character; rename the file and upload it again.',
    );
  });

  it('refuses deep nesting and names the parser throws on with words, before or instead of a 500', () => {
    expect(refused(camt(`${'<X>'.repeat(60)}${'</X>'.repeat(60)}`))).toBe(
      'The file nests elements more than 40 deep, which a bank statement never does.',
    );
    expect(refused(camt(`<__proto__><x>1</x></__proto__><constructor>1</constructor>${booked('')}`))).toBe(
      'The file cannot be read as a camt.053 statement (an element has a name or content the reader refuses).',
    );
  });

  it('counts tags and transactions before parsing, and refuses beyond the limits', () => {
    expect(refused(camt('<a/>'.repeat(STATEMENT_LIMITS.maxMarkup)))).toMatch(
      /^The file has more than 400000 tags/,
    );
    expect(
      refused(
        camt(booked(`<NtryDtls>${'<TxDtls></TxDtls>'.repeat(STATEMENT_LIMITS.maxLines + 1)}</NtryDtls>`)),
      ),
    ).toBe(`The file has more than ${STATEMENT_LIMITS.maxLines} transactions; import it in parts.`);
    expect(refused(camt(`<a ${Array.from({ length: 300 }, (_, i) => `b${i}="1"`).join(' ')}/>`))).toMatch(
      /^Line 5: a tag is over 1000 characters long/,
    );
  });

  it('counts only entries the bank booked (Sts/Cd or Sts BOOK); a proprietary status is not booked, a missing one refused', () => {
    const read = readStatement(
      camt(
        [
          booked(''),
          booked('', '', '<Sts><Prtry>BOOK</Prtry></Sts>'),
          booked('', '', '<Sts><Cd>PDNG</Cd></Sts>'),
          booked('', '', '<Sts>BOOK</Sts>'),
        ].join('\n'),
      ),
      's.xml',
    );
    expect([read.credits.length, read.notBooked]).toEqual([2, 2]);
    expect(refused(camt(booked('', '', '')))).toBe('Entry 1 (line 5): the entry has no status (Sts).');
  });

  it('never matches a reversal by itself: a credit reversal is held, a debit reversal of a credit is a notice', () => {
    const read = readStatement(
      camt(
        [
          booked('', '<RvslInd>true</RvslInd>'),
          booked('', '<RvslInd>true</RvslInd>', undefined, 'DBIT'),
          booked('', '', undefined, 'DBIT'),
        ].join('\n'),
      ),
      's.xml',
    );
    expect(read.credits).toHaveLength(1);
    expect(read.credits[0]?.hold).toMatch(/reversal/);
    expect(read.debits).toBe(1);
    expect(read.notices).toEqual([
      'Entry 2 (line 6): the bank took back a credit of 10.00 USD on 2026-11-27 (bank reference R1); the order it paid may no longer be paid, so check it.',
    ]);
  });

  it('takes a single transaction’s amount from the entry, a batch’s only when it adds up in the entry’s currency', () => {
    const single = readStatement(
      camt(
        booked(
          '<NtryDtls><TxDtls><AmtDtls><InstdAmt><Amt Ccy="EUR">9.00</Amt></InstdAmt></AmtDtls></TxDtls></NtryDtls>',
        ),
      ),
      's.xml',
    );
    expect(single.credits.map((line) => [line.amountCents, line.currency, line.hold])).toEqual([
      [1000, 'USD', undefined],
    ]);
    const tx = (value: string, ccy = 'USD') => `<TxDtls><Amt Ccy="${ccy}">${value}</Amt></TxDtls>`;
    const batch = (txs: string) =>
      readStatement(camt(booked(`<NtryDtls>${txs}</NtryDtls>`)), 's.xml').credits;
    expect(batch(tx('6.00') + tx('4.00')).map((line) => [line.amountCents, line.hold])).toEqual([
      [600, undefined],
      [400, undefined],
    ]);
    for (const wrong of [
      tx('6.00') + tx('3.00'),
      tx('6.00') + tx('4.00', 'EUR'),
      `${tx('6.00')}<TxDtls><AmtDtls><CntrValAmt><Amt Ccy="USD">4.00</Amt></CntrValAmt></AmtDtls></TxDtls>`,
    ])
      expect(batch(wrong).map((line) => [line.amountCents, line.hold])).toEqual([
        [
          1000,
          'the transactions of this batch do not add up to the entry in its currency, so the entry is one line.',
        ],
      ]);
  });

  it('places entries by their real tags (not those in comments or CDATA) and a CSV record by its first line', () => {
    expect(
      refused(
        camt(`<!-- <Ntry> -->\n<![CDATA[<Ntry>]]>\n${booked('')}\n${booked('').replace('10.00', 'x')}`),
      ),
    ).toMatch(/^Entry 2 \(line 8\): the amount "x"/);
    expect(
      refused(csv('2026-11-27,1.00,USD,a,b,c\r\n2026-11-27,x,USD,"two\r\nlines",b,d\r\n'), 'x.csv'),
    ).toBe('Line 3: the amount "x" is not an amount of money.');
  });

  it('takes the root element’s namespace, and refuses a CSV header naming a column twice', () => {
    const entries = booked('');
    expect(
      refused(
        xml(
          `<!-- urn:iso:std:iso:20022:tech:xsd:camt.053.001.02 --><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08" xmlns:x="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>${entries}</Stmt></BkToCstmrStmt></Document>`,
        ),
      ),
    ).toBe(
      'This is a camt.054.001.08 file; upload the account statement (camt.053, versions 001.02 to 001.08).',
    );
    expect(
      readStatement(
        xml(
          `<c:Document xmlns:c="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><c:BkToCstmrStmt><c:Stmt>${entries.replace(/<(\/?)/g, '<$1c:')}</c:Stmt></c:BkToCstmrStmt></c:Document>`,
        ),
        's.xml',
      ).credits,
    ).toHaveLength(1);
    expect(
      refused(
        xml(
          'date,amount,currency,reference,name,bank_reference,date\n2026-11-27,1.00,USD,a,b,c,2026-11-27\n',
        ),
        'x.csv',
      ),
    ).toMatch(/^Line 1: the header (must name|names the column "date" twice)/);
    expect(refused(xml('date,date,amount,currency,reference,name,bank_reference\n'), 'x.csv')).toBe(
      'Line 1: the header names the column "date" twice.',
    );
  });
});
