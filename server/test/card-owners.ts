import path from 'node:path';
import sharp from 'sharp';
import { CARD_ACCENTS, type CardAccent } from '../../common/card-accents.ts';
import type { LinkIcon } from '../../common/profile-links.ts';
import type { SwitchableField } from '../../common/profile-visibility.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../db/lock.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { profileLinks, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { createMediaStore, type MediaStorage } from '../storage/index.ts';
import { type ContactSeed, insertContacts } from './exchanged-contacts.ts';

/** A card owner for tests, screenshots and the Lighthouse run: an active account with its card filled in. */
export interface CardOwner {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  jobTitle?: string;
  company?: string;
  phone?: string;
  bio?: string;
  location?: string;
  accent?: CardAccent;
  publicFields: SwitchableField[];
  isPrivate?: boolean;
  /** A made-up portrait in the accent's colours (drawn here: no stock photo in the repository). */
  photo?: boolean;
  links?: { title: string; url: string; icon?: LinkIcon; enabled?: boolean }[];
  /** People who shared their details from the card page, oldest first. */
  contacts?: ContactSeed[];
}

/** A 800×800 JPEG that reads as a portrait at a glance: head and shoulders over a soft backdrop. */
async function madeUpPortrait(accent: CardAccent): Promise<Buffer> {
  const color = CARD_ACCENTS[accent].color;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <defs><radialGradient id="bg" cx="30%" cy="20%" r="90%"><stop offset="0" stop-color="#f4efe8"/><stop offset="1" stop-color="${color}"/></radialGradient></defs>
    <rect width="800" height="800" fill="url(#bg)"/>
    <ellipse cx="400" cy="830" rx="300" ry="260" fill="#2b2f36"/>
    <rect x="350" y="470" width="100" height="120" rx="40" fill="#d9a67e"/>
    <ellipse cx="400" cy="360" rx="140" ry="165" fill="#e5b48f"/>
    <path d="M255 350c0-140 70-200 150-200s150 60 145 200c-30-70-80-100-150-105-70 5-120 35-145 105z" fill="#3b2a20"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

export async function insertCardOwner(db: Db, storage: MediaStorage, owner: CardOwner): Promise<number> {
  const accent = owner.accent ?? 'ocean';
  const profileImage = owner.photo
    ? await storage.put(`profiles/${owner.username}-demo`, 'jpg', await madeUpPortrait(accent))
    : null;
  const [row] = await db
    .insert(users)
    .values({
      username: owner.username,
      email: owner.email,
      passwordHash: await hashPassword(owner.password),
      firstName: owner.firstName,
      lastName: owner.lastName,
      jobTitle: owner.jobTitle ?? '',
      company: owner.company ?? '',
      phone: owner.phone ?? '',
      bio: owner.bio ?? '',
      location: owner.location ?? '',
      accent,
      publicFields: owner.publicFields,
      profilePrivate: owner.isPrivate ?? false,
      profileImage,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error(`Could not insert ${owner.username}`);
  const links = owner.links ?? [];
  if (links.length > 0) {
    await db.insert(profileLinks).values(
      links.map((link, position) => ({
        userId: row.id,
        position,
        title: link.title,
        url: link.url,
        icon: link.icon ?? null,
        enabled: link.enabled ?? true,
      })),
    );
  }
  await insertContacts(db, row.id, owner.contacts ?? []);
  return row.id;
}

/**
 * Card owners written into a fresh data directory's embedded database before a server starts on it
 * (PGlite has one process at a time). Migrates and seeds the demo catalogue first, as the server would.
 */
export async function seedCardOwners(dataDir: string, owners: CardOwner[]): Promise<void> {
  const release = acquireDataDirLock(dataDir, 'card-owners');
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await prepareDatabase(database);
      const storage = createMediaStore(database.db);
      for (const owner of owners) await insertCardOwner(database.db, storage, owner);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/** Cards to look at and measure: a full one with a photo, and one with initials and a long name. */
export const DEMO_CARD_OWNERS: CardOwner[] = [
  {
    username: 'maya-lindqvist',
    email: 'maya@example.test',
    password: 'Blue-Harbour-42',
    firstName: 'Maya',
    lastName: 'Lindqvist',
    jobTitle: 'Head of Partnerships',
    company: 'Northwind Studio',
    phone: '+46 70 123 45 67',
    bio: 'I help design teams find the right partners. Happy to talk product, print and coffee.',
    location: 'https://www.openstreetmap.org/?mlat=59.3326&mlon=18.0649#map=16/59.3326/18.0649',
    accent: 'teal',
    publicFields: ['email', 'phone', 'company', 'job_title', 'location', 'bio'],
    photo: true,
    links: [
      { title: 'Book a 20-minute call', url: 'https://cal.example.com/maya', icon: 'booking' },
      { title: 'LinkedIn', url: 'https://www.linkedin.com/in/maya-example', icon: 'linkedin' },
      { title: 'Portfolio', url: 'https://maya.example.com/work', icon: 'portfolio' },
      { title: 'Instagram', url: 'https://www.instagram.com/maya.example', icon: 'instagram' },
      { title: 'GitHub', url: 'https://github.com/maya-example', icon: 'github' },
      { title: 'Studio website', url: 'https://northwind.example.com', icon: 'website' },
    ],
  },
  {
    username: 'bartholomew-okonkwo',
    email: 'bart@example.test',
    password: 'Blue-Harbour-42',
    firstName: 'Bartholomew Alexander',
    lastName: 'Okonkwo-Fitzgerald',
    jobTitle: 'Senior Infrastructure Reliability Engineer',
    company: 'Consolidated Maritime Logistics International',
    accent: 'plum',
    publicFields: ['job_title', 'company', 'email'],
    links: [
      { title: 'Personal website and writing about incident reviews', url: 'https://bart.example.org' },
    ],
  },
];
