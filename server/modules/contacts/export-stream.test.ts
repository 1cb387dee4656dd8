import { monitorEventLoopDelay } from 'node:perf_hooks';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeVisit } from '../../../common/visit-source.ts';
import type { ExchangedContactRow } from '../../db/schema/index.ts';
import { insertContacts } from '../../test/exchanged-contacts.ts';
import { listening } from '../../test/listening.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInUser } from '../../test/users.ts';
import { exchangedContactVCard } from './contact-vcard.ts';
import { neutraliseFormula } from './export.ts';
import { contactPages } from './service.ts';

/**
 * The exports are sent a page at a time (issue 32): the same bytes as the whole file made at once, every
 * contact exactly once even when many share a time to the microsecond, and other visitors answered while
 * 10,000 contacts go out.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listening(t);
});
afterAll(async () => {
  await t?.close();
});

/** The files as the export made them before it was sent in pages: every row read at once. */
function oneGo(rows: ExchangedContactRow[]) {
  const cells = rows.map((contact) =>
    [
      contact.name,
      contact.email,
      contact.phone,
      contact.company,
      contact.jobTitle,
      contact.note,
      describeVisit({ source: contact.source, card: contact.cardSerial }),
      contact.createdAt.toISOString().replace('T', ' ').slice(0, 16),
    ].map(neutraliseFormula),
  );
  const header = ['Name', 'E-mail', 'Phone', 'Company', 'Job title', 'Note', 'Came from', 'Shared at (UTC)'];
  return {
    csv: stringify([header, ...cells], { bom: true, quoted: true, record_delimiter: 'windows' }),
    vcf: rows.map(exchangedContactVCard).join(''),
  };
}

async function allRows(ownerId: number): Promise<ExchangedContactRow[]> {
  const rows: ExchangedContactRow[] = [];
  for await (const page of contactPages(t.database.db, ownerId, 1_000_000)) rows.push(...page);
  return rows;
}

it('pages skip and repeat no contact, however many share a time to the microsecond', async () => {
  const owner = await signedInUser(t);
  const seeded = await insertContacts(
    t.database.db,
    owner.id,
    Array.from({ length: 23 }, (_, n) => ({ name: `Tie ${n}` })),
  );
  // Five share one instant, and the rest differ only in microseconds, which a Date cannot carry.
  await t.database.db.execute(
    sql`UPDATE exchanged_contacts SET created_at = '2026-11-20 10:00:00.123456+00'::timestamptz
          + make_interval(secs => CASE WHEN id % 4 = 0 THEN 0 ELSE (id % 7) / 1000000.0 END)
        WHERE owner_id = ${owner.id}`,
  );
  const everyOne = (await allRows(owner.id)).map((row) => row.id);
  expect(everyOne).toHaveLength(seeded.length);
  for (const size of [1, 2, 3, 5, 22, 23, 24]) {
    const paged: number[] = [];
    for await (const page of contactPages(t.database.db, owner.id, size))
      paged.push(...page.map((r) => r.id));
    expect(paged, `pages of ${size}`).toEqual(everyOne);
  }
});

it('10,000 contacts go out in pages, byte for byte the file made at once, while others are answered', async () => {
  const owner = await signedInUser(t);
  const seeds = Array.from({ length: 10_000 }, (_, n) => ({
    name: n % 3 ? `Contact ${n} Långnamn` : `=Formula ${n}`,
    company: `Company ${n}`,
    note: 'Met at the fair, line one\nline two, “quoted”',
  }));
  for (let at = 0; at < seeds.length; at += 1000) {
    await insertContacts(t.database.db, owner.id, seeds.slice(at, at + 1000));
  }
  const expected = oneGo(await allRows(owner.id));
  for (const [file, body] of [
    ['export.vcf', expected.vcf],
    ['export.csv', expected.csv],
  ] as const) {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const exporting = fetch(`${base}/api/auth/contacts/${file}`, { headers: { cookie: owner.cookie } }).then(
      async (answer) => ({ status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) }),
    );
    let answeredMeanwhile = 0;
    let exported = false;
    void exporting.then(() => {
      exported = true;
    });
    while (!exported) {
      if ((await fetch(`${base}/healthz`)).ok && !exported) answeredMeanwhile++;
    }
    delay.disable();
    const { status, bytes } = await exporting;
    expect(status).toBe(200);
    expect(bytes.equals(Buffer.from(body))).toBe(true);
    // Before, the file was made in one synchronous run of seconds: nobody else got an answer meanwhile.
    expect(answeredMeanwhile, file).toBeGreaterThan(2);
    expect(delay.max / 1e6, file).toBeLessThan(1000);
  }
}, 120_000);
