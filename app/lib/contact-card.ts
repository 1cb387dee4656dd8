import type { Address } from '../../server/modules/addresses/responses';
import type { PublicProfile } from '../../server/modules/profiles/responses';
import { buildVCard, type ContactCard, SOCIAL_NETWORKS } from './vcard';

/**
 * The profile fields a contact card is made of: the own profile and the public one both have them.
 * `show_email` comes with the own profile only; a public one has its e-mail already left out ('').
 */
export type CardPerson = Omit<PublicProfile, 'username'> & { show_email?: boolean };

export function contactCardOf(person: CardPerson, address?: Address, photoJpegBase64?: string): ContactCard {
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

/**
 * The photo as base64 for the vCard. A relative path is fetched from this site (the stored photo is
 * always a JPEG: the server re-encodes uploads); a photo that cannot be loaded is left out.
 */
export async function photoAsBase64(path: string | null): Promise<string | undefined> {
  if (!path) return undefined;
  try {
    const response = await fetch(new URL(path, window.location.origin), { credentials: 'same-origin' });
    if (!response.ok || response.headers.get('content-type') !== 'image/jpeg') return undefined;
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  } catch {
    return undefined;
  }
}

export async function vcardOf(person: CardPerson, address?: Address): Promise<string> {
  return buildVCard(contactCardOf(person, address, await photoAsBase64(person.profile_image)));
}

/** Hands a generated file to the browser as a download. */
export function downloadFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
