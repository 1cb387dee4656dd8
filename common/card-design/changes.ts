import type { PrintedCard } from './personalisation.ts';

/** A printed card as two proof versions are compared: what it prints and who it is for. */
interface ComparedCard {
  id: number;
  printed: PrintedCard;
  memberEmail?: string | null | undefined;
}

const TEXTS = [
  ['name', 'Name'],
  ['title', 'Job title'],
  ['company', 'Company'],
] as const;
const PICTURES = [
  ['logo', 'Logo'],
  ['signature', 'Signature'],
] as const;

const shown = (text: string | null | undefined) => (text ? text : '(none)');

/**
 * What changed from one version's cards to the next, in words ("Name: Cora Smiht → Cora Smith"), card by
 * card (a card is named by its number when the order has several). Cards are matched by their row.
 */
export function cardChanges(before: ComparedCard[], after: ComparedCard[]): string[] {
  const changes: string[] = [];
  after.forEach((card, index) => {
    const old = before.find((item) => item.id === card.id);
    if (!old) return;
    const prefix = after.length > 1 ? `Card ${index + 1} · ` : '';
    for (const [field, label] of TEXTS) {
      if ((old.printed[field] ?? '') !== (card.printed[field] ?? '')) {
        changes.push(`${prefix}${label}: ${shown(old.printed[field])} → ${shown(card.printed[field])}`);
      }
    }
    for (const [field, label] of PICTURES) {
      const was = old.printed[field];
      const now = card.printed[field];
      if (was === now) continue;
      changes.push(
        `${prefix}${label} ${now === undefined ? 'removed' : was === undefined ? 'added' : 'replaced'}`,
      );
    }
    if (Boolean(old.printed.qr) !== Boolean(card.printed.qr)) {
      changes.push(`${prefix}QR code on the back ${card.printed.qr ? 'added' : 'removed'}`);
    }
    if ((old.memberEmail ?? '') !== (card.memberEmail ?? '')) {
      changes.push(`${prefix}Team member: ${shown(old.memberEmail)} → ${shown(card.memberEmail)}`);
    }
  });
  return changes;
}
