import { MAX_PACK_SIZE, MAX_PRINTED_PER_ORDER } from '../card-design/personalisation.ts';

/** What the shop says about a personalised line: the card page shows these before ordering, the server refuses with them. */
export const PERSONALISATION_MESSAGES = {
  printFileNotReady: 'This card’s print file is still being made. Please try again in a minute.',
  printFileBeingMade: 'Print file being made…',
  printFiles: (ready: number, total: number) =>
    ready === total ? `Print files: all ${total} ready` : `Print files: ${ready} of ${total} ready`,
  notOffered: (card: string) => `“${card}” is not personalised: remove the printed details from this line.`,
  fieldNotOffered: (card: string, field: string) => `“${card}” does not offer “${field}”.`,
  packSize: (card: string, size: number) =>
    size === 1
      ? `“${card}” takes one set of printed details.`
      : `“${card}” takes ${size} sets of printed details, one per card.`,
  needsSomething: 'Add at least one detail to print, or order the card without personalisation.',
  tooMany: `At most ${MAX_PACK_SIZE} printed cards per line.`,
  tooManyPrinted: `An order has at most ${MAX_PRINTED_PER_ORDER} printed cards: place another order for the rest.`,
  unknownUpload: 'That picture is not one of your uploads: upload it again.',
  uploadKind: (expected: string) =>
    `That picture was uploaded as something else: upload it again as the ${expected}.`,
  memberEmail: 'Enter a valid e-mail address for this team member.',
  memberTwice: 'Each team member’s e-mail can be used once per pack.',
  cardTwice: 'Each printed card can be corrected once per proof.',
  notOnOrder: 'That printed card is not on this order.',
  notOrderedPicture: 'A correction can keep or remove a picture on the order, not add another one.',
  nothingCorrected: 'Nothing was changed: correct a card’s details before sending the corrected proof.',
  memberQr: 'The QR code opens your own card page, so it cannot go on a team member’s card: untick it there.',
} as const;
