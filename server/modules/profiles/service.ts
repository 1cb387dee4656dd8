import { and, eq, sql } from 'drizzle-orm';
import { contactCardOf } from '../../../common/contact-card.ts';
import { ACCOUNT_MESSAGES } from '../../../common/messages/accounts.ts';
import { USER_NOT_FOUND } from '../../../common/messages/profiles.ts';
import { isClearableProfileField } from '../../../common/profile-fields.ts';
import { type OwnedCard, type OwnedLink, publicCardOf } from '../../../common/profile-visibility.ts';
import { buildVCard } from '../../../common/vcard.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { preparedPer } from '../../db/prepared.ts';
import { profileLinks, type UserRow, usernames, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { publishCardPages } from '../../http/card-page-changes.ts';
import { enforceLimit, refundHit } from '../../http/rate-limit.ts';
import { PROFILE_PHOTO, processImage } from '../../storage/image-upload.ts';
import type { MediaStorage } from '../../storage/index.ts';
import {
  type AccountChangeDeps,
  cancelEmailChange,
  notifyPasswordChange,
  requestEmailChange,
} from '../accounts/email-change.ts';
import { LIMITS } from '../accounts/limits.ts';
import { hashPassword, rejectWeakPassword, verifyPassword } from '../accounts/passwords.ts';
import { usableAccount } from '../accounts/status.ts';
import { mayTakeUsername, takeUsername } from '../accounts/usernames.ts';
import { CARD_CODE } from './printed-address.ts';
import type { PublicProfile, User } from './responses.ts';
import { type ProfileUpdate, usernameField } from './schemas.ts';
import { socialChangesOf, writeSocialLinks } from './social-fields.ts';
import { userView } from './user-view.ts';

const CURRENT_PASSWORD_NEEDED = 'Enter your current password to change your e-mail or password.';
const CURRENT_PASSWORD_WRONG = 'Current password is incorrect.';
const USERNAME_TAKEN = 'This username is taken.';

interface ProfilesDeps extends AccountChangeDeps {
  storage: MediaStorage;
}

const columnOf = {
  first_name: 'firstName',
  last_name: 'lastName',
  username: 'username',
  email: 'email',
  phone: 'phone',
  company: 'company',
  job_title: 'jobTitle',
  bio: 'bio',
  location: 'location',
} as const satisfies Record<string, keyof UserRow>;

function fieldError(field: string, detail: string, kind: 'bad_request' | 'conflict' = 'bad_request'): never {
  throw new AppError(kind, detail, { [field]: [detail] });
}

/**
 * Drops what must not change: empty values, except on the fields a user may empty (a social link they
 * removed). Runs before validation, so "" is never judged as a bad link.
 */
export function withoutEmptyFields(raw: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const clearable = isClearableProfileField(key);
    if (value.trim() !== '') kept[key] = value;
    else if (clearable) kept[key] = '';
  }
  return kept;
}

/**
 * Updates the signed-in user's own profile. A new e-mail or password needs the current password
 * (wrong guesses count like failed logins); a new e-mail waits for its confirmation link; a new photo
 * replaces the old file; a new password ends the other sessions and is announced to the account's address.
 */
