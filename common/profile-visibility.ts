import type { CardAccent } from './card-accents.ts';
import type { LinkIcon } from './profile-links.ts';

/** Contact fields whose owner chooses whether the public card shows them. Name and photo always show. */
export const SWITCHABLE_FIELDS = ['email', 'phone', 'company', 'job_title', 'location', 'bio'] as const;
export type SwitchableField = (typeof SWITCHABLE_FIELDS)[number];

/** What a new account shows besides its name and photo: the least that still makes a card. */
export const DEFAULT_PUBLIC_FIELDS: readonly SwitchableField[] = ['job_title'];

export const SWITCHABLE_FIELD_LABELS: Record<SwitchableField, string> = {
  email: 'E-mail',
  phone: 'Phone',
  company: 'Company',
  job_title: 'Job title',
  location: 'Location',
  bio: 'Bio',
};

export interface CardLink {
  id: number;
  title: string;
  url: string;
  icon: LinkIcon | null;
}

/** A link as its owner keeps it: the card shows it only while it is enabled. */
export interface OwnedLink extends CardLink {
  enabled: boolean;
}

/** Everything the owner keeps on their card, and their choices about it. */
export interface OwnedCard extends Record<SwitchableField, string> {
  username: string;
  first_name: string;
  last_name: string;
  profile_image: string | null;
  accent: CardAccent;
  public_fields: readonly SwitchableField[];
  links: readonly OwnedLink[];
}

/** What anyone else sees of a card: switched-off fields are empty, disabled links are gone. */
export interface PublicCard extends Record<SwitchableField, string> {
  username: string;
  first_name: string;
  last_name: string;
  profile_image: string | null;
  accent: CardAccent;
  links: CardLink[];
}

/**
 * The one rule for what a card shows to others. The page, the API, the public vCard, the QR code's contact
 * card and the preview image all go through it, so a switch turned off hides a field everywhere at once.
 */
export function publicCardOf(card: OwnedCard): PublicCard {
  const shown = new Set(card.public_fields);
  const fields = Object.fromEntries(
    SWITCHABLE_FIELDS.map((field) => [field, shown.has(field) ? card[field] : '']),
  ) as Record<SwitchableField, string>;
  return {
    username: card.username,
    first_name: card.first_name,
    last_name: card.last_name,
    profile_image: card.profile_image,
    accent: card.accent,
    ...fields,
    links: card.links
      .filter((link) => link.enabled)
      .map(({ id, title, url, icon }) => ({ id, title, url, icon })),
  };
}
