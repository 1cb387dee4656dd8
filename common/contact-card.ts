import type { PublicCard } from './profile-visibility.ts';
import type { CardAddress, ContactCard } from './vcard.ts';

/** The fields of a card a contact is made of: always what the public card shows (`publicCardOf`). */
export type CardPerson = Omit<PublicCard, 'username' | 'accent'>;

/** The one mapping from a card to a contact: the page's download, its QR code and the public .vcf. */
export function contactCardOf(
  person: CardPerson,
  address?: CardAddress,
  photoJpegBase64?: string,
): ContactCard {
  return {
    firstName: person.first_name,
    lastName: person.last_name,
    email: person.email,
    phone: person.phone,
    company: person.company,
    jobTitle: person.job_title,
    bio: person.bio,
    location: person.location,
    links: person.links.map((link) => ({ url: link.url, type: link.icon ?? undefined })),
    address,
    photoJpegBase64,
  };
}