export async function updateProfile(
  deps: ProfilesDeps,
  user: UserRow,
  input: ProfileUpdate,
  cleared: string[],
  photo: Buffer | undefined,
  currentSession: string | undefined,
): Promise<User> {
  const changes: Partial<Record<keyof UserRow, unknown>> = {};
  for (const [field, column] of Object.entries(columnOf)) {
    const value = input[field as keyof ProfileUpdate];
    if (value !== undefined) changes[column] = value;
  }
  for (const field of cleared) {
    if (field in columnOf) changes[columnOf[field as keyof typeof columnOf]] = '';
  }
  const socials = socialChangesOf(input, cleared);
  // The address changes only when the owner opens the link mailed to the new one.
  delete changes.email;

  const emailChanges = input.email !== undefined && input.email !== user.email;
  if (emailChanges || input.password !== undefined) {
    if (!input.current_password) fieldError('current_password', CURRENT_PASSWORD_NEEDED);
    const key = `current-password:${user.id}`;
    const counted = await enforceLimit(deps.db, key, LIMITS.login);
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      fieldError('current_password', CURRENT_PASSWORD_WRONG);
    }
    await refundHit(deps.db, key, counted);
  }
  if (input.password !== undefined) {
    await rejectWeakPassword(input.password, [
      `${input.first_name ?? user.firstName} ${input.last_name ?? user.lastName}`,
      input.email ?? user.email,
      user.email,
      input.username ?? user.username,
    ]);
    changes.passwordHash = await hashPassword(input.password);
  }
  const renamed = input.username !== undefined && input.username !== user.username;
  // A reserved name and one another account has or had are the same "taken": no more is told.
  if (renamed && !(await mayTakeUsername(deps.db, user.id, input.username as string))) {
    fieldError('username', USERNAME_TAKEN, 'conflict');
  }

  const jpeg = photo ? await processImage(photo, PROFILE_PHOTO, `user:${user.id}`) : undefined;
  const putPhoto = (bytes: Buffer) => deps.storage.put(`profiles/${user.id}`, 'jpg', bytes);
  const newPhoto = jpeg ? await putPhoto(jpeg) : undefined;
  if (newPhoto) changes.profileImage = newPhoto;

  let updated: UserRow | undefined;
  // The photo this update replaces, read under the row's lock: with two uploads at once, each removes
  // the one it replaced, not the one both saw at the start (which left the other's upload kept for ever).
  let replaced = user.profileImage;
  try {
    [updated] = await deps.db.transaction(async (tx) => {
      if (newPhoto) {
        const [row] = await tx
          .select({ profileImage: users.profileImage })
          .from(users)
          .where(eq(users.id, user.id))
          .for('update');
        replaced = row?.profileImage ?? null;
      }
      if (renamed && !(await takeUsername(tx, user, input.username as string))) {
        fieldError('username', USERNAME_TAKEN, 'conflict');
      }
      await writeSocialLinks(tx, user.id, socials);
      return tx
        .update(users)
        .set({ ...(changes as Partial<UserRow>), updatedAt: sql`now()` })
        .where(eq(users.id, user.id))
        .returning();
    });
  } catch (error) {
    // Kept if it is the photo already shown (the same picture sent again).
    if (newPhoto) await deps.storage.remove(newPhoto);
    // A race with another account taking the same username.
    if (isUniqueViolation(error)) fieldError('username', USERNAME_TAKEN, 'conflict');
    throw error;
  }
  if (!updated) throw new AppError('not_found', ACCOUNT_MESSAGES.notSignedIn);

  if (jpeg && newPhoto) {
    // Another upload of these same bytes may have been replaced, and so removed, between our put and our
    // update: stored again, they stay, since this profile now shows them (a no-op otherwise).
    await putPhoto(jpeg);
    if (replaced && replaced !== newPhoto) await deps.storage.remove(replaced);
  }
  // A new password ends every other session (a thief's included); this one stays signed in.
  if (input.password !== undefined) {
    await deps.sessions.destroyAllOf(user.id, currentSession);
    await notifyPasswordChange(deps, updated, 'changed');
  }
  if (emailChanges && input.email) {
    // The same answer whether or not the address is taken (the pending address shows either way).
    await requestEmailChange(deps, updated, input.email);
    updated = { ...updated, pendingEmail: input.email };
  } else if (input.email !== undefined && updated.pendingEmail) {
    // Sending the current address again takes back a change not yet confirmed.
    await cancelEmailChange(deps, user.id);
    updated = { ...updated, pendingEmail: null };
  }
  await publishCardPages(deps, user.username, updated.username);
  return userView(deps.db, updated);
}

/** What a card shows of its owner's row. */
const cardColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  company: users.company,
  jobTitle: users.jobTitle,
  location: users.location,
  bio: users.bio,
  profileImage: users.profileImage,
  accent: users.accent,
  publicFields: users.publicFields,
  profilePrivate: users.profilePrivate,
  cardCode: users.cardCode,
};
type CardColumns = Pick<UserRow, Exclude<keyof typeof cardColumns, 'id' | 'profilePrivate' | 'cardCode'>>;

/**
 * A card and its links (in the owner's order) in one round trip, prepared: every tap and every opened
 * card page reads it.
 */
const cardSelection = (db: Db) =>
  db
    .select({
      ...cardColumns,
      links: sql<OwnedLink[]>`coalesce((
        select json_agg(json_build_object('id', l.id, 'title', l.title, 'url', l.url, 'icon', l.icon,
          'enabled', l.enabled) order by l.position, l.id)
        from ${profileLinks} l where l.user_id = ${users}.id), '[]'::json)`,
    })
    .from(users);

