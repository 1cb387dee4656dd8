import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseMigratedTo, rowsOf } from '../test/migrations-up-to.ts';
import { prepareDatabase } from './prepare.ts';

const opened = databaseMigratedTo(17);

describe('migration 0020 on addresses and orders typed before countries were chosen', () => {
  it('gives every country the matcher recognises its code and name, and marks the rest for their owners', async () => {
    const database = opened();
    const [user] = await rowsOf<{ id: number }>(
      database,
      sql`
      INSERT INTO users (username, email, password_hash, first_name)
      VALUES ('old-buyer', 'old@example.test', 'x', 'Olive') RETURNING id`,
    );
    const typed = [
      'Deutschland',
      'UK',
      'United Kingdom\u200b',
      'ＧＢ',
      ' usa ',
      'Holland',
      'España',
      'G B',
      'Mars',
      '',
    ];
    for (const [n, country] of typed.entries()) {
      await database.db.execute(sql`
        INSERT INTO addresses (user_id, address, city, country, postal_code)
        VALUES (${user?.id}, ${`${n} Old Road`}, 'Town', ${country}, '12345')`);
    }
    await database.db.execute(sql`
      INSERT INTO orders (number, user_id, total_cents, subtotal_cents, item_count, ship_address, ship_city,
        ship_state, ship_country, ship_postal_code, idempotency_key, request_hash)
      VALUES ('NX-AAAA-0001', ${user?.id}, 100, 100, 1, '1 Old Road', 'Town', '', 'Deutschland', '10115', 'k1', 'h'),
             ('NX-AAAA-0002', ${user?.id}, 100, 100, 1, '1 Old Road', 'Town', '', 'Mars', '1', 'k2', 'h')`);

    // As a server starts: the remaining migrations, then their data step.
    await prepareDatabase(database, { seedDemo: false });

    const rows = await rowsOf<{ address: string; country: string; country_code: string | null }>(
      database,
      sql`SELECT address, country, country_code FROM addresses ORDER BY id`,
    );
    expect(rows.map((row) => [row.country, row.country_code])).toEqual([
      ['Germany', 'DE'],
      ['United Kingdom', 'GB'],
      ['United Kingdom', 'GB'],
      ['United Kingdom', 'GB'],
      ['United States', 'US'],
      ['Netherlands', 'NL'],
      ['Spain', 'ES'],
      ['G B', null],
      ['Mars', null],
      ['', null],
    ]);
    const placed = await rowsOf<{ ship_country: string; ship_country_code: string | null }>(
      database,
      sql`SELECT ship_country, ship_country_code FROM orders ORDER BY number`,
    );
    // An order keeps the text it was placed with; the code is added beside it.
    expect(placed).toEqual([
      { ship_country: 'Deutschland', ship_country_code: 'DE' },
      { ship_country: 'Mars', ship_country_code: null },
    ]);

    // A second start changes nothing, and the database refuses a code that is not two capitals.
    await prepareDatabase(database, { seedDemo: false });
    expect(await rowsOf(database, sql`SELECT country, country_code FROM addresses ORDER BY id`)).toEqual(
      rows.map(({ country, country_code }) => ({ country, country_code })),
    );
    await expect(
      database.db.execute(sql`UPDATE addresses SET country_code = 'gb' WHERE country = 'Mars'`),
    ).rejects.toThrow();
  });
});
