import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { cards, media, users } from '../db/schema/index.ts';
import { request } from '../test/request.ts';
import { appOnDatabase, openTestDatabase } from '../test/test-app.ts';
import { signedInUser } from '../test/users.ts';

const temp: string[] = [];
afterAll(async () => {
  for (const dir of temp) await rm(dir, { recursive: true, force: true });
});

it('an installation from before keeps its photos and covers: DATA_DIR/media moves into the database once', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'legacy-media-'));
  temp.push(dataDir);
  const config = parseConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://shop.test', LOG_LEVEL: 'silent' });
  // What an older version left: files under DATA_DIR/media, their paths in profiles and cards.
  const photo = Buffer.from('\xff\xd8\xff\xe0 a photo of before', 'latin1');
  const cover = '<svg xmlns="http://www.w3.org/2000/svg"/>';
  await mkdir(path.join(config.mediaDir, 'profiles'), { recursive: true });
  await mkdir(path.join(config.mediaDir, 'cards'), { recursive: true });
  await writeFile(path.join(config.mediaDir, 'profiles', '3-0123456789abcdef.jpg'), photo);
  await writeFile(path.join(config.mediaDir, 'cards', 'classic-intro-card-matte-black.svg'), cover);
  await writeFile(path.join(config.mediaDir, 'notes.txt'), 'not an image');
  await writeFile(path.join(config.mediaDir, 'cards', 'Upper.svg'), cover);

  const testDb = await openTestDatabase();
  try {
    const t = await appOnDatabase(config, testDb.database);
    try {
      const user = await signedInUser(t);
      await t.database.db
        .update(users)
        .set({ profileImage: '/media/profiles/3-0123456789abcdef.jpg' })
        .where(eq(users.id, user.id));
      await t.database.db
        .update(cards)
        .set({ coverImage: '/media/cards/classic-intro-card-matte-black.svg' })
        .where(eq(cards.slug, 'classic-intro-card-matte-black'));

      const servedPhoto = await request(t, { url: '/media/profiles/3-0123456789abcdef.jpg' });
      expect(servedPhoto.status).toBe(200);
      expect(servedPhoto.raw).toEqual(photo);
      expect(servedPhoto.headers['content-type']).toBe('image/jpeg');
      expect(servedPhoto.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
      const servedCover = await request(t, { url: '/media/cards/classic-intro-card-matte-black.svg' });
      expect(servedCover.text).toBe(cover);
      expect(servedCover.headers['content-type']).toBe('image/svg+xml');
      // The vCard still inlines the old photo.
      const vcard = await request(t, { url: `/api/auth/public-profile/${user.username}/vcard/` });
      expect(vcard.status).toBe(200);
      expect(vcard.text).toContain(photo.toString('base64').slice(0, 20));

      // The directory is set aside whole (what was not an image too), so a photo removed later stays removed.
      expect(existsSync(config.mediaDir)).toBe(false);
      const [aside] = (await readdir(dataDir)).filter((name) => name.startsWith('media.imported-'));
      expect(aside).toBeDefined();
      expect(existsSync(path.join(dataDir, String(aside), 'notes.txt'))).toBe(true);
      expect(
        await t.database.db.select({ key: media.key }).from(media).where(eq(media.key, 'cards/Upper.svg')),
      ).toEqual([]);
    } finally {
      await t.close();
    }

    // A second start finds nothing to move: idempotent.
    const again = await appOnDatabase(config, testDb.database);
    await again.close();
    expect((await readdir(dataDir)).filter((name) => name.startsWith('media.imported-'))).toHaveLength(1);
  } finally {
    await testDb.drop();
  }
}, 60_000);
