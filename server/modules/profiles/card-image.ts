import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PublicCard } from '../../../common/profile-visibility.ts';
import type { Db } from '../../db/client.ts';
import { cardImages, users } from '../../db/schema/index.ts';
import { type Owner, runHeavy } from '../../jobs/heavy-work.ts';
import type { MediaStorage } from '../../storage/index.ts';
import { viewCard } from './service.ts';

/** What the picture is drawn from: the same version means the same picture. */
function versionOf(card: PublicCard, site: string): string {
  const { links: _links, bio: _bio, email: _email, phone: _phone, location: _location, ...drawn } = card;
  return createHash('sha256')
    .update(JSON.stringify([drawn, site, 1]))
    .digest('base64url')
    .slice(0, 22);
}

interface CardImage {
  etag: string;
  png(): Promise<Buffer>;
}

/** The last pictures served, by version, within a few MB; each is drawn at most once at a time. */
const KEPT_BYTES = 4 * 1024 * 1024;
const kept = new Map<string, Buffer>();
let keptBytes = 0;
const drawing = new Map<string, Promise<Buffer>>();

function keep(version: string, png: Buffer) {
  kept.delete(version);
  kept.set(version, png);
  keptBytes += png.length;
  for (const [old, oldPng] of kept) {
    if (keptBytes <= KEPT_BYTES) break;
    kept.delete(old);
    keptBytes -= oldPng.length;
  }
}

/** The picture kept in the database for this version of the card, if it was drawn already. */
async function storedPicture(db: Db, username: string, version: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ png: cardImages.png })
    .from(cardImages)
    .innerJoin(users, eq(users.id, cardImages.userId))
    .where(and(eq(users.username, username), eq(cardImages.version, version)));
  return row?.png;
}

/** Keeps the card's picture for this version, replacing the one of its previous version. */
async function storePicture(db: Db, username: string, version: string, png: Buffer): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) return;
  await db
    .insert(cardImages)
    .values({ userId: user.id, version, png })
    .onConflictDoUpdate({ target: cardImages.userId, set: { version, png, drawnAt: sql`now()` } });
}

/**
 * A public card's preview picture (1200×630 PNG); a private or unknown card is a 404 like its page, found
 * before anything is drawn. Only what the page shows others is drawn: it starts from the same public view.
 * A picture is drawn once per version of the card (kept in the database, the last few in memory), in the
 * pool, in the asking client's turn: a stranger asking for every card in turn costs reads, not drawing.
 */
export async function cardImage(
  deps: { db: Db; storage: MediaStorage; publicUrl: string },
  username: string,
  owner: Owner,
): Promise<CardImage> {
  const { profile } = await viewCard(deps.db, username);
  const site = new URL(deps.publicUrl).host;
  const version = versionOf(profile, site);
  return {
    etag: `"card-${version}"`,
    async png() {
      const memory = kept.get(version);
      if (memory) return memory;
      let pending = drawing.get(version);
      if (!pending) {
        pending = (async () => {
          const stored = await storedPicture(deps.db, profile.username, version);
          if (stored) return stored;
          const photo = profile.profile_image ? await deps.storage.read(profile.profile_image) : undefined;
          const png = await runHeavy(owner, 'cardImage', { profile, photo: photo ?? undefined, site });
          await storePicture(deps.db, profile.username, version, png);
          return png;
        })().finally(() => drawing.delete(version));
        drawing.set(version, pending);
      }
      const png = await pending;
      keep(version, png);
      return png;
    },
  };
}
