export const CARD_PAYMENT_MESSAGES = {
  nothingOwed: 'Nothing is owed on this order.',
  cancelled: 'This order was cancelled, so there is nothing to pay.',
  tooMany: 'You have started several card payments in a short time. Please wait a while before trying again.',
  unreachable: 'Card payments cannot be reached just now. Please try again in a few minutes.',
  refundAmount: 'Enter an amount like 12 or 12.50, above zero.',
  refundReason: 'Say why the money is given back (up to 500 characters).',
  refundTooLarge: (amount: string) =>
    `At most ${amount} can be refunded to a card: what was paid by card and not yet given back.`,
  refundRefused: (message: string) => `Stripe refused the refund: ${message}`,
  refundKey: 'Reload the page and fill in the refund again.',
  refundAlreadySent:
    'This refund was already sent. The order’s payments show what went back to the card; reload the page to refund more.',
  refundPartlyMade: (made: string, notMade: string, why: string) =>
    `${made} was refunded to the card, but ${notMade} was not. ${why} Reload the page to refund the rest if it should still go back.`,
  badSignature: 'The webhook signature is missing, wrong or too old.',
  notYetKnown: 'The payment this event is about is not recorded yet; it will be when Stripe sends it again.',
} as const;
