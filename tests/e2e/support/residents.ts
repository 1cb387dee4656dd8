import path from 'node:path';
import { openDatabase } from '../../../server/db/client.ts';
import { acquireDataDirLock } from '../../../server/db/lock.ts';
import { prepareDatabase } from '../../../server/db/prepare.ts';
import { createAdmin } from '../../../server/modules/accounts/service.ts';
import { createMediaStore } from '../../../server/storage/index.ts';
import { type CardOwner, DEMO_CARD_OWNERS, insertCardOwner } from '../../../server/test/card-owners.ts';
import type { ContactSeed } from '../../../server/test/exchanged-contacts.ts';

/**
 * The people a worker's shared server has from its start (shared-site.ts): the admins and filled-in card
 * owners of the specs that share it, written into its data directory before it starts, since PGlite has one
 * process at a time. Each spec has people of its own here, so no spec sees another's changes to them.
 */

const [maya, bart] = DEMO_CARD_OWNERS as [CardOwner, CardOwner];

/** card-page.spec: two demo cards, a quiet one and a private one. */
const quiet: CardOwner = {
  username: 'quiet-owner',
  email: 'quiet@example.test',
  password: 'Blue-Harbour-42',
  firstName: 'Quinn',
  lastName: 'Quiet',
  jobTitle: 'Archivist',
  phone: '+1 202 555 0100',
  location: 'https://www.openstreetmap.org/?mlat=1&mlon=1',
  publicFields: ['job_title'],
  accent: 'forest',
};
const hidden: CardOwner = {
  username: 'hidden-owner',
  email: 'hidden@example.test',
  password: 'Blue-Harbour-42',
  firstName: 'Hana',
  lastName: 'Hidden',
  publicFields: ['job_title'],
  isPrivate: true,
};
export const CARD_PAGE_OWNERS = { maya, bart, quiet, hidden };

/** attack-intro-card.spec: an open card, a private one, one for links and one that is renamed. */
const attackerPassword = 'Blue-Harbour-42';
const open: CardOwner = {
  username: 'olive-open',
  email: 'olive@example.test',
  password: attackerPassword,
  firstName: 'Olive',
  lastName: 'Open',
  jobTitle: 'Harbour Pilot',
  phone: '+1 202 555 0111',
  publicFields: ['job_title', 'phone'],
  links: [{ title: 'Site', url: 'https://olive.example.com', icon: 'website' }],
};
const shy: CardOwner = {
  username: 'sid-shy',
  email: 'sid@example.test',
  password: attackerPassword,
  firstName: 'Sid',
  lastName: 'Shy',
  jobTitle: 'Night Auditor',
  phone: '+1 202 555 0122',
  publicFields: ['job_title', 'phone'],
  isPrivate: true,
};
const linker: CardOwner = {
  username: 'lena-links',
  email: 'lena@example.test',
  password: attackerPassword,
  firstName: 'Lena',
  lastName: 'Links',
  publicFields: ['job_title'],
};
const mover: CardOwner = {
  username: 'max-mover',
  email: 'max@example.test',
  password: attackerPassword,
  firstName: 'Max',
  lastName: 'Mover',
  jobTitle: 'Courier',
  phone: '+1 202 555 0133',
  publicFields: ['job_title'],
};
export const ATTACK_INTRO_CARD_OWNERS = { open, shy, linker, mover };

/** profile-contacts.spec: an owner with 23 contacts, some of them hostile or long. */
const fillers: ContactSeed[] = Array.from({ length: 20 }, (_, index) => ({
  name: `Guest ${String(index + 1).padStart(2, '0')}`,
  company: 'Expo Visitors Ltd',
}));
// One word longer than a phone is wide must wrap, not widen the page.
fillers[19] = {
  ...fillers[19],
  name: 'Guest 20',
  company: 'Pneumonoultramicroscopicsilicovolcanoconiosis-Holdings',
};

const casey: CardOwner = {
  username: 'casey-contacts',
  email: 'casey@example.test',
  password: 'Blue-Harbour-42',
  firstName: 'Casey',
  lastName: 'Collector',
  publicFields: ['job_title'],
  contacts: [
    ...fillers,
    { name: "=cmd|' /C calc'!A0", email: 'formula@example.test', source: 'qr' },
    {
      name: 'Ravi Rao',
      phone: '+91 98765 43210',
      company: 'Rao Logistics',
      jobTitle: 'Founder',
      source: 'link',
    },
    {
      name: 'Nadia Novak',
      email: 'nadia.novak@example.test',
      phone: '+385 91 234 5678',
      company: 'Novak Design, d.o.o.',
      jobTitle: 'Creative Director',
      note: 'Met at the Zagreb meetup.\nWants a quote for 40 cards, "matte".',
      source: 'tap',
      cardSerial: 'ECD1DD829NKP',
    },
  ],
};
export const PROFILE_CONTACTS_OWNER = casey;

/** An admin for each spec that needs one, each with its own e-mail. */
export const RESIDENT_ADMINS = {
  privateCaching: { email: 'caching-admin@example.test', password: 'Blue-Harbour-42-admin' },
  personalisedOrder: { email: 'print-admin@example.test', password: 'Blue-Harbour-42' },
  teamPack: { email: 'team-admin@example.test', password: 'Blue-Harbour-42' },
};

const OWNERS: CardOwner[] = [
  ...Object.values(CARD_PAGE_OWNERS),
  ...Object.values(ATTACK_INTRO_CARD_OWNERS),
  PROFILE_CONTACTS_OWNER,
];

/** Writes every resident into a data directory prepared for a server (migrated and seeded), before it starts. */
export async function seedResidents(dataDir: string): Promise<void> {
  const release = acquireDataDirLock(dataDir, 'residents');
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await prepareDatabase(database);
      const storage = createMediaStore(database.db);
      for (const owner of OWNERS) await insertCardOwner(database.db, storage, owner);
      for (const admin of Object.values(RESIDENT_ADMINS)) await createAdmin(database.db, admin);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}
