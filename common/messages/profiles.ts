import { MAX_LINKS } from '../profile-links.ts';
import {
  DEFAULT_PUBLIC_FIELDS,
  SWITCHABLE_FIELD_LABELS,
  SWITCHABLE_FIELDS,
  type SwitchableField,
} from '../profile-visibility.ts';

export const USER_NOT_FOUND = 'User not found';
/** The spec's toast for a refused profile save (the reason is shown beside its field). */
export const PROFILE_UPDATE_FAILED = 'Failed to update profile';
export const TOO_MANY_LINKS = `A card holds at most ${MAX_LINKS} links.`;
export const LINK_TITLE_NEEDED = 'Give the link a title.';
export const LINK_URL_RULE = 'Enter a link that starts with https://, http://, mailto: or tel:.';

/** Said under the username field once it differs from the current one, before the change is saved. */
export const USERNAME_CHANGE_NOTICE =
  'Changing your username changes your card page’s address. Your printed cards, QR codes and the links you have shared keep working: they lead to your new address. Your old username stays yours, and no one else can take it.';

/** "your name, photo, job title and phone": what a card with these switches on shows everyone. */
function shownList(shown: readonly SwitchableField[]): string {
  const parts = [
    'name',
    'photo',
    ...SWITCHABLE_FIELDS.filter((field) => shown.includes(field)).map((field) =>
      SWITCHABLE_FIELD_LABELS[field].toLowerCase(),
    ),
  ];
  return `your ${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** "it shows your name, photo and job title until you turn more on" */
function shownClause(shown: readonly SwitchableField[]): string {
  const more =
    shown.length === DEFAULT_PUBLIC_FIELDS.length && DEFAULT_PUBLIC_FIELDS.every((f) => shown.includes(f));
  return `it shows ${shownList(shown)}${more ? ' until you turn more on' : ''}`;
}

/**
 * Where the owner's card page is and what it shows: said on /profile (and, with its address as a link, in
 * the activation mail), so no one learns from a stranger that they have a public page.
 */
export function cardPageNotice(
  pageUrl: string,
  shown: readonly SwitchableField[] = DEFAULT_PUBLIC_FIELDS,
): string {
  return `Your card page is ${pageUrl}; ${shownClause(shown)}.`;
}

/** What a new card page shows, said after its address in the activation mail. */
export function cardPageShows(): string {
  const clause = shownClause(DEFAULT_PUBLIC_FIELDS);
  return `${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`;
}

export const NEW_CARD_NOTICE = `Once your account is active, your card page shows ${shownList(DEFAULT_PUBLIC_FIELDS)} until you turn more on.`;
