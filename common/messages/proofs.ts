/** What the proof step says to customers and to the firm (the /proof page, /profile, /admin, the API). */
export const PROOF_NOTE_MAX_LENGTH = 1000;
export const PROOF_PDF_MAX_MB = 10;

export const PROOF_MESSAGES = {
  drawing: 'Drawing every card of the proof at print resolution: this takes a few seconds.',
  notFound: 'Proof not found.',
  notSentYet: 'We have not sent the proof of this order yet. It comes by e-mail as soon as it is ready.',
  linkInvalid:
    'This proof link is not valid. Open the newest proof e-mail, or review the proof from your profile.',
  notAwaiting: 'This order is not waiting for a proof any more.',
  notCorrectable:
    'This order is not awaiting its proof (or changes the customer asked for), so its cards cannot be corrected any more.',
  noDesigns: 'This order has no personalised cards to proof.',
  superseded: 'A newer proof of this order was sent: review that one instead.',
  decided: 'This proof has already been answered.',
  noteRequired: 'Tell us what to change.',
  noteTooLong: `The note is at most ${PROOF_NOTE_MAX_LENGTH} characters.`,
  firmNoteTooLong: 'The note to the customer is at most 500 characters.',
  pdfRequired: 'Choose the corrected proof as a PDF file.',
  pdfTooLarge: `The proof PDF must be at most ${PROOF_PDF_MAX_MB} MB.`,
  notAPdf: 'This file is not a PDF. Export the corrected proof as a PDF and upload that.',
  brokenPdf: 'This PDF is damaged or incomplete (its cross-reference table is missing). Export it again.',
  approved: 'Thank you: the proof is approved and your order is confirmed. We will print your cards now.',
  changesRequested: 'Thank you: we have your note and will send you a corrected proof.',
} as const;

/** How each proof status reads, for the customer and in /admin. */
export const PROOF_STATUS_LABELS = {
  sent: 'Waiting for the customer',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  superseded: 'Replaced by a newer version',
} as const;

/** The same statuses as the customer reads them on the proof page. */
export const PROOF_CUSTOMER_STATUS_LABELS = {
  ...PROOF_STATUS_LABELS,
  sent: 'Waiting for your answer',
} as const;

export const PROOF_SOURCE_LABELS = { generated: 'Generated', uploaded: 'Corrected upload' } as const;
