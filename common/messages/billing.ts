/** What the invoice downloads answer when there is nothing to give (someone else's order reads the same). */
export const BILLING_MESSAGES = {
  invoiceNotFound: 'Invoice not found.',
  creditNoteNotFound: 'Credit note not found.',
} as const;
