import { asc, eq } from 'drizzle-orm';
import type { OwnedLink } from '../../../common/profile-visibility.ts';
import type { Db } from '../../db/client.ts';
import { profileLinks } from '../../db/schema/index.ts';

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
