import { MAX_SERIAL_BATCH } from '../limits.ts';

/** The spec's statuses of a verification result. */
export const VERIFICATION_STATUS = {
  genuine: 'Genuine product',
  repeated: (n: number) => `Genuine product — verified ${n} times`,
  limit: 'Verification limit reached',
  blocked: 'This serial number has been blocked',
  sku: 'Known product — enter the serial number on your card to verify it',
  notFound: 'Not found',
} as const;

/**
 * What a printed-serial check proves, and whether it counted, beside the spec's status (issue 18). The
 * secure chip's own proof is the card page's badge, quoted here word for word.
 */
export const VERIFY_PROOF = {
  heading: 'What this check proves',
  serialExists: 'This serial exists in our registry.',
  printedCanBeCopied:
    'A printed serial can be copied, so it cannot prove that the card in your hand is the original.',
  chipProvesItself: (badge: string) =>
    `A card with a secure chip proves itself when tapped: its page then shows “${badge}”.`,
  alreadyCounted: 'Already counted for you today: checking again does not change the count.',
  notCountedForeign:
    'Not counted: this page was opened from another website. Press Verify to count your own check.',
  notCounted: 'This check was not counted.',
} as const;

export const ENTER_CODE = 'Please enter a serial number or SKU.';

/** A tap on a card whose serial the firm has blocked. */
export const CARD_DEACTIVATED = 'This card has been deactivated.';

/** The admin's serial registry. */
export const SERIAL_ADMIN_MESSAGES = {
  batchCount: `The count must be a whole number from 1 to ${MAX_SERIAL_BATCH}.`,
  chooseCsv: 'Choose a CSV file.',
  secureChip: 'Secure chip (NTAG 424 DNA)',
  secureChipHint:
    "The CSV lists each card's link and chip settings for the encoding station. The chip keys are never shown here: export them on the server with",
  secureChipKeysCommand: 'npm run serials -- keys --serials batch.csv --keys keys.csv',
  secureChipUnavailable:
    'Secure chips need a SUN master key in the server configuration (SUN_MASTER_KEY_V1; make one with openssl rand -hex 16).',
} as const;
