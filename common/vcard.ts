import { SOCIAL_NETWORKS } from './social-networks.ts';

export interface CardAddress {
  address: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
}

export interface ContactCard {
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  company?: string;
  jobTitle?: string;
  bio?: string;
  /** A map link (the profile's `location`). */
  location?: string;
  /** The card's links in order; `type` is the link's icon (linkedin, booking…) when it has one. */
  links?: { url: string; type?: string }[];
  /** The work address (the latest one). */
  address?: CardAddress;
  /** A JPEG, base64-encoded. */
  photoJpegBase64?: string;
  /** The owner's public card page: in a QR code it stands for the links left out. */
  profileUrl?: string;
}

/**
 * Text values escape backslash, comma and newlines; a semicolon only inside the components of a
 * structured value (N, ADR, ORG), where it separates them — parsers do not unescape it elsewhere.
 */
function escapeText(value: string, structured = false): string {
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/,/g, '\\,');
  return structured ? escaped.replace(/;/g, '\\;') : escaped;
}

const component = (value: string) => escapeText(value.trim(), true);

/** URIs carry no vCard escaping, but a line break would end the property: it cannot be part of one. */
function uri(value: string): string {
  return value.replace(/[\r\n]/g, '');
}

/** A code point's length in UTF-8, counted rather than encoded: exports fold thousands of lines. */
function utf8Octets(char: string): number {
  const point = char.codePointAt(0) ?? 0;
  return point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
}

/**
 * Folds a content line at 75 octets (RFC 2425 §5.8.1): CRLF and one space, never inside a UTF-8
 * character. Continuation lines hold 74 octets after their leading space.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = utf8Octets(char);
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function present(value: string | undefined): value is string {
  return !!value && value.trim() !== '';
}

function linkLines(card: ContactCard): string[] {
  const lines: string[] = [];
  if (present(card.location)) lines.push(`URL:${uri(card.location.trim())}`);
  for (const link of card.links ?? []) {
    if (!present(link.url)) continue;
    const url = uri(link.url.trim());
    const type = link.type && /^[a-z]+$/.test(link.type) ? link.type : undefined;
    // Apple Contacts reads X-SOCIALPROFILE; Google and Outlook drop it but keep a typed URL.
    if (type && (SOCIAL_NETWORKS as readonly string[]).includes(type)) {
      lines.push(`X-SOCIALPROFILE;TYPE=${type}:${url}`);
    }
    lines.push(type ? `URL;TYPE=${type}:${url}` : `URL:${url}`);
  }
  return lines;
}

/**
 * A vCard 3.0 for the card; address books differ, so social links are written both ways (see below).
 * `forQrCode` keeps what a scanned contact needs (name, phone, e-mail, work, address) and the profile link,
 * unfolded: the photo, bio and links would make the code too dense for a phone camera.
 */
export function buildVCard(card: ContactCard, options: { forQrCode?: boolean } = {}): string {
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0'];
  const first = card.firstName.trim();
  const last = card.lastName.trim();
  lines.push(`N:${component(last)};${component(first)};;;`);
  lines.push(`FN:${escapeText([first, last].filter(Boolean).join(' ') || card.email || 'Contact')}`);
  if (present(card.email)) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(card.email.trim())}`);
  if (present(card.phone)) lines.push(`TEL;TYPE=CELL:${escapeText(card.phone.trim())}`);
  if (present(card.company)) lines.push(`ORG:${component(card.company)}`);
  if (present(card.jobTitle)) lines.push(`TITLE:${escapeText(card.jobTitle.trim())}`);
  if (card.address) {
    const a = card.address;
    const parts = ['', '', a.address, a.city, a.state, a.postal_code, a.country].map(component);
    lines.push(`ADR;TYPE=WORK:${parts.join(';')}`);
  }
  if (options.forQrCode) {
    // A phone camera reads a code of about version 10 at a glance; every link would double that. The
    // profile link carries the map and the social links instead.
    if (present(card.profileUrl)) lines.push(`URL:${uri(card.profileUrl.trim())}`);
  } else {
    lines.push(...linkLines(card));
    if (present(card.bio)) lines.push(`NOTE:${escapeText(card.bio.trim())}`);
    if (card.photoJpegBase64) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${card.photoJpegBase64}`);
  }
  lines.push('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

const UNSAFE_IN_FILE_NAMES = '\\/:*?"<>|';

/** "Ada Lovelace" → "Ada_Lovelace.vcf"; characters file systems refuse are dropped. */
export function vcardFileName(firstName: string, lastName: string): string {
  const name = [...`${firstName} ${lastName}`.trim()]
    .filter((char) => char >= ' ' && !UNSAFE_IN_FILE_NAMES.includes(char))
    .join('')
    .replace(/\s+/g, '_');
  return `${name || 'contact'}.vcf`;
}
