import { existsSync } from 'node:fs';
import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import { media } from '../db/schema/index.ts';
import { contentTypeOf, isSafeKey, sha256Of } from './media-keys.ts';

/**
 * Moves the images of an installation from before decision 029 (files under DATA_DIR/media) into the media
 * table under their old keys, so the paths stored in profiles and cards keep working; then renames the
 * directory `media.imported-<time>`, so a photo removed later is not imported again at the next start.
 * A key already in the table is left as it is. Run under the start-up lock. Returns the number of files
 * imported and of those left out (a name or a type the site never stored).
 */
export async function importLegacyMedia(db: Db, dir: string): Promise<{ imported: number; skipped: number }> {
  if (!existsSync(dir)) return { imported: 0, skipped: 0 };
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) =>
    entry.isFile(),
  );
  if (files.length === 0) return { imported: 0, skipped: 0 };
  let imported = 0;
  let skipped = 0;
  // One file in memory at a time: a large installation's media need not fit in the heap.
  for (const file of files) {
    const key = path.relative(dir, path.join(file.parentPath, file.name)).split(path.sep).join('/');
    const contentType = contentTypeOf(key);
    if (!isSafeKey(key) || !contentType) {
      skipped++;
      continue;
    }
    const data = await readFile(path.join(dir, key));
    const added = await db
      .insert(media)
      .values({ key, sha256: sha256Of(data), contentType, size: data.length, data })
      .onConflictDoNothing()
      .returning({ key: media.key });
    imported += added.length;
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await rename(dir, `${dir}.imported-${stamp}`);
  return { imported, skipped };
}
