import { type CardPerson, contactCardOf } from '../../common/contact-card';
import { buildVCard } from '../../common/vcard';

/**
 * The photo as base64 for the vCard. A relative path is fetched from this site (the stored photo is
 * always a JPEG: the server re-encodes uploads); a photo that cannot be loaded is left out.
 */
async function photoAsBase64(path: string | null): Promise<string | undefined> {
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

/** The card as a .vcf its owner hands out: what the public card shows (no address: that is theirs alone). */
export async function vcardOf(person: CardPerson): Promise<string> {
  return buildVCard(contactCardOf(person, undefined, await photoAsBase64(person.profile_image)));
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
