import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { OwnedLink } from '../../../common/profile-visibility.ts';
import type { Db } from '../../db/client.ts';
import { profileLinks } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { publishCardPages } from '../../http/card-page-changes.ts';
import type { LinksUpdate } from './schemas.ts';

const LINK_NOT_FOUND = 'Link not found';
/** The first key of the per-user advisory lock a list replacement holds (addresses use 1). */
export const LINKS_LOCK = 2;
const LINK_TWICE = 'Each link appears once in the list.';

/** A person's links in their order, enabled or not (the public card leaves out the disabled ones). */
export async function linksOf(db: Db, userId: number): Promise<OwnedLink[]> {
  return db
    .select({
      id: profileLinks.id,
      title: profileLinks.title,
      url: profileLinks.url,
      icon: profileLinks.icon,
      enabled: profileLinks.enabled,
    })
    .from(profileLinks)
    .where(eq(profileLinks.userId, userId))
    .orderBy(asc(profileLinks.position), asc(profileLinks.id));
}

interface LinksDeps {
  db: Db;
  publish(topic: string): Promise<void>;
}

/**
 * Replaces the owner's links with `input.links`, in that order: a link with an id keeps its row, a new one
 * is added, one left out is deleted. An id that is not one of the owner's own links changes nothing at all
 * (404, the same answer as for an id that does not exist, so ids of others cannot be probed).
 */
export async function replaceLinks(
  deps: LinksDeps,
  owner: { id: number; username: string },
  input: LinksUpdate,
): Promise<OwnedLink[]> {
  const userId = owner.id;
  const keptIds = input.links.flatMap((link) => (link.id === undefined ? [] : [link.id]));
  if (new Set(keptIds).size !== keptIds.length) {
    throw new AppError('bad_request', LINK_TWICE, { links: [LINK_TWICE] });
  }
  await deps.db.transaction(async (tx) => {
    // Two saves at once (two tabs) run one after the other: the list is never a mix of both.
    await tx.execute(sql`select pg_advisory_xact_lock(${LINKS_LOCK}, ${userId})`);
    if (keptIds.length > 0) {
      const own = await tx
        .select({ id: profileLinks.id })
        .from(profileLinks)
        .where(and(eq(profileLinks.userId, userId), inArray(profileLinks.id, keptIds)));
      if (own.length !== keptIds.length) throw new AppError('not_found', LINK_NOT_FOUND);
    }
    await tx
      .delete(profileLinks)
      .where(
        keptIds.length > 0
          ? and(eq(profileLinks.userId, userId), notInArray(profileLinks.id, keptIds))
          : eq(profileLinks.userId, userId),
      );
    for (const [position, link] of input.links.entries()) {
      const values = { position, title: link.title, url: link.url, icon: link.icon, enabled: link.enabled };
      if (link.id === undefined) await tx.insert(profileLinks).values({ ...values, userId });
      else
        await tx
          .update(profileLinks)
          .set(values)
          .where(and(eq(profileLinks.id, link.id), eq(profileLinks.userId, userId)));
    }
  });
  await publishCardPages(deps, owner.username);
  return linksOf(deps.db, userId);
}
