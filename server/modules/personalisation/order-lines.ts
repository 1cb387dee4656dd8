import { fitProblems } from '../../../common/card-design/fit.ts';
import { lineDesigns } from '../../../common/card-design/line-designs.ts';
import type { PrintedCard, PrintField } from '../../../common/card-design/personalisation.ts';
import { PRINT_FIELD_LABELS } from '../../../common/card-design/personalisation.ts';
import { PERSONALISATION_MESSAGES } from '../../../common/messages/personalisation.ts';
import type { CardRow } from '../../db/schema/index.ts';
import type { PrintedCardInput } from './schemas.ts';

const usedFields = (printed: PrintedCard): PrintField[] =>
  (['name', 'title', 'company', 'logo', 'signature', 'qr'] as const).filter((field) => {
    const value = printed[field];
    return value !== undefined && value !== false && value !== '';
  });

/**
 * Why a line's personalisation cannot be ordered as it is, judged on the card alone (what the catalogue offers,
 * the pack's size, whether the text fits, the team's e-mails), so the cart's quote says it too; the buyer's
 * uploads are checked when the order is made.
 */
export function personalisationProblem(
  card: CardRow,
  entries: PrintedCardInput[] | undefined,
): string | undefined {
  if (!entries) return undefined;
  if (card.personalFields.length === 0) return PERSONALISATION_MESSAGES.notOffered(card.name);
  if (entries.length !== card.packSize) return PERSONALISATION_MESSAGES.packSize(card.name, card.packSize);
  return linePrintedProblem(card.name, card.personalFields, lineDesigns(entries));
}

/**
 * Why a line's printed cards cannot be printed as they are: each prints something the card offers, fits, and
 * no team member's card carries the buyer's QR or shares a member's e-mail with another card of the line.
 * The buyer's order and the firm's correction of it are judged alike.
 */
export function linePrintedProblem(
  cardName: string,
  fields: readonly string[],
  designs: Array<{ printed: PrintedCard; memberEmail: string | null | undefined }>,
): string | undefined {
  const emails = new Set<string>();
  for (const { printed, memberEmail } of designs) {
    const used = usedFields(printed);
    if (used.length === 0) return PERSONALISATION_MESSAGES.needsSomething;
    const missing = used.find((field) => !fields.includes(field));
    if (missing) return PERSONALISATION_MESSAGES.fieldNotOffered(cardName, PRINT_FIELD_LABELS[missing]);
    const [unfit] = fitProblems(printed, fields);
    if (unfit) return unfit.message;
    if (memberEmail) {
      if (printed.qr) return PERSONALISATION_MESSAGES.memberQr;
      if (emails.has(memberEmail)) return PERSONALISATION_MESSAGES.memberTwice;
      emails.add(memberEmail);
    }
  }
  return undefined;
}
