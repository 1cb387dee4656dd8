import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { type CardOwner, insertCardOwner } from '../../test/card-owners.ts';
import { request } from '../../test/request.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const owner = (username: string, fields: Partial<CardOwner> = {}): CardOwner => ({
  username,
  email: `${username}@example.test`,
  password: 'Blue-Harbour-42',
  firstName: 'Ada',
  lastName: 'Lovelace',
  jobTitle: 'Analyst',
  company: 'Engines Ltd',
  publicFields: ['job_title', 'company'],
  ...fields,
});

const image = (username: string, headers: Record<string, string> = {}) =>
  request(t, { url: `/api/auth/public-profile/${username}/card.png`, headers });

async function pixels(png: Buffer): Promise<Buffer> {
  return sharp(png).raw().toBuffer();
}

describe('GET /api/auth/public-profile/{username}/card.png', () => {
  it('is a 1200×630 PNG of the card, revalidated by its ETag', async () => {
    await insertCardOwner(t.database.db, t.storage, owner('ada-image', { photo: true, accent: 'ember' }));
    const answer = await image('ada-image');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const meta = await sharp(answer.raw).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    const again = await image('ada-image', { 'if-none-match': String(answer.headers.etag) });
    expect(again.status).toBe(304);
  });

  it('differs from person to person', async () => {
    await insertCardOwner(
      t.database.db,
      t.storage,
      owner('grace-image', { firstName: 'Grace', lastName: 'Hopper' }),
    );
    await insertCardOwner(
      t.database.db,
      t.storage,
      owner('alan-image', { firstName: 'Alan', lastName: 'Turing' }),
    );
    const [grace, alan] = await Promise.all([image('grace-image'), image('alan-image')]);
    expect(grace.headers.etag).not.toBe(alan.headers.etag);
    expect((await pixels(grace.raw)).equals(await pixels(alan.raw))).toBe(false);
  });

  it('draws no field its owner switched off: the picture is the one of a card without it', async () => {
    const id = await insertCardOwner(t.database.db, t.storage, owner('hidden-title'));
    const shown = await image('hidden-title');
    await t.database.db
      .update(users)
      .set({ publicFields: ['company'] })
      .where(eq(users.id, id));
    const hidden = await image('hidden-title');
    expect((await pixels(hidden.raw)).equals(await pixels(shown.raw))).toBe(false);
    await t.database.db
      .update(users)
      .set({ jobTitle: '', publicFields: ['job_title', 'company'] })
      .where(eq(users.id, id));
    const none = await image('hidden-title');
    expect((await pixels(none.raw)).equals(await pixels(hidden.raw))).toBe(true);
  });

  it('is a 404 for a private card and an unknown name, like the page', async () => {
    await insertCardOwner(t.database.db, t.storage, owner('private-image', { isPrivate: true }));
    expect((await image('private-image')).status).toBe(404);
    expect((await image('no-such-person')).status).toBe(404);
    expect((await image('Not%20a%20name')).status).toBe(404);
  });
});
