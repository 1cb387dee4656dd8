/** What the card page's "Share your details" form and `POST …/exchange/` say: one text for both. */

/** The button that opens the form. */
export const shareDetailsLabel = (firstName: string) => `Share your details with ${firstName}`;

/** The consent box's label: it says who receives what, and how. */
export const exchangeConsentLabel = (ownerName: string) =>
  `I agree that ${ownerName} receives these details: by e-mail and in their contacts on this site.`;

export const exchangeSent = (firstName: string) =>
  `Thank you! ${firstName} has your details. If you gave an e-mail address, a copy of what you shared is on its way to you.`;

export const EXCHANGE_MESSAGES = {
  /** Said above the form when a field needs another look (each field says what). */
  invalid: 'Please check the fields marked below.',
  consentNeeded: 'Tick the box to agree to share your details.',
  reachable: 'Enter an e-mail address or a phone number.',
  /** The owner on their own card: nothing to share with themselves. */
  ownCard: 'This is your own card: share it with the people you meet instead.',
  tooManyFromClient: 'You have shared your details many times in the last hour. Please try again later.',
  tooManyForOwner: 'This card has received many details in the last hour. Please try again later.',
  failed: 'Your details could not be sent. Please try again in a moment.',
} as const;
