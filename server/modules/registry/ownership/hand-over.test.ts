import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cardTransfers, serials } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedInUser } from '../../../test/users.ts';
import { generateBatch } from '../serials/batches.ts';
import { changeHands } from './hand-over.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A fresh card, held by `owner` (or nobody), with whatever else its row should say. */
async function card(owner: number | null, row: Partial<typeof serials.$inferInsert> = {}) {
  const [made] = await generateBatch(t.database.db, 'IC-CLS-MB', 1);
  const [found] = await t.database.db
    .update(serials)
    .set({ claimedBy: owner, claimedAt: owner === null ? null : new Date(), ...row })
    .where(eq(serials.serial, made?.serial as string))
    .returning();
  if (!found) throw new Error('no card');
  return found;
}

const rowOf = async (id: number) => (await t.database.db.select().from(serials).where(eq(serials.id, id)))[0];

const offerOf = async (serialId: number) =>
  t.database.db.select().from(cardTransfers).where(eq(cardTransfers.serialId, serialId));

async function offer(serialId: number, fromUserId: number) {
  await t.database.db.insert(cardTransfers).values({
    serialId,
    fromUserId,
    toEmail: 'friend@example.test',
    tokenHash: `hash-${serialId}`,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}

const move = (hand: Parameters<typeof changeHands>[1]) =>
  t.database.db.transaction((tx) => changeHands(tx, hand));

it('moves a card only from whoever holds it now, and then its pending offer ends', async () => {
  const [ann, bob] = [await signedInUser(t), await signedInUser(t)];
  const held = await card(ann.id);
  await offer(held.id, ann.id);

  // Not Bob's to give, nor anyone's to claim: nothing changes, the offer stands.
  expect(await move({ serialId: held.id, from: bob.id, to: bob.id, lost: 'refuse' })).toBeUndefined();
  expect(await move({ serialId: held.id, from: 'nobody', to: bob.id, lost: 'refuse' })).toBeUndefined();
  expect(
    await move({ serialId: held.id, from: 'nobody-or-taker', to: bob.id, lost: 'refuse' }),
  ).toBeUndefined();
  expect((await rowOf(held.id))?.claimedBy).toBe(ann.id);
  expect(await offerOf(held.id)).toHaveLength(1);

  const moved = await move({ serialId: held.id, from: ann.id, to: bob.id, lost: 'refuse' });
  expect(moved).toEqual({ id: held.id, serial: held.serial, cardId: held.cardId });
  expect((await rowOf(held.id))?.claimedBy).toBe(bob.id);
  expect(await offerOf(held.id)).toEqual([]);
});

it('takes one’s own card again, and releases a card to nobody', async () => {
  const ann = await signedInUser(t);
  const held = await card(ann.id);
  expect(
    await move({ serialId: held.id, from: 'nobody-or-taker', to: ann.id, lost: 'refuse' }),
  ).toBeDefined();
  await offer(held.id, ann.id);

  expect(await move({ serialId: held.id, from: ann.id, to: null, lost: 'refuse' })).toBeDefined();
  const released = await rowOf(held.id);
  expect([released?.claimedBy, released?.claimedAt]).toEqual([null, null]);
  expect(await offerOf(held.id)).toEqual([]);
});

it('gives a lost card to no one unless its owner hands it on, which ends the report', async () => {
  const [ann, bob] = [await signedInUser(t), await signedInUser(t)];
  const lost = await card(ann.id, { lostAt: new Date() });
  expect(await move({ serialId: lost.id, from: ann.id, to: null, lost: 'refuse' })).toBeUndefined();
  expect((await rowOf(lost.id))?.claimedBy).toBe(ann.id);

  expect(await move({ serialId: lost.id, from: ann.id, to: bob.id, lost: 'clear' })).toBeDefined();
  const found = await rowOf(lost.id);
  expect([found?.claimedBy, found?.lostAt]).toEqual([bob.id, null]);
});

it('gives a blocked card to no one, though its owner may still let it go', async () => {
  const [ann, bob] = [await signedInUser(t), await signedInUser(t)];
  const blocked = await card(ann.id, { status: 'blocked' });
  expect(await move({ serialId: blocked.id, from: ann.id, to: bob.id, lost: 'clear' })).toBeUndefined();
  const unclaimed = await card(null, { status: 'blocked' });
  expect(await move({ serialId: unclaimed.id, from: 'nobody', to: bob.id, lost: 'refuse' })).toBeUndefined();

  expect(await move({ serialId: blocked.id, from: ann.id, to: null, lost: 'refuse' })).toBeDefined();
  expect((await rowOf(blocked.id))?.claimedBy).toBeNull();
});
