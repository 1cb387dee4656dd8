import { SOCIAL_NETWORKS, type SocialNetwork } from './social-networks.ts';
import type { CardAddress, ContactCard } from './vcard.ts';

/**
 * The profile fields a contact card is made of: the own profile and the public one both have them.
 * `show_email` comes with the own profile only; a public one has its e-mail already left out ('').
 */
export type CardPerson = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company: string;
  job_title: string;
  bio: string;
  location: string;
  profile_image: string | null;
  show_email?: boolean;
} & Record<SocialNetwork, string>;

/** The one mapping from a profile to a contact: the page's download, its QR code and the public .vcf. */
export function contactCardOf(
  person: CardPerson,
  address?: CardAddress,
  photoJpegBase64?: string,
): ContactCard {
  return {
    firstName: person.first_name,
    lastName: person.last_name,
    // The owner's file and QR code are handed to others: they share what the public card shows.
    email: person.show_email === false ? undefined : person.email,
    phone: person.phone,
    company: person.company,
    jobTitle: person.job_title,
    bio: person.bio,
    location: person.location,
    socials: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, person[network]])),
    address,
    photoJpegBase64,
  };
}