const cardByUsername = preparedPer((db) =>
  cardSelection(db)
    .where(and(eq(users.username, sql.placeholder('username')), usableAccount()))
    .limit(1)
    .prepare('view_card'),
);

/** The card of the account that once had this name (asked only when no account has it now). */
const cardByFormerName = preparedPer((db) =>
  cardSelection(db)
    .innerJoin(usernames, eq(usernames.userId, users.id))
    .where(and(eq(usernames.name, sql.placeholder('username')), usableAccount()))
    .limit(1)
    .prepare('view_card_by_former_name'),
);

/** The card at this permanent address (`/p/{code}`). */
const cardByCode = preparedPer((db) =>
  cardSelection(db)
    .where(and(eq(users.cardCode, sql.placeholder('code')), usableAccount()))
    .limit(1)
    .prepare('view_card_by_code'),
);

function ownedCardOf(row: CardColumns, links: readonly OwnedLink[]): OwnedCard {
  return {
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    job_title: row.jobTitle,
    location: row.location,
    bio: row.bio,
    profile_image: row.profileImage,
    accent: row.accent,
    public_fields: row.publicFields,
    links,
  };
}

/** A card as someone opening it sees it, and whether that someone is its owner. */
export interface ViewedCard {
  profile: PublicProfile;
  /** The viewer owns the card: the page adds its "Edit" bar, and a private card shows to them alone. */
  own: boolean;
  private: boolean;
  /** The code of the owner's permanent address (`printedAddress`). */
  cardCode: string;
}

/**
 * Someone's card as `viewerId` (undefined: a visitor who is not signed in) may see it: what its owner
 * switched on. A private card, a disabled account and an unknown name are the same 404 to everyone but
 * the owner, so a private card cannot be told apart from none; so is a name no username can be, as typed
 * in a URL.
 */
export async function viewCard(db: Db, username: string, viewerId?: number): Promise<ViewedCard> {
  const name = usernameField.safeParse(username);
  if (!name.success) throw new AppError('not_found', USER_NOT_FOUND);
  const [current] = await cardByUsername(db).execute({ username: name.data });
  // A name the account gave up is still its own: what was printed or shared with it reaches it.
  const [row] = current ? [current] : await cardByFormerName(db).execute({ username: name.data });
  return viewedCardOf(row, viewerId);
}

/**
 * Whether `requested` (as typed in an address) is a name the card's owner gave up: `viewCard` found their
 * card under it, and pages send the visitor on to the name it has now.
 */
export function isFormerName(requested: string, profile: Pick<PublicProfile, 'username'>): boolean {
  const name = usernameField.safeParse(requested);
  return name.success && name.data !== profile.username;
}

/** The card at a permanent address (`/p/{code}`), shown as `viewCard` shows it. */
export async function viewCardAtCode(db: Db, code: string, viewerId?: number): Promise<ViewedCard> {
  const [row] = CARD_CODE.test(code) ? await cardByCode(db).execute({ code }) : [];
  return viewedCardOf(row, viewerId);
}

type CardRow = CardColumns & { id: number; profilePrivate: boolean; cardCode: string; links: OwnedLink[] };

function viewedCardOf(row: CardRow | undefined, viewerId: number | undefined): ViewedCard {
  const own = row !== undefined && row.id === viewerId;
  if (!row || (row.profilePrivate && !own)) throw new AppError('not_found', USER_NOT_FOUND);
  const profile = publicCardOf(ownedCardOf(row, row.links));
  return { profile, own, private: row.profilePrivate, cardCode: row.cardCode };
}

/** The card as `viewCard` shows it, as a vCard with the photo inlined (a JPEG: photos are re-encoded on upload). */
export async function publicVCard(
  db: Db,
  storage: MediaStorage,
  username: string,
  viewerId?: number,
): Promise<ViewedCard & { text: string }> {
  const card = await viewCard(db, username, viewerId);
  const { profile } = card;
  const photo = profile.profile_image ? await storage.read(profile.profile_image) : undefined;
  const text = buildVCard(contactCardOf(profile, undefined, photo?.toString('base64')));
  return { ...card, text };
}
