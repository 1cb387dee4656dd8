import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { cards, media, users } from '../db/schema/index.ts';
import {
  contentKey,
  keyOfPath,
  MEDIA_PREFIX,
  MEDIA_TYPES,
  type MediaExtension,
  sha256Of,
} from './media-keys.ts';

/** One stored image as the /media route serves it. */
export interface StoredMedia {
  sha256: string;
  contentType: string;
  size: number;
  /** Absent when the caller asked for the headers only (HEAD, a matching ETag). */
  data?: Buffer;
}

/**
 * Where uploaded and drawn images live, served under /media by any host. This one keeps them in the
 * database (decision 029); an S3-compatible bucket could implement the same interface.
 */
export interface MediaStorage {
  /**
   * Stores `data` as `<stem>-<sha256>.<extension>` (stem "profiles/12") and returns its public path. The same
   * bytes get the same path, so storing them again changes nothing and a path can be cached for ever.
   */
  put(stem: string, extension: MediaExtension, data: Buffer | string): Promise<string>;
  /** Forgets what a public path names, unless a profile or a card still shows it; anything else is ignored. */
  remove(publicPath: string): Promise<void>;
  /** The bytes behind a public path this store gave out, or undefined. */
  read(publicPath: string): Promise<Buffer | undefined>;
  /** For the /media route: the object under `key`, its bytes only when `withData` (not for HEAD or a 304). */
  find(key: string, withData: boolean): Promise<StoredMedia | undefined>;
}

// An arbitrary constant: the advisory-lock class of media keys (two-key locks never meet one-key ones).
const MEDIA_LOCK_CLASS = 727_274_017;

/**
 * Serialises storing and removing one key. Without it a removal could judge a row unused on a snapshot taken
 * just before the update that shows it again committed, and delete it after that update stored it again
 * (which found the row still there and did nothing): a profile or card left on a removed image. With it the
 * removal's check starts after any store of the key has finished, and a store waits for a removal to end.
 */
async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MEDIA_LOCK_CLASS}, hashtext(${key}))`);
}

export function createMediaStore(db: Db): MediaStorage {
  return {
    async put(stem, extension, data) {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      const sha256 = sha256Of(bytes);
      const key = contentKey(stem, extension, sha256);
      await db.transaction(async (tx) => {
        await lockKey(tx, key);
        await tx
          .insert(media)
          .values({ key, sha256, contentType: MEDIA_TYPES[extension], size: bytes.length, data: bytes })
          .onConflictDoNothing();
      });
      return `${MEDIA_PREFIX}${key}`;
    },
    async remove(publicPath) {
      const key = keyOfPath(publicPath);
      if (!key) return;
      // Content-addressed keys can be shared (the same bytes stored again): a row still shown stays.
      await db.transaction(async (tx) => {
        await lockKey(tx, key);
        await tx
          .delete(media)
          .where(
            and(
              eq(media.key, key),
              notExists(tx.select({ one: sql`1` }).from(users).where(eq(users.profileImage, publicPath))),
              notExists(tx.select({ one: sql`1` }).from(cards).where(eq(cards.coverImage, publicPath))),
            ),
          );
      });
    },
    async read(publicPath) {
      const key = keyOfPath(publicPath);
      if (!key) return undefined;
      const [row] = await db.select({ data: media.data }).from(media).where(eq(media.key, key));
      return row?.data;
    },
    async find(key, withData) {
      const [row] = await db
        .select({
          sha256: media.sha256,
          contentType: media.contentType,
          size: media.size,
          ...(withData ? { data: media.data } : {}),
        })
        .from(media)
        .where(eq(media.key, key));
      return row;
    },
  };
}
