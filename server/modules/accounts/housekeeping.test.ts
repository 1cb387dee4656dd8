import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyMigrations } from '../../db/migrate.ts';
import { rateLimits, sessions, users, userTokens } from '../../db/schema/index.ts';
import { openTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { sweepExpired } from './housekeeping.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  await t.database.exclusive((db) => applyMigrations(t.database, db));
});
afterAll(async () => {
  await t?.drop();
});

it('removes expired sessions, links and stale counters, and keeps live ones', async () => {
  const { db } = t.database;
  const [user] = await db
    .insert(users)
    .values({ username: 'sweep-me', email: 'sweep@example.test', passwordHash: 'x' })
    .returning();
  const userId = user?.id ?? 0;
  const past = new Date(Date.now() - 60_000);
  const future = new Date(Date.now() + 60_000);
  await db.insert(sessions).values([
    { idHash: 'old', userId, expiresAt: past },
    { idHash: 'live', userId, expiresAt: future },
  ]);
  await db.insert(userTokens).values([
    { userId, purpose: 'reset', tokenHash: 'old', expiresAt: past },
    { userId, purpose: 'activate', tokenHash: 'live', expiresAt: future },
  ]);
  await db.insert(rateLimits).values([
    { key: 'old', windowStart: new Date(Date.now() - 2 * 86_400_000), count: 3 },
    { key: 'live', windowStart: new Date(), count: 1 },
  ]);

  await sweepExpired(db);

  expect((await db.select().from(sessions)).map((row) => row.idHash)).toEqual(['live']);
  expect((await db.select().from(userTokens)).map((row) => row.tokenHash)).toEqual(['live']);
  expect((await db.select().from(rateLimits)).map((row) => row.key)).toEqual(['live']);
});
