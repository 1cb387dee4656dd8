import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { TOO_MANY_LINKS } from '../../../common/messages/profiles.ts';
import { MAX_LINKS } from '../../../common/profile-links.ts';
import type { CardLink } from '../../../common/profile-visibility.ts';
import {
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from '../../../common/social-networks.ts';
import type { Db } from '../../db/client.ts';
import { profileLinks } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { LINKS_LOCK } from './links.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A network's URL to set, or '' to remove its link. */
type SocialChanges = Partial<Record<SocialNetwork, string>>;

/**
 * The spec's six social fields, read from the links (the one store): each network's first link, '' when it
 * has none. Given the links a viewer may see, so a disabled link is no one else's to read.
 */
export function socialFieldsOf(links: readonly CardLink[]): Record<SocialNetwork, string> {
  return Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, links.find((link) => link.icon === network)?.url ?? '']),
  ) as Record<SocialNetwork, string>;
}

/** The social fields of a profile form, set or cleared, taken out of the account's own fields. */
export function socialChangesOf(input: Partial<Record<string, unknown>>, cleared: string[]): SocialChanges {
  const changes: SocialChanges = {};
  for (const network of SOCIAL_NETWORKS) {
    const value = input[network];
    if (typeof value === 'string') changes[network] = value;
    if (cleared.includes(network)) changes[network] = '';
  }
  return changes;
}

/**
 * Writes the spec's social fields as links: a URL replaces the network's first link's address and shows it
 * (a field set is a field shown, as the spec's client expects), or adds an
 * enabled link at the end, named for the network); '' removes every link wearing that network's icon, so
 * reading the field back gives ''. Inside the profile's transaction, under the lock a links save holds.
 */
export async function writeSocialLinks(tx: Tx, userId: number, changes: SocialChanges): Promise<void> {
  const networks = Object.keys(changes) as SocialNetwork[];
  if (networks.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${LINKS_LOCK}, ${userId})`);
  const removed = networks.filter((network) => changes[network] === '');
  if (removed.length > 0) {
    await tx
      .delete(profileLinks)
      .where(and(eq(profileLinks.userId, userId), inArray(profileLinks.icon, removed)));
  }
  for (const network of networks) {
    const url = changes[network];
    if (!url) continue;
    const [first] = await tx
      .select({ id: profileLinks.id })
      .from(profileLinks)
      .where(and(eq(profileLinks.userId, userId), eq(profileLinks.icon, network)))
      .orderBy(profileLinks.position, profileLinks.id)
      .limit(1);
    if (first) {
      await tx.update(profileLinks).set({ url, enabled: true }).where(eq(profileLinks.id, first.id));
      continue;
    }
    const [held] = await tx
      .select({ links: count(), last: sql<number>`coalesce(max(${profileLinks.position}), -1)` })
      .from(profileLinks)
      .where(eq(profileLinks.userId, userId));
    if ((held?.links ?? 0) >= MAX_LINKS) {
      throw new AppError('bad_request', TOO_MANY_LINKS, { [network]: [TOO_MANY_LINKS] });
    }
    await tx.insert(profileLinks).values({
      userId,
      position: Number(held?.last ?? -1) + 1,
      title: SOCIAL_NETWORK_LABELS[network],
      url,
      icon: network,
      enabled: true,
    });
  }
}
