import type { Db } from '../db/client.ts';
import { type ExchangedContactRow, exchangedContacts } from '../db/schema/index.ts';

export type ContactSeed = Partial<Omit<ExchangedContactRow, 'id' | 'ownerId'>> & { name: string };

/**
 * Contacts as the exchange form would have saved them, written straight into the table. Without a
 * `createdAt`, each is a minute newer than the one before it, so the given order is oldest first.
 */
export async function insertContacts(
  db: Db,
  ownerId: number,
  contacts: ContactSeed[],
): Promise<ExchangedContactRow[]> {
  if (contacts.length === 0) return [];
  const start = Date.now() - contacts.length * 60_000;
  return db
    .insert(exchangedContacts)
    .values(
      contacts.map((contact, index) => ({
        source: 'link' as const,
        email: contact.phone ? '' : `${contact.name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.test`,
        createdAt: new Date(start + index * 60_000),
        ...contact,
        ownerId,
      })),
    )
    .returning();
}
