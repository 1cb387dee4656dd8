import type { PrintedCard } from './personalisation.ts';
import { printedText } from './printed-text.ts';

/** A printed card as the cart and the order request carry it: what to print, and the team member it is for. */
export interface PersonalisationEntry {
  name?: string | undefined;
  title?: string | undefined;
  company?: string | undefined;
  logo?: number | undefined;
  signature?: number | undefined;
  qr?: boolean | undefined;
  member_email?: string | undefined;
}

/** One card of a personalised line as it will be printed, and the team member it is for. */
interface LineDesign {
  printed: PrintedCard;
  memberEmail: string | undefined;
}

/** Empty texts are no text; fields are kept in one order so equal personalisations compare equal. */
export function lineDesigns(entries: PersonalisationEntry[]): LineDesign[] {
  return entries.map((entry) => {
    const printed: PrintedCard = {};
    const name = printedText(entry.name);
    const title = printedText(entry.title);
    const company = printedText(entry.company);
    if (name) printed.name = name;
    if (title) printed.title = title;
    if (company) printed.company = company;
    if (entry.logo !== undefined) printed.logo = entry.logo;
    if (entry.signature !== undefined) printed.signature = entry.signature;
    if (entry.qr) printed.qr = true;
    return { printed, memberEmail: entry.member_email?.trim().toLowerCase() || undefined };
  });
}

/**
 * The same personalisation, however its keys were ordered or spaced, gives the same key: with the card and
 * design it is a cart line's identity (same card, other text: another line) and part of an order's request hash.
 */
export function personalisationKey(entries: PersonalisationEntry[] | undefined): string {
  if (!entries) return '';
  return JSON.stringify(
    lineDesigns(entries).map(({ printed, memberEmail }) => [
      printed.name ?? '',
      printed.title ?? '',
      printed.company ?? '',
      printed.logo ?? 0,
      printed.signature ?? 0,
      printed.qr ?? false,
      memberEmail ?? '',
    ]),
  );
}

/** A line's identity in the cart and in an order: the same card in the same design with other printed details is another line. */
export function orderLineKey(
  card: number,
  design: string,
  personalisation: PersonalisationEntry[] | undefined,
): string {
  return `${card}\u0000${design}\u0000${personalisationKey(personalisation)}`;
}
