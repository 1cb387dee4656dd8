import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serials, serialVerifications } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { countVerification } from './verification-count.ts';

describe('countVerification', () => {
  let test: TestApp;
  let serialId: number;

  beforeAll(async () => {
    test = await createTestApp();
    const [row] = await test.database.db.select({ id: serials.id }).from(serials).limit(1);
    if (!row) throw new Error('the demo seed has serials');
    serialId = row.id;
  });
  afterAll(() => test.close());

  it('counts a network once, however often or concurrently it asks, and each other network once', async () => {
    const { db } = test.database;
    const first = await Promise.all(
      Array.from({ length: 20 }, () => countVerification(db, serialId, 'client-a', 'printed')),
    );
    expect(first.filter((count) => count !== undefined)).toEqual([1]);
    expect(await countVerification(db, serialId, 'client-a', 'chip')).toBeUndefined();
    expect(await countVerification(db, serialId, 'client-b', 'chip')).toBe(2);
    const logged = await db
      .select({ count: serialVerifications.count, method: serialVerifications.method })
      .from(serialVerifications)
      .where(eq(serialVerifications.serialId, serialId))
      .orderBy(serialVerifications.count);
    expect(logged).toEqual([
      { count: 1, method: 'printed' },
      { count: 2, method: 'chip' },
    ]);
  });

  it('counts nothing for a blocked serial', async () => {
    const { db } = test.database;
    await db.update(serials).set({ status: 'blocked' }).where(eq(serials.id, serialId));
    expect(await countVerification(db, serialId, 'client-c', 'printed')).toBeUndefined();
  });
});
