/** The uncached bench's database: migrated, the demo catalogue, and many filled-in card owners. */
import path from 'node:path';
import type { SwitchableField } from '../common/profile-visibility.ts';
import { openDatabase } from '../server/db/client.ts';
import { acquireDataDirLock } from '../server/db/lock.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { profileLinks, users } from '../server/db/schema/index.ts';
import { hashPassword } from '../server/modules/accounts/passwords.ts';

const PUBLIC_FIELDS: SwitchableField[] = ['email', 'phone', 'company', 'job_title', 'location', 'bio'];
const LINKS_PER_OWNER = 4;
const BATCH = 500;

export const ownerName = (i: number) => `bench-owner-${i}`;

/**
 * Writes `owners` public cards (every field shown, four links each) after the start-up work the server
 * would do. One password hash for all: hashing is not what is measured.
 */
export async function seedOwners(dataDir: string, databaseUrl: string | undefined, owners: number) {
  const release = databaseUrl ? () => {} : acquireDataDirLock(dataDir, 'bench-uncached');
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await prepareDatabase(database);
    const passwordHash = await hashPassword('Bench-Owner-Pass-42');
    for (let from = 0; from < owners; from += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, owners - from) }, (_, k) => from + k);
      const rows = await database.db
        .insert(users)
        .values(
          batch.map((i) => ({
            username: ownerName(i),
            email: `${ownerName(i)}@example.test`,
            passwordHash,
            firstName: 'Alex',
            lastName: `Owner ${i}`,
            jobTitle: 'Head of Partnerships',
            company: 'Northwind Studio',
            phone: '+46 70 123 45 67',
            bio: 'I help design teams find the right partners. Happy to talk product, print and coffee.',
            location: 'Stockholm',
            accent: 'teal' as const,
            publicFields: PUBLIC_FIELDS,
            emailVerifiedAt: new Date(),
          })),
        )
        .returning({ id: users.id });
      await database.db.insert(profileLinks).values(
        rows.flatMap(({ id }) =>
          Array.from({ length: LINKS_PER_OWNER }, (_, position) => ({
            userId: id,
            position,
            title: `Link ${position + 1}`,
            url: `https://example.com/${id}/${position}`,
          })),
        ),
      );
    }
  } finally {
    await database.close();
    release();
  }
}
